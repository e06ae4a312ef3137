"""The club's organiser page, /manage/clubs/<slug>/: its organisers (or a superuser) only, a fixed
number of queries whatever the number of competitions, the link to remove the demo while there is one."""

from __future__ import annotations

import pytest

from clubs.models import Club
from tests.competitions.factories import make_competition, make_user

pytestmark = pytest.mark.django_db


def test_the_club_page_is_its_organisers_and_runs_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    club = Club.objects.create(name="KV Eigen", slug="eigen")
    other = Club.objects.create(name="KV Buren", slug="buren")
    organiser = make_user("wilma", organiser_of=club)
    scorer = make_user("kees", scorer_of=club)
    assert client.get("/manage/clubs/eigen/").headers["Location"].startswith("/accounts/login/")
    client.force_login(scorer)
    assert client.get("/manage/clubs/eigen/").status_code == 403
    client.force_login(organiser)
    assert client.get("/manage/clubs/buren/").status_code == 403
    assert client.get("/manage/clubs/nergens/").status_code == 404
    make_competition(club, name="Clubavonden 2026")
    with django_assert_max_num_queries(10) as few:
        page = client.get("/manage/clubs/eigen/").content.decode()
    assert "Clubavonden 2026" in page and 'href="/manage/demo/remove/"' not in page
    for n in range(10):
        make_competition(club, name=f"Competitie {n}")
    make_competition(other, name="Van de buren")
    Club.objects.create(name="KV De Troefboer", slug="demo", is_demo=True)
    with django_assert_max_num_queries(len(few.captured_queries)):
        page = client.get("/manage/clubs/eigen/").content.decode()
    assert "Competitie 9" in page and "Van de buren" not in page
    assert 'href="/manage/demo/remove/"' in page
