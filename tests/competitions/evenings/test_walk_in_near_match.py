"""Issue 31 item 6: a walk-in whose name nearly matches a member on the list ("Henk Hebers sr.",
"henk hébers" next to "Henk Hebers") is asked about before a second member is made; confirmed, it is
added; a name that only looks alike ("Jan de Wit" next to "Jan de Vries") is added at once."""

import pytest
from django.urls import reverse

from clubs.models import Player
from competitions import services
from competitions.evenings.services import NearMatches, add_walk_in
from competitions.models import Attendance
from tests.factories import ClubFactory, CompetitionFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def setup(client):
    club = ClubFactory()
    competition = CompetitionFactory(club=club)
    Player.objects.create(club=club, member_number="12", first_name="Henk", last_name="Hebers")
    Player.objects.create(club=club, member_number="13", first_name="Jan", last_name="de Vries")
    evening = services.create_evening(competition=competition)
    client.force_login(UserFactory(organiser_of=club))
    return club, competition, evening


@pytest.mark.parametrize(("first", "last"), [("Henk", "Hebers sr."), ("henk", "hébers"), ("H.", "Hebers")])
def test_a_near_match_asks_first_and_adds_nothing(client, setup, first, last):
    club, competition, evening = setup
    url = reverse("staff:walk-in", args=[competition.slug, evening.number])
    response = client.post(url, {"first_name": first, "last_name": last, "guest": "on"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "nearly matches a name on the list" in page and "Henk Hebers" in page and "member number 12" in page
    assert 'name="confirm_new" value="1"' in page
    assert Player.objects.filter(club=club).count() == 2 and not Attendance.objects.exists()


def test_confirmed_the_second_one_is_added_and_present(client, setup):
    club, competition, evening = setup
    url = reverse("staff:walk-in", args=[competition.slug, evening.number])
    response = client.post(url, {"first_name": "Henk", "last_name": "Hebers sr.", "guest": "on", "confirm_new": "1"})
    assert response.status_code == 302
    sr = Player.objects.get(club=club, last_name="Hebers sr.")
    assert sr.guest and Attendance.objects.filter(evening=evening, player=sr).exists()


def test_a_name_that_only_looks_alike_is_added_at_once(client, setup):
    club, competition, evening = setup
    url = reverse("staff:walk-in", args=[competition.slug, evening.number])
    response = client.post(url, {"first_name": "Jan", "last_name": "de Wit"})
    assert response.status_code == 302
    assert Attendance.objects.filter(evening=evening, player__last_name="de Wit").exists()


def test_the_exact_name_is_still_refused(client, setup):
    club, competition, evening = setup
    url = reverse("staff:walk-in", args=[competition.slug, evening.number])
    response = client.post(url, {"first_name": "henk", "last_name": "HEBERS", "confirm_new": "1"}, follow=True)
    assert "is already on the list (member number 12)" in response.content.decode()
    assert Player.objects.filter(club=club).count() == 2


def test_the_service_names_the_near_matches(setup):
    _club, _competition, evening = setup
    with pytest.raises(NearMatches) as near:
        add_walk_in(evening=evening, first_name="Henk", last_name="Hebers jr")
    assert [p.member_number for p in near.value.players] == ["12"]
    assert str(near.value) == (
        "Henk Hebers jr nearly matches Henk Hebers (member number 12) on the list. The same person? Tick them "
        "instead. Someone else? Confirm to add Henk Hebers jr."
    )
    assert add_walk_in(evening=evening, first_name="Henk", last_name="Hebers jr", confirm_new=True).pk
