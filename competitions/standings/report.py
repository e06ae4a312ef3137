"""The evening's report for the local paper and the club's site (issue 26 item 14): one generated
paragraph, in the page's language (Dutch by default), as local papers print them today — the
evening's winner and score, the top 5, the highest game (the highest side total at one table), the
season's standing after this evening, and the points champion when the competition has one.

``evening_report(evening)`` reads the evening's result, the season standings as they stood after
this evening (``standings(up_to_evening=…)``) and the highest game: a fixed number of queries.
"""

from __future__ import annotations

from django.utils import formats
from django.utils.translation import gettext as _

from competitions.models import Evening, Match, MatchSide
from competitions.standings import evening_results, standings
from competitions.standings.metrics import StandingRow
from core.numbers import number_text

TOP = 5


def _names(rows: list[StandingRow]) -> str:
    names = [r.name for r in rows]
    if len(names) < 2:
        return "".join(names)
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def _number(value) -> str:
    """A whole number as it is (grouped: 12.345), else one decimal rounded half up (16,25 → 16,3), as
    the standings page shows it: ``core.numbers``, never the cut-off of Django's number_format."""
    return number_text(value, 0 if value == int(value) else 1, grouping=True)


def highest_game(evening: Evening) -> tuple[int, list[str], int | None, int] | None:
    """(total, the side's players, round of the evening, table) of the highest side total of the
    evening's confirmed tables; None without results. Two queries."""
    side = (
        MatchSide.objects.filter(match__round__evening=evening, match__status=Match.Status.CONFIRMED)
        .select_related("match__round")
        .order_by("-total", "match__round__number", "match__table")
        .first()
    )
    if side is None:
        return None
    players = [
        f"{first} {last}".strip()
        for first, last in side.match.seats.filter(side=side.side)
        .order_by("seat")
        .values_list("player__first_name", "player__last_name")
    ]
    round_ = side.match.round
    return side.total, players, round_.evening_round or round_.number, side.match.table


def evening_report(evening: Evening, rows: list[StandingRow] | None = None) -> str:
    """The paragraph; ``rows``: the evening's result when the caller has it already."""
    competition = evening.competition
    rows = evening_results(evening) if rows is None else rows
    if not rows:
        return ""
    when = formats.date_format(evening.date, "l j F Y") if evening.date else ""
    parts = [
        _(
            "On the club evening of %(date)s of %(club)s (%(competition)s, evening %(number)s) %(count)s players took part."
        )
        % {
            "date": when,
            "club": competition.club.name,
            "competition": competition.name,
            "number": evening.number,
            "count": len(rows),
        }
        if when
        else _("On club evening %(number)s of %(club)s (%(competition)s) %(count)s players took part.")
        % {"club": competition.club.name, "competition": competition.name, "number": evening.number, "count": len(rows)}
    ]
    winners = [r for r in rows if r.rank == 1]
    parts.append(
        _("The evening was won by %(names)s with %(points)s points.")
        % {"names": _names(winners), "points": _number(winners[0].points)}
    )
    cut = rows[min(TOP, len(rows)) - 1].rank  # players level with the fifth are in the top 5 too
    top = [r for r in rows if r.rank <= cut]
    parts.append(
        _("The top %(n)s: %(list)s.")
        % {"n": TOP, "list": ", ".join(f"{r.rank_label}. {r.name} {_number(r.points)}" for r in top)}
    )
    best = highest_game(evening)
    if best is not None:
        total, players, round_number, table = best
        parts.append(
            _("The highest game was %(points)s, by %(players)s (round %(round)s, table %(table)s).")
            % {"points": _number(total), "players": " & ".join(players), "round": round_number, "table": table}
        )
    season = standings(competition, up_to_evening=evening.number)
    leaders = [r for r in season if r.rank == 1]
    if leaders:
        parts.append(
            _("Season standing after this evening: at the top %(names)s with %(points)s points, then %(next)s.")
            % {
                "names": _names(leaders),
                "points": _number(leaders[0].points_display),
                "next": ", ".join(
                    f"{r.name} ({_number(r.points_display)})" for r in season[len(leaders) : len(leaders) + 2] if r.rank
                )
                or "—",
            }
        )
    champions = [r for r in season if r.points_champion]
    if competition.points_champion and champions:
        parts.append(
            _("Points champion so far (every evening added up): %(names)s with %(points)s points.")
            % {"names": _names(champions), "points": _number(champions[0].points_total)}
        )
    return " ".join(parts)
