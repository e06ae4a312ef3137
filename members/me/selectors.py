"""What a member's own page shows: their next evenings with their answers, tonight's table once its
round is published with the table's running score, their results per evening and season, their
rating. A handful of queries, whatever the club's size or the length of its seasons.

Choices:
- Tonight's score is the table's own running total (``MatchSide.total``, kept by every save of the
  sheet, draft or final, ``scoring.sheet.sides``) and the deals entered so far (``Match.deals_played``),
  read the way tonight's dashboard reads it; nothing is scored here. A duplicate session's play is
  kept from the members until every table has played it (contract 3): no score there.
- A season's results come from the competition's standings (``competitions.standings``, the page and
  the PDF rank the same way). The place of an evening is counted from those rows too, so the page
  needs no query per evening: equal points share the place ("3="). Only the ``RECENT`` latest seasons
  are worked out; older ones are listed with a link to their standings.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db.models import Max, Prefetch
from django.utils import timezone

from clubs.models import Player
from competitions import standings
from competitions.evenings.signups import deadline
from competitions.models import Competition, Evening, Match, MatchSeat, MatchSide, Round, SignUp
from scoring.ratings import selectors as ratings
from scoring.ratings.models import PlayerRating

UPCOMING = 8  #: how many planned evenings the page lists
RECENT = 2  #: how many of the member's latest seasons the page works out (standings, places)


def members_of(user) -> list[Player]:
    """The club members linked to this account (one per club)."""
    return list(Player.objects.filter(account=user).select_related("club", "member_settings").order_by("club__name"))


@dataclass
class PlannedEvening:
    evening: Evening
    deadline: datetime.datetime | None
    answer: SignUp | None
    closed: bool  #: past the deadline: an answer now is late


def planned_evenings(player: Player, *, now: datetime.datetime | None = None) -> list[PlannedEvening]:
    now = now or timezone.now()
    evenings = (
        Evening.objects.filter(
            competition__club=player.club, date__gte=timezone.localdate(now), cancelled=False, rounds__isnull=True
        )
        .select_related("competition__club")
        .prefetch_related(Prefetch("sign_ups", SignUp.objects.filter(player=player), to_attr="mine"))
        .order_by("date", "competition__name")[:UPCOMING]
    )
    planned = []
    for evening in evenings:
        closes = deadline(evening)
        closed = closes is not None and now > closes  # a dated evening has its deadline
        planned.append(PlannedEvening(evening, closes, evening.mine[0] if evening.mine else None, closed))
    return planned


@dataclass
class Place:
    round: Round
    table: int
    seat: str
    match_id: int
    partners: list[str] = field(default_factory=list)
    opponents: list[str] = field(default_factory=list)
    #: The table's running score: the member's side first, then the other side(s); None: not shown
    #: (nothing entered yet, or a duplicate session's play).
    score: list[int] | None = None
    deals_played: int = 0
    deals: int = 0  #: deals of a match at this competition
    confirmed: bool = False


@dataclass
class Tonight:
    places: list[Place]

    @property
    def total(self) -> int | None:
        """The member's side's points of tonight's tables added up (the tables with a score)."""
        scores = [p.score[0] for p in self.places if p.score is not None]
        return sum(scores) if scores else None

    def __bool__(self) -> bool:
        return bool(self.places)

    def __iter__(self):
        return iter(self.places)


def tonight(player: Player, *, now: datetime.datetime | None = None) -> Tonight:
    """The member's tables of today's published rounds with their running scores (three queries)."""
    today = timezone.localdate(now or timezone.now())
    mine = list(
        MatchSeat.objects.filter(
            player=player, match__round__status=Round.Status.PUBLISHED, match__round__evening__date=today
        )
        .select_related("match__round__evening", "match__round__competition")
        .order_by("match__round__number")
    )
    others = MatchSeat.objects.filter(match_id__in=[s.match_id for s in mine]).select_related("player")
    at_table: dict[int, list[MatchSeat]] = {}
    for seat in others:
        at_table.setdefault(seat.match_id, []).append(seat)
    totals: dict[int, dict[int, int]] = {}
    if mine:
        for match_id, side, total in MatchSide.objects.filter(match_id__in=[s.match_id for s in mine]).values_list(
            "match_id", "side", "total"
        ):
            totals.setdefault(match_id, {})[side] = total
    places = []
    for seat in mine:
        table = at_table.get(seat.match_id, [])
        match = seat.match
        competition = match.round.competition
        shown = match.status != Match.Status.OPEN and competition.format != Competition.Format.DUPLICATE
        sides = totals.get(seat.match_id, {})
        score = [sides.get(seat.side, 0)] + [sides.get(s, 0) for s in range(match.sides) if s != seat.side]
        places.append(
            Place(
                round=match.round,
                table=match.table,
                seat=seat.seat,
                match_id=seat.match_id,
                partners=[s.player.name for s in table if s.side == seat.side and s.player_id != player.pk],
                opponents=[s.player.name for s in table if s.side != seat.side],
                score=score if shown else None,
                deals_played=match.deals_played,
                deals=competition.deals_per_match,
                confirmed=match.status == Match.Status.CONFIRMED,
            )
        )
    return Tonight(places)


