"""Reading matches for pages, sheets and the API: a fixed number of queries whatever the size."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, prefetch_related_objects
from django.shortcuts import get_object_or_404

from competitions.models import SEATS, Match, MatchSeat, MatchSide
from scoring.models import AuditEntry, Deal


def match_with_sheet(pk: int) -> Match:
    """A match with its competition, seats and players, sides and entrants, and deals (5 queries)."""
    queryset = Match.objects.select_related(
        "round__competition__club", "round__evening", "fixture", "entered_by", "confirmed_by"
    ).prefetch_related(*_sheet_prefetches())
    return get_object_or_404(queryset, pk=pk)


def _sheet_prefetches() -> list[Prefetch]:
    """What a sheet shows besides the match row: seats and players, sides and entrants, deals."""
    return [
        Prefetch("seats", queryset=MatchSeat.objects.select_related("player")),
        Prefetch("match_sides", queryset=MatchSide.objects.select_related("entrant")),
        Prefetch("deals", queryset=Deal.objects.order_by("number")),
    ]


def match_for_api(pk: int) -> Match:
    """A match as the API shows it: competition and club, seats and players, sides and entrants,
    deals (4 queries). Leaner than :func:`match_with_sheet` (no evening, fixture or the users who
    entered and confirmed it, which the API does not show): it is read on every save."""
    queryset = Match.objects.select_related("round__competition__club").prefetch_related(*_sheet_prefetches())
    return get_object_or_404(queryset, pk=pk)


def sheet_for_api(match: Match) -> Match:
    """:func:`match_for_api` for a match just loaded with its competition and club (the one a save
    returns): its seats, sides and deals as they are now. 1 query after a save (its seats: the save
    hands over the sides and deals it wrote, ``services_sides.remember_rows``), else 3."""
    prefetch_related_objects([match], *_sheet_prefetches())
    return match


@dataclass(frozen=True)
class SideView:
    index: int
    label: str  # "wij" / "zij" or the seat of a three-player table
    name: str  # the pair or team, or the players' names
    players: list[str]
    total: int


def seats_in_order(match: Match) -> list[MatchSeat]:
    return sorted(match.seats.all(), key=lambda s: SEATS.index(s.seat))


def sides_of(match: Match) -> list[SideView]:
    """The sides of a match with their names and players, from the prefetched rows."""
    by_side: dict[int, list[str]] = {}
    for seat in seats_in_order(match):
        by_side.setdefault(seat.side, []).append(seat.player.name)
    match_sides = {s.side: s for s in match.match_sides.all()}
    labels = ("wij", "zij") if match.sides == 2 else ("N", "E", "S")
    out = []
    for index in range(match.sides):
        side = match_sides.get(index)
        players = by_side.get(index, [])
        name = side.entrant.name if side is not None and side.entrant_id else " & ".join(players) or labels[index]
        out.append(SideView(index, labels[index], name, players, side.total if side else 0))
    return out


def audit_trail(match: Match, limit: int = 50):
    return AuditEntry.objects.filter(match=match).select_related("user").order_by("-at", "-id")[:limit]
