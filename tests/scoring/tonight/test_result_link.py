"""Tonight's dashboard links the evening's result (page and PDF) once every table of the round is
confirmed, and not before."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from competitions import services
from competitions.models import Match
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_the_evening_result_is_linked_once_the_last_table_is_confirmed(client):
    club = ClubFactory()
    competition = CompetitionFactory(club=club, rounds_per_evening=1)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=PlayerFactory.create_batch(8, club=club))
    round_ = services.draw_next_round(evening=evening, seed=1)
    services.publish_round(round=round_)
    client.force_login(UserFactory(organiser_of=club))
    url = reverse("tonight:dashboard", args=[competition.slug])
    assert 'id="evening-result"' not in client.get(url).content.decode()
    Match.objects.filter(round=round_).update(status=Match.Status.CONFIRMED, confirmed_at=timezone.now())
    page = client.get(url).content.decode()
    assert 'id="evening-result"' in page and "Result of evening 1" in page
    assert reverse("competitions:evening", args=[competition.slug, 1]) in page
    assert reverse("competition_exports:evening_pdf", args=[competition.slug, 1]) in page
