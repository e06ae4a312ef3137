"""A club evening with members who have accounts, drawn and played through the real services."""

from __future__ import annotations

import datetime

from django.utils import timezone

from competitions import services
from competitions.models import Match, MatchSide
from scoring.services import confirm_match
from tests.factories.clubs import ClubFactory, PlayerFactory, UserFactory
from tests.factories.competitions import CompetitionFactory


def club_evening(*, players: int = 8, rounds: int = 1, date: datetime.date | None = None, emails: bool = True):
    """A club, an individual competition with one evening (today unless ``date``), ``players`` members
    each linked to an account ``lid<n>`` with address ``lid<n>@example.nl``; the organiser."""
    club = ClubFactory()
    competition = CompetitionFactory(club=club, rounds_per_evening=rounds)
    members = PlayerFactory.create_batch(players, club=club)
    for player in members:
        player.account = UserFactory(username=f"lid{player.pk}", email=f"lid{player.pk}@example.nl" if emails else "")
        player.save(update_fields=["account"])
    evening = services.create_evening(competition=competition, date=date or timezone.localdate())
    organiser = UserFactory(organiser_of=club)
    return club, competition, members, evening, organiser


def publish_next_round(evening, seed=1):
    """Register every member of the club (the first time), draw the next round and publish it."""
    if not evening.attendances.exists():
        services.register_attendance(evening=evening, players=list(evening.competition.club.players.all()))
    round = services.draw_next_round(evening=evening, seed=seed)
    services.publish_round(round=round)
    return round


def play_and_confirm(round, *, scorer, confirmer) -> None:
    """Every table entered (totals on its sides) by ``scorer``, then confirmed one by one by ``confirmer``
    through the scoring service (what fires the evening's result mails)."""
    for i, match in enumerate(round.matches.order_by("table")):
        for side in match.match_sides.all():
            MatchSide.objects.filter(pk=side.pk).update(total=900 + 40 * i + 120 * side.side, result="")
        Match.objects.filter(pk=match.pk).update(status=Match.Status.ENTERED, entered_by=scorer)
    for match in round.matches.order_by("table"):
        confirm_match(match=match, user=confirmer)
