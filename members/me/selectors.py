"""What a member's own page shows: their next evenings with their answers, tonight's table once its
round is published, their results. A handful of queries, whatever the club's size."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils import timezone

from clubs.models import Player
from competitions import standings
from competitions.evenings.signups import deadline
from competitions.models import Competition, Evening, MatchSeat, Round, SignUp

UPCOMING = 8  #: how many planned evenings the page lists


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


def tonight(player: Player, *, now: datetime.datetime | None = None) -> list[Place]:
    """The member's tables of today's published rounds (two queries)."""
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
    places = []
    for seat in mine:
        table = at_table.get(seat.match_id, [])
        places.append(
            Place(
                round=seat.match.round,
                table=seat.match.table,
                seat=seat.seat,
                match_id=seat.match_id,
                partners=[s.player.name for s in table if s.side == seat.side and s.player_id != player.pk],
                opponents=[s.player.name for s in table if s.side != seat.side],
            )
        )
    return places


@dataclass
class SeasonResult:
    competition: Competition
    row: standings.StandingRow | None
    evenings: list = field(default_factory=list)


def results(player: Player) -> list[SeasonResult]:
    """The member's place and points in each individual competition of their club they played in."""
    competitions = Competition.objects.filter(
        club=player.club, format=Competition.Format.INDIVIDUAL, entrants__player=player
    ).distinct()
    found = []
    for competition in competitions:
        row = next((r for r in standings.standings(competition) if r.player_id == player.pk), None)
        found.append(SeasonResult(competition, row, sorted(row.evenings, key=lambda e: e.number) if row else []))
    return found