@dataclass
class EveningResult:
    number: int
    points: int
    place: str  #: "3", "3=" (shared); "" when absent (scored by the club's absence rule)
    players: int  #: how many were ranked that evening
    absent: bool
    counted: bool  #: counts towards the season's score (best N)
    evening: Evening | None  #: with its id and date, for the score card's link


@dataclass
class SeasonResult:
    competition: Competition
    row: standings.StandingRow | None
    evenings: list[EveningResult] = field(default_factory=list)

    @property
    def best_n(self) -> int | None:
        """N of "best N evenings" when the season counts only its best evenings."""
        if self.competition.standings_method == Competition.StandingsMethod.TOTAL:
            return None
        return self.competition.count_best

    @property
    def strikes(self) -> bool:
        """The season counts only some evenings (best N, best average, periods): the page marks which."""
        return self.competition.standings_method != Competition.StandingsMethod.TOTAL


@dataclass
class Results:
    seasons: list[SeasonResult]
    earlier: Sequence[Competition]  #: older seasons: only a link to their standings


def evening_places(rows: list[standings.StandingRow]) -> dict[tuple[int | None, int | None], tuple[str, int]]:
    """(evening number, player id) -> (place, players) for every evening of the season's rows, among
    those who played (or were drawn out) that evening, by the evening's points; equal points share
    a place. No query: the standings' rows carry every evening's score."""
    by_evening: dict[int | None, list[tuple[int | None, int]]] = {}
    for row in rows:
        for e in row.evenings:
            if not e.absent:
                by_evening.setdefault(e.number, []).append((row.player_id, e.points))
    places = {}
    for number, scores in by_evening.items():
        counts: dict[int, int] = {}
        for _pk, points in scores:
            counts[points] = counts.get(points, 0) + 1
        better = 0
        above: dict[int, int] = {}
        for points in sorted(counts, reverse=True):
            above[points] = better
            better += counts[points]
        for pk, points in scores:
            places[(number, pk)] = (f"{above[points] + 1}{'=' if counts[points] > 1 else ''}", len(scores))
    return places


def results(player: Player) -> Results:
    """The member's place and points in each individual competition of their club they played in
    (the ``RECENT`` latest worked out, each with its evenings: place, points, counted or not)."""
    competitions = list(
        Competition.objects.filter(club=player.club, format=Competition.Format.INDIVIDUAL, entrants__player=player)
        .annotate(last=Max("evenings__date"))
        .select_related("club")
        .distinct()
        .order_by("-last", "-pk")
    )
    recent, earlier = competitions[:RECENT], competitions[RECENT:]
    evenings: dict[tuple[int, int], Evening] = {
        (e.competition_id, e.number): e
        for e in Evening.objects.filter(competition__in=recent).only("pk", "competition_id", "number", "date")
    }
    found = []
    for competition in recent:
        rows = standings.standings(competition)
        row = next((r for r in rows if r.player_id == player.pk), None)
        mine = []
        if row is not None:
            places = evening_places(rows)
            for e in sorted(row.evenings, key=lambda e: (e.number is None, e.number or 0)):
                place, count = places.get((e.number, player.pk), ("", 0))
                mine.append(
                    EveningResult(
                        number=e.number,
                        points=e.points,
                        place=place,
                        players=count,
                        absent=e.absent,
                        counted=e.counted,
                        evening=evenings.get((competition.pk, e.number)),
                    )
                )
        found.append(SeasonResult(competition, row, mine))
    return Results(found, earlier)


@dataclass
class Rating:
    rating: PlayerRating
    place: int | None  #: in the club's ranking; None: not ranked yet (too few matches) or a guest
    club_slug: str


def rating(player: Player) -> Rating | None:
    """The member's rating in their club's pool (``scoring.ratings``), with their place: two queries,
    none when the ratings were never computed."""
    found = PlayerRating.objects.filter(club_id=player.club_id, player=player).select_related("player").first()
    if found is None:
        return None
    return Rating(found, ratings.position(player.club, [player.club_id], found), player.club.slug)
