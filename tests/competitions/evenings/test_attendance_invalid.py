"""The attendance form answers 400 with the message on an invalid choice, and saves nothing."""

import pytest
from django.urls import reverse

from competitions import services
from competitions.models import Attendance
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_an_invalid_choice_is_400_with_the_message_and_nothing_saved(client):
    club = ClubFactory(name="KV Aanwezig")
    competition = CompetitionFactory(club=club)
    players = PlayerFactory.create_batch(5, club=club)
    evening = services.create_evening(competition=competition)
    client.force_login(UserFactory(username="boss", organiser_of=club))
    url = reverse("staff:attendance", args=[competition.slug, evening.number])
    response = client.post(url, {"present": [players[0].pk, 999_999]})
    assert response.status_code == 400
    assert "Select a valid choice. 999999 is not one of the available choices." in response.content.decode()
    response = client.post(url, {"present": [players[0].pk], "late": ["x"]})
    assert response.status_code == 400
    assert not Attendance.objects.filter(evening=evening).exists()
    assert client.post(url, {"present": [players[0].pk]}).status_code == 302
    assert Attendance.objects.filter(evening=evening).count() == 1
