"""Reading matches for pages, sheets and the API: a fixed number of queries whatever the size."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404

from competitions.models import SEATS, Competition, Match, MatchSeat, MatchSide
from core.compass import seat_label
from core.prepared import PreparedQuery, as_prefetched, prefetched
from scoring.models import AuditEntry, Deal

#: The queries of a sheet, built once per process (``core.prepared``): a match page and
#: every save read them, and building their SQL cost more than running it.
_MATCH_WITH_SHEET = PreparedQuery(
    lambda pk: Match.objects.select_related(
        "round__competition__club", "round__evening", "fixture", "entered_by", "confirmed_by"
    ).filter(pk=pk),
    int,
)
_MATCH_FOR_API = PreparedQuery(lambda pk: Match.objects.select_related("round__competition__club").filter(pk=pk), int)
_SEATS = PreparedQuery(lambda pk: MatchSeat.objects.select_related("player").filter(match_id=pk), int)
_SIDES = PreparedQuery(lambda pk: MatchSide.objects.select_related("entrant").filter(match_id=pk), int)
_DEALS = PreparedQuery(lambda pk: Deal.objects.filter(match_id=pk).order_by("number"), int)
_SHEET_ROWS: dict[str, PreparedQuery] = {"seats": _SEATS, "match_sides": _SIDES, "deals": _DEALS}
ID_MAX = 2**63 - 1  # the largest id the columns hold: a larger number is no match, not a database error


def _one(query: PreparedQuery[Match], pk: int) -> Match:
    found = query.objects(pk) if 0 < pk <= ID_MAX else []
    if not found:
        raise Http404("No match with this id.")
    return found[0]


def match_with_sheet(pk: int) -> Match:
    """A match with its competition, seats and players, sides and entrants, and deals (4 queries)."""
    return with_sheet_rows(_one(_MATCH_WITH_SHEET, pk))


def match_for_api(pk: int) -> Match:
    """A match as the API shows it: competition and club, seats and players, sides and entrants,
    deals (4 queries). Leaner than :func:`match_with_sheet` (no evening, fixture or the users who
    entered and confirmed it, which the API does not show): it is read on every save."""
    return with_sheet_rows(_one(_MATCH_FOR_API, pk))


def match_with_club(pk: int) -> Match | None:
    """A match with its round, competition and club (1 query), or None: what a save starts from."""
    found = _MATCH_FOR_API.objects(pk) if 0 < pk <= ID_MAX else []
    return found[0] if found else None


def with_sheet_rows(match: Match, **known: list) -> Match:
    """``match`` with its seats and players, sides and entrants, and deals as if prefetched: one
    query for each that is not in ``known`` (rows a save just wrote, ``scoring.sheet.sides.remember_rows``)."""
    return as_prefetched(
        match,
        **{name: known[name] if name in known else query.objects(match.pk) for name, query in _SHEET_ROWS.items()},
    )


def sides_of_match(match_id: int) -> list[MatchSide]:
    """The match's sides with their entrants (1 query)."""
    return _SIDES.objects(match_id)


def with_deals(match: Match) -> Match:
    """``match`` with its deals as if prefetched (1 query)."""
    return as_prefetched(match, deals=_DEALS.objects(match.pk))


def sheet_for_api(match: Match) -> Match:
    """:func:`match_for_api` for a match just loaded with its competition and club (the one a save
    returns): its seats, sides and deals as they are now. 1 query after a save (its seats: the save
    hands over the sides and deals it wrote, ``scoring.sheet.sides.remember_rows``), else 3."""
    known = prefetched(match)
    return with_sheet_rows(match, **{name: list(known[name]) for name in _SHEET_ROWS if name in known})


@dataclass(frozen=True)
class SideView:
    index: int
    label: str  # "wij" / "zij" or the seat of a three-player table
    name: str  # the pair or team, or the players' names
    players: list[str]
    total: int


def seats_in_order(match: Match) -> list[MatchSeat]:
    return sorted(match.seats.all(), key=lambda s: SEATS.index(s.seat))


def offender_seats(match: Match) -> list[tuple[str, int, str]] | None:
    """Individual play: the table's seats as (seat, side, player's name), N E S W, from the
    prefetched rows, for naming the player who verzaakt (RULES.md §9); None elsewhere (a pair or a
    team loses as a whole)."""
    if match.round.competition.format != Competition.Format.INDIVIDUAL:
        return None
    return [(s.seat, s.side, s.player.name) for s in seats_in_order(match)] or None


def sides_of(match: Match) -> list[SideView]:
    """The sides of a match with their names and players, from the prefetched rows."""
    by_side: dict[int, list[str]] = {}
    for seat in seats_in_order(match):
        by_side.setdefault(seat.side, []).append(seat.player.name)
    match_sides = {s.side: s for s in match.match_sides.all()}
    labels = ("wij", "zij") if match.sides == 2 else tuple(seat_label(s) for s in ("N", "E", "S"))
    out = []
    for index in range(match.sides):
        side = match_sides.get(index)
        players = by_side.get(index, [])
        name = side.entrant.name if side is not None and side.entrant else " & ".join(players) or labels[index]
        out.append(SideView(index, labels[index], name, players, side.total if side else 0))
    return out


def audit_trail(match: Match, limit: int = 50):
    return AuditEntry.objects.filter(match=match).select_related("user").order_by("-at", "-id")[:limit]
