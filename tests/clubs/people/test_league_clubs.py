"""A league makes its clubs: its organiser creates a member club on the league's people page and
invites the club's first organiser; bad names are refused in Dutch and nothing is made."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club, Invitation, StaffRole
from clubs.people import services
from clubs.people.services import PeopleRefused
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
STRONG = "klaver-Vrouw-77"


@pytest.fixture
def league():
    return Club.objects.create(name="Bond West", slug="bond-west", is_league=True)


@pytest.fixture
def boss(league):
    return UserFactory(username="bert", organiser_of=league)


def test_the_league_creates_a_club_and_its_first_organiser_accepts(client, league, boss):
    client.force_login(boss)
    page = client.get(f"/manage/clubs/{league.slug}/people/").content.decode()
    assert 'id="member-club-form"' in page
    response = client.post(
        f"/manage/clubs/{league.slug}/member-clubs/new/", {"name": "  De Hoge  Troef ", "city": "Utrecht", "email": ""}
    )
    assert response.status_code == 200
    club = Club.objects.get(name="De Hoge Troef")
    assert club.slug == "de-hoge-troef" and club.city == "Utrecht" and not club.is_league
    assert list(league.member_clubs.all()) == [club]
    link = re.search(
        r'id="invitation-link" value="http://testserver(/invite/[^/"]+/)"', response.content.decode()
    ).group(1)
    invitation = Invitation.objects.get()
    assert invitation.club == club and invitation.role == "organiser" and invitation.created_by == boss
    newcomer = client.__class__()
    assert "als wedstrijdleider van De Hoge Troef" in newcomer.get(link).content.decode()
    newcomer.post(link, {"username": "clara", "password1": STRONG, "password2": STRONG})
    clara = get_user_model().objects.get(username="clara")
    assert StaffRole.objects.filter(user=clara, club=club, role="organiser").exists()
    assert newcomer.get(f"/manage/clubs/{club.slug}/people/").status_code == 200
    # the league's organiser got no role at the club, and may not invite a second organiser now
    assert not StaffRole.objects.filter(user=boss, club=club).exists()
    with pytest.raises(PeopleRefused):
        services.invite(club=club, role="organiser", by=boss)
    assert client.get(f"/manage/clubs/{club.slug}/people/").status_code == 404


def test_a_member_club_without_organiser_gets_an_invitation_from_the_league(client, league, boss):
    club = Club.objects.create(name="Klaver Vier", slug="klaver-vier")
    league.member_clubs.add(club)
    client.force_login(boss)
    page = client.get(f"/manage/clubs/{league.slug}/people/").content.decode()
    assert f"/manage/clubs/{league.slug}/member-clubs/klaver-vier/invite/" in page
    response = client.post(f"/manage/clubs/{league.slug}/member-clubs/klaver-vier/invite/", {"email": ""})
    assert response.status_code == 200 and 'id="invitation-link"' in response.content.decode()
    assert Invitation.objects.get().club == club
    # a club that is not the league's: 404; a scorer of the league: 404
    Club.objects.create(name="Elders", slug="elders")
    assert client.post(f"/manage/clubs/{league.slug}/member-clubs/elders/invite/").status_code == 404
    scorer = UserFactory(username="sam", scorer_of=league)
    client.force_login(scorer)
    assert client.post(f"/manage/clubs/{league.slug}/member-clubs/new/", {"name": "Nieuw"}).status_code == 404
    assert not Club.objects.filter(name="Nieuw").exists()


@pytest.mark.parametrize(
    ("name", "message"),
    [("", "verplicht"), ("   ", "verplicht"), ("Bond West", "bestaat al"), ("bond west", "bestaat al")],
)
def test_bad_club_names_are_refused_and_nothing_is_made(client, league, boss, name, message):
    client.force_login(boss)
    response = client.post(f"/manage/clubs/{league.slug}/member-clubs/new/", {"name": name})
    assert response.status_code == 400 and message in response.content.decode()
    assert Club.objects.count() == 1 and not Invitation.objects.exists()


def test_only_a_league_makes_member_clubs(client):
    club = Club.objects.create(name="Gewone club", slug="gewoon")
    organiser = UserFactory(username="otto", organiser_of=club)
    client.force_login(organiser)
    assert client.post("/manage/clubs/gewoon/member-clubs/new/", {"name": "Kind"}).status_code == 404
    with pytest.raises(PeopleRefused, match="geen bond"):
        services.create_member_club(league=club, name="Kind", by=organiser)
    assert Club.objects.count() == 1
