"""The club's organiser page, /manage/clubs/<slug>/: its organisers (or a superuser) only, a fixed
number of queries whatever the number of competitions, the link to remove the demo while there is one."""

from __future__ import annotations

import pytest

from clubs.models import Club
from tests.factories import CompetitionFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_club_page_is_its_organisers_and_runs_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    club = Club.objects.create(name="KV Eigen", slug="eigen")
    other = Club.objects.create(name="KV Buren", slug="buren")
    organiser = UserFactory(username="wilma", organiser_of=club)
    scorer = UserFactory(username="kees", scorer_of=club)
    assert client.get("/manage/clubs/eigen/").headers["Location"].startswith("/accounts/login/")
    client.force_login(scorer)
    assert client.get("/manage/clubs/eigen/").status_code == 403
    client.force_login(organiser)
    assert client.get("/manage/clubs/buren/").status_code == 403
    assert client.get("/manage/clubs/nergens/").status_code == 404
    CompetitionFactory(club=club, name="Clubavonden 2026")
    with django_assert_max_num_queries(10) as few:
        page = client.get("/manage/clubs/eigen/").content.decode()
    assert "Clubavonden 2026" in page and 'href="/manage/demo/remove/"' not in page
    for n in range(10):
        CompetitionFactory(club=club, name=f"Competitie {n}")
    CompetitionFactory(club=other, name="Van de buren")
    Club.objects.create(name="KV De Troefboer", slug="demo", is_demo=True)
    with django_assert_max_num_queries(len(few.captured_queries)):
        page = client.get("/manage/clubs/eigen/").content.decode()
    assert "Competitie 9" in page and "Van de buren" not in page
    assert 'href="/manage/demo/remove/"' in page


def test_the_club_page_leads_to_every_page_of_running_the_club(client):
    """A club's page links its members, people and roles and the API tokens; a league's page its people
    and member clubs (the form for a new member club is there), and no members list of its own."""
    club = Club.objects.create(name="KV Eigen", slug="eigen")
    league = Club.objects.create(name="Bond West", slug="bond-west", is_league=True)
    organiser = UserFactory(username="wilma", organiser_of=club)
    bert = UserFactory(username="bert", organiser_of=league)
    client.force_login(organiser)
    page = client.get("/manage/clubs/eigen/").content.decode()
    for href in ("/manage/clubs/eigen/members/", "/manage/clubs/eigen/people/", "/account/tokens/"):
        assert f'href="{href}"' in page, href
    client.force_login(bert)
    page = client.get("/manage/clubs/bond-west/").content.decode()
    assert 'href="/manage/clubs/bond-west/people/#member-clubs"' in page
    assert "Mensen en aangesloten clubs" in page
    assert 'href="/manage/clubs/bond-west/members/"' not in page
    assert client.get("/manage/clubs/bond-west/people/").content.decode().count('id="member-club-form"') == 1
