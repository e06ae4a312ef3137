"""Reads behind the public pages and the API: annotated querysets, a fixed number of queries each.

Standings live in ``competitions.standings``, a player's page in ``competitions.players``; this module
reads competitions, rounds and tables. Only public competitions and published rounds are shown to the public.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Count, IntegerField, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404
from django.shortcuts import get_object_or_404

from clubs.permissions import is_staff_of
from competitions.models import (
    Bye,
    Competition,
    Entrant,
    Evening,
    Fixture,
    Match,
    MatchSeat,
    MatchSide,
    Round,
)
from competitions.permissions import can_enter
from core.prepared import PreparedQuery, as_prefetched

CONFIRMED = Match.Status.CONFIRMED
PUBLISHED = Round.Status.PUBLISHED


def _count(queryset: QuerySet, outer: str = "competition") -> Coalesce:
    """A correlated ``COUNT(*)`` subquery (no join fan-out between several counts)."""
    sub = queryset.filter(**{outer: OuterRef("pk")}).order_by().values(outer).annotate(n=Count("pk")).values("n")
    return Coalesce(Subquery(sub, output_field=IntegerField()), 0)


def public_competitions() -> QuerySet[Competition]:
    """Public competitions with their club and counts of entrants, published rounds and results."""
    return (
        Competition.objects.filter(is_public=True)
        .select_related("club")
        .annotate(
            entrant_count=_count(Entrant.objects.all()),
            round_count=_count(Round.objects.filter(status=PUBLISHED)),
            result_count=_count(Match.objects.filter(status=CONFIRMED), outer="round__competition"),
            last_date=Subquery(
                Round.objects.filter(competition=OuterRef("pk"), status=PUBLISHED)
                .exclude(date=None)
                .order_by("-date")
                .values("date")[:1]
            ),
        )
    )


#: Read by every public page that is rendered: their SQL is built once (``core.prepared``).
_PUBLIC_COMPETITION = PreparedQuery(
    lambda slug: Competition.objects.select_related("club").filter(slug=slug, is_public=True), str
)
_PUBLIC_ROUND = PreparedQuery(
    lambda competition_id, number: Round.objects.select_related("evening").filter(
        competition_id=competition_id, number=number, status=PUBLISHED
    ),
    int,
    int,
)
_ROUND_MATCHES = PreparedQuery(
    lambda round_id: (
        Match.objects.filter(round_id=round_id)
        .select_related("round", "round__evening", "fixture__home", "fixture__away")
        .order_by("table")
    ),
    int,
)
_ROUND_SEATS = PreparedQuery(
    lambda round_id: (
        MatchSeat.objects.filter(match__round_id=round_id).select_related("player").order_by("side", "seat")
    ),
    int,
)
_ROUND_SIDES = PreparedQuery(
    lambda round_id: MatchSide.objects.filter(match__round_id=round_id).select_related("entrant").order_by("side"),
    int,
)
ROUND_NUMBER_MAX = 2**15 - 1  # Round.number is a small integer: a larger number is no such round


def public_competition(slug: str) -> Competition:
    """The public competition with this slug, or 404."""
    found = _PUBLIC_COMPETITION.objects(str(slug))
    if not found:
        raise Http404("No such competition.")
    return found[0]


def published_rounds(competition: Competition) -> QuerySet[Round]:
    """The competition's published rounds with their evening, number of tables and confirmed ones."""
    return (
        Round.objects.filter(competition=competition, status=PUBLISHED)
        .select_related("evening")
        .annotate(
            tables=Count("matches"),
            confirmed=Count("matches", filter=Q(matches__status=CONFIRMED)),
        )
        .order_by("number")
    )


def evenings_with_results(competition: Competition) -> QuerySet[Evening]:
    return (
        Evening.objects.filter(competition=competition)
        .annotate(
            rounds_count=Count("rounds", filter=Q(rounds__status=PUBLISHED), distinct=True),
            results=Count("rounds__matches", filter=Q(rounds__matches__status=CONFIRMED), distinct=True),
        )
        .order_by("number")
    )


def public_evening(competition: Competition, number: int) -> Evening:
    evening = get_object_or_404(Evening.objects.filter(competition=competition), number=number)
    evening.competition = competition  # already loaded: saves a query
    return evening


def with_tables(queryset: QuerySet[Match]) -> QuerySet[Match]:
    """Matches with their round, seats (and players) and sides (and entrants): 3 queries."""
    return queryset.select_related("round", "round__evening").prefetch_related(
        Prefetch("seats", queryset=MatchSeat.objects.select_related("player").order_by("side", "seat")),
        Prefetch("match_sides", queryset=MatchSide.objects.select_related("entrant").order_by("side")),
    )


def latest_results(competition: Competition, limit: int = 8) -> list[Match]:
    """The most recently confirmed tables of the competition."""
    qs = Match.objects.filter(round__competition=competition, round__status=PUBLISHED, status=CONFIRMED)
    return list(with_tables(qs).order_by("-confirmed_at", "-id")[:limit])


def public_round(competition: Competition, number: int) -> Round:
    found = _PUBLIC_ROUND.objects(competition.pk, int(number)) if 0 <= int(number) <= ROUND_NUMBER_MAX else []
    if not found:
        raise Http404("No such round.")
    round_ = found[0]
    round_.competition = competition
    return round_


