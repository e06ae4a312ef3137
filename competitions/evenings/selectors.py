"""Reads for the evening's result ("uitslag van de avond"): each round's tables with who sat on
each side and the sides' totals. Three queries, whatever the number of rounds and tables; and whether
the evening is over (``evening_over``: one query)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Exists, OuterRef, Prefetch, Q

from competitions.models import SEATS, Attendance, Bye, Evening, Match, MatchSeat, MatchSide, Round, SitOut


@dataclass
class SideLine:
    players: list[str]
    total: int | None  # None: not confirmed yet


@dataclass
class TableLine:
    table: int
    status: str
    sides: list[SideLine] = field(default_factory=list)


@dataclass
class RoundLines:
    round: Round
    tables: list[TableLine]

    @property
    def complete(self) -> bool:
        return bool(self.tables) and all(t.status == Match.Status.CONFIRMED for t in self.tables)


def evening_rounds(evening: Evening) -> list[RoundLines]:
    """The evening's published rounds, table by table (totals only where confirmed)."""
    matches = Match.objects.order_by("table").prefetch_related(
        Prefetch("seats", queryset=MatchSeat.objects.select_related("player")),
        Prefetch("match_sides", queryset=MatchSide.objects.order_by("side")),
    )
    rounds = (
        Round.objects.filter(evening=evening, status=Round.Status.PUBLISHED)
        .select_related("evening")
        .prefetch_related(Prefetch("matches", queryset=matches))
        .order_by("number")
    )
    result = []
    for round in rounds:
        tables = []
        for match in round.matches.all():
            seats = sorted(match.seats.all(), key=lambda s: SEATS.index(s.seat))
            confirmed = match.status == Match.Status.CONFIRMED
            totals = {s.side: s.total for s in match.match_sides.all()}
            sides = [
                SideLine(
                    players=[s.player.name for s in seats if s.side == side],
                    total=totals.get(side) if confirmed else None,
                )
                for side in range(match.sides)
            ]
            tables.append(TableLine(table=match.table, status=match.status, sides=sides))
        result.append(RoundLines(round=round, tables=tables))
    return result


def evening_complete(rounds: list[RoundLines], planned: int) -> bool:
    """Every planned round is published and every table of it confirmed."""
    return len(rounds) >= planned and all(r.complete for r in rounds)


def evening_over(evening_id: int, planned: int) -> bool:
    """:func:`evening_complete` read straight from the database (one query, no tables loaded): the
    evening's ``planned`` rounds (the competition's ``rounds_per_evening``) are published, each has
    tables, and every table is confirmed. How an evening ends: there is no "close" button."""
    published = Round.objects.filter(evening_id=evening_id, status=Round.Status.PUBLISHED)
    counts = published.aggregate(
        rounds=Count("id", distinct=True),
        with_tables=Count("id", distinct=True, filter=Q(matches__isnull=False)),
        open=Count("matches", filter=~Q(matches__status=Match.Status.CONFIRMED)),
    )
    return counts["rounds"] >= planned and counts["with_tables"] == counts["rounds"] and counts["open"] == 0


@dataclass(frozen=True)
class OffTable:
    """Someone of the round without a seat in it: ``why`` is "bye" (drawn out), "late" (a late
    arrival sitting the round out) or "out" (sits the round out)."""

    name: str
    why: str


def off_table(round_: Round) -> list[OffTable]:
    """Who has no table in ``round_``: its byes and, on a club evening, who sits it out (a late
    arrival marked "late"). One query, two on a club evening."""
    people = [
        OffTable(name, "bye") for name in Bye.objects.filter(round=round_).values_list("entrant__name", flat=True)
    ]
    if round_.evening_id is not None:
        late = Attendance.objects.filter(
            evening_id=round_.evening_id, player_id=OuterRef("player_id"), arrived_late=True
        )
        out = SitOut.objects.filter(round=round_).select_related("player").annotate(late=Exists(late))
        people += [OffTable(sit_out.player.name, "late" if sit_out.late else "out") for sit_out in out]
    return people
