"""The organiser deals a duplicate evening from the staff page: tables, deals, ranking; refusals
named on the form, nothing written."""

from __future__ import annotations

import pytest
from django.urls import reverse

from competitions.models import Competition, Round
from scoring.duplicate.models import Board, DuplicateSetup
from tests.factories import ClubFactory, CompetitionFactory, UserFactory, team_entrants

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_the_organiser_deals_and_the_rounds_appear(client):
    club = ClubFactory()
    competition = CompetitionFactory(club=club, format=Competition.Format.DUPLICATE)
    team_entrants(competition, 6)
    url = reverse("duplicate:deal", args=[competition.slug])
    client.force_login(UserFactory(scorer_of=club))
    assert client.get(url).status_code == 403
    client.force_login(UserFactory(organiser_of=club))
    page = client.get(url)
    assert page.status_code == 200 and 'value="3"' in page.content.decode()  # 6 pairs: 3 tables proposed

    refused = client.post(url, {"tables": 3, "boards": 16, "method": "matchpoints"})
    assert refused.status_code == 400
    assert "16 deals do not divide over 3 tables" in refused.content.decode()
    assert not DuplicateSetup.objects.exists() and not Round.objects.exists()

    done = client.post(url, {"tables": 3, "boards": 18, "method": "difference", "seed": 99})
    assert done.status_code == 302 and done["Location"] == reverse("duplicate:overview", args=[competition.slug])
    setup = DuplicateSetup.objects.get(competition=competition)
    assert (setup.tables, setup.boards, setup.seed, setup.method) == (3, 18, 99, "difference")
    assert Board.objects.filter(setup=setup).count() == 18
    assert Round.objects.filter(competition=competition, status=Round.Status.PUBLISHED).count() == 3
    overview = client.get(done["Location"]).content.decode()
    assert "Standings by difference to the average" in overview
    assert "Dealt: 18 deals for 3 tables" in client.get(url).content.decode()
