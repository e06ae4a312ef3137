"""The movement card of a fixed-pairs competition played in one hall on one evening: which pair
meets which at which table in each round, who stays and who moves (``pairings.pair_movement``).
Reads; the page (``competitions.movement.views``) and the PDF (``competitions.movement.pdf``) show what this returns."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from competitions.models import Competition, Entrant
from competitions.pairings.movement import MAX_PAIRS, MIN_PAIRS, NS, Movement, Stop, pair_movement


class MovementUnavailable(ValueError):
    """This competition has no movement card; the message says why."""


@dataclass(frozen=True)
class TableLine:
    """One round at one table: the pairs (1-based numbers and names) and where they go next."""

    round: int
    ns: int
    ns_name: str
    ew: int
    ew_name: str
    ns_next: str
    ew_next: str


@dataclass(frozen=True)
class MovementCard:
    competition: Competition
    entrants: list[Entrant]
    movement: Movement
    tables: list[list[TableLine]]  # per table, its rounds
    routes: list[tuple[int, str, list[str]]]  # per pair: number, name, where it plays each round


def line_label(line: str | None) -> str:
    return _("N–S") if line == NS else _("E–W")


def stop_label(stop: Stop) -> str:
    if stop.table is None:
        return _("rest")
    return _("table %(table)s %(line)s") % {"table": stop.table, "line": line_label(stop.line)}


def next_label(now: Stop, then: Stop | None) -> str:
    if then is None:
        return "—"
    if (then.table, then.line) == (now.table, now.line):
        return _("stays")
    return _("to %(stop)s") % {"stop": stop_label(then)}


def movement_card(competition: Competition) -> MovementCard:
    """The card of a fixed-pairs competition, its pairs numbered in seed order (then name)."""
    if competition.format != Competition.Format.PAIRS:
        raise MovementUnavailable(_("A movement card is for competitions of fixed pairs."))
    entrants = list(competition.entrants.order_by("seed", "name", "pk"))
    if not MIN_PAIRS <= len(entrants) <= MAX_PAIRS:
        raise MovementUnavailable(
            _("A movement needs %(low)s to %(high)s pairs; this competition has %(count)s.")
            % {"low": MIN_PAIRS, "high": MAX_PAIRS, "count": len(entrants)}
        )
    movement = pair_movement(len(entrants))
    routes = [movement.route(p) for p in range(len(entrants))]
    tables: list[list[TableLine]] = [[] for _ in range(movement.tables)]
    count = len(movement.rounds)
    for r, meetings in enumerate(movement.rounds):
        for m in meetings:
            after = r + 1 < count
            tables[m.table - 1].append(
                TableLine(
                    round=r + 1,
                    ns=m.ns + 1,
                    ns_name=entrants[m.ns].name,
                    ew=m.ew + 1,
                    ew_name=entrants[m.ew].name,
                    ns_next=next_label(routes[m.ns][r], routes[m.ns][r + 1] if after else None),
                    ew_next=next_label(routes[m.ew][r], routes[m.ew][r + 1] if after else None),
                )
            )
    pair_routes = [(p + 1, entrants[p].name, [stop_label(s) for s in routes[p]]) for p in range(len(entrants))]
    return MovementCard(competition, entrants, movement, tables, pair_routes)