def round_matches(round_: Round) -> list[Match]:
    """The round's tables by number, with their seats (and players) and sides (and entrants) as
    ``with_tables`` gives them: 3 queries."""
    matches = _ROUND_MATCHES.objects(round_.pk)
    seats, sides = defaultdict(list), defaultdict(list)
    for seat in _ROUND_SEATS.objects(round_.pk):
        seats[seat.match_id].append(seat)
    for side in _ROUND_SIDES.objects(round_.pk):
        sides[side.match_id].append(side)
    for match in matches:
        as_prefetched(match, seats=seats[match.pk], match_sides=sides[match.pk])
    return matches


_BYES = PreparedQuery(
    lambda round_id: Bye.objects.filter(round_id=round_id).order_by("entrant__name").values_list("entrant__name"), int
)
_PUBLISHED_ROUND = PreparedQuery(
    lambda competition_id, number: (
        Round.objects.filter(competition_id=competition_id, number=number, status=PUBLISHED)
        .values_list("id")
        .order_by()[:1]
    ),
    int,
    int,
)


def round_byes(round_: Round) -> list[str]:
    return [name for (name,) in _BYES.rows(round_.pk)]


def has_published_round(competition: Competition, number: int) -> bool:
    """Whether round ``number`` of the competition is published (the round page's "next round")."""
    return 0 <= number <= ROUND_NUMBER_MAX and bool(_PUBLISHED_ROUND.rows(competition.pk, number))


# --- fair play: what of a table's play a viewer may see -----------------------------------------


@dataclass(frozen=True)
class PlaySeen:
    """Which tables' play (deals, totals, roem, trump) and which boards a viewer may see.

    Every format but duplicate shows everything (``EVERYTHING``). A duplicate session (issue 24,
    DESIGN.md "Duplicate play") shows a board's play only once every table of the session has played
    it; the format's guard (registered by ``scoring``, see :func:`play_seen`) decides."""

    everything: bool = True
    boards: frozenset[int] = frozenset()  # boards every table of the session has played
    matches: frozenset[int] = frozenset()  # tables all of whose boards are among ``boards``

    def match(self, match_id: int) -> bool:
        return self.everything or match_id in self.matches

    def board(self, number: int) -> bool:
        return self.everything or number in self.boards


EVERYTHING = PlaySeen()
#: format -> ``guard(user, competition) -> PlaySeen``; ``scoring`` registers the duplicate one in its
#: ``AppConfig.ready`` (the boards live there; imports keep pointing scoring -> competitions).
PLAY_GUARDS: dict[str, Callable[..., PlaySeen]] = {}


def register_play_guard(format: str, guard: Callable[..., PlaySeen]) -> None:
    PLAY_GUARDS[format] = guard


def play_seen(user, competition: Competition) -> PlaySeen:
    """The one question every page, file and API read of a table's play asks (``user``: None or
    anonymous for the public)."""
    guard = PLAY_GUARDS.get(competition.format)
    return EVERYTHING if guard is None else guard(user, competition)


# --- shaping a table for a page or the API -----------------------------------------------------


@dataclass
class SideView:
    side: int
    name: str  # the entrant's name, or the players' names
    players: list[tuple[int, str]]  # (player id, name)
    total: int | None
    result: str


@dataclass
class TableView:
    match: Match
    sides: list[SideView]

    @property
    def confirmed(self) -> bool:
        return self.match.status == CONFIRMED


def table_view(match: Match, *, play_shown: bool = True) -> TableView:
    """The sides of a prefetched match with players and totals (totals only once entered, and only
    where ``play_shown``: see :func:`play_seen`)."""
    players: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for seat in match.seats.all():
        players[seat.side].append((seat.player_id, seat.player.name))
    rows = {s.side: s for s in match.match_sides.all()}
    shown = play_shown and match.status in (Match.Status.ENTERED, CONFIRMED, Match.Status.DRAFT)
    sides = []
    for side in range(match.sides):
        ms = rows.get(side)
        names = [n for _, n in players.get(side, [])]
        name = ms.entrant.name if ms is not None and ms.entrant else " & ".join(names)
        sides.append(
            SideView(
                side=side,
                name=name,
                players=players.get(side, []),
                total=ms.total if ms is not None and shown else None,
                result=ms.result if ms is not None and shown and match.status == CONFIRMED else "",
            )
        )
    return TableView(match=match, sides=sides)


# --- API -------------------------------------------------------------------------------------------


def fixtures_of(round_: Round) -> list[Fixture]:
    return list(Fixture.objects.filter(round=round_).select_related("home", "away"))


# --- who may see what: drafts are private -------------------------------------------------------


def visible_competition(request, slug) -> Competition:
    """A public competition, or a private one for the staff of its club; 404 for anyone else."""
    competition = get_object_or_404(Competition.objects.select_related("club"), slug=slug)
    if not (competition.is_public or is_staff_of(request.user, competition.club_id)):
        raise Http404
    return competition


def is_visible_round(user, round_: Round) -> bool:
    """The public sees a round of a public competition once it is published; the staff of the
    organising club see it always (``round_.competition`` is read)."""
    competition = round_.competition
    if competition.is_public and round_.status == PUBLISHED:
        return True
    return bool(user is not None and user.is_authenticated and is_staff_of(user, competition.club_id))


def is_visible_match(user, match: Match) -> bool:
    """A table (its seating, deals and sheets) is public when its round is (:func:`is_visible_round`);
    otherwise only those who may enter it see it: the staff of the clubs that play it."""
    round_ = match.round
    if round_.competition.is_public and round_.status == PUBLISHED:
        return True
    return bool(user is not None and user.is_authenticated and can_enter(user, match))
