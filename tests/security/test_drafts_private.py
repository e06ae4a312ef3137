"""A draft (concept) round is private everywhere for the public: its tables' pages, sheets, the
round's sheets and table list, and GET /api/matches/<id> answer 404; the club's staff still see
them; a published round stays public."""

import pytest
from django.test import Client

from clubs.tokens import create_token
from competitions import services as competition_services
from competitions.models import Round
from tests.factories import UserFactory
from tests.test_club_boundary import world  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(world):  # noqa: F811
    evening = world["round"].evening
    round_ = competition_services.draw_next_round(evening=evening, seed=2)
    assert round_.status == Round.Status.DRAFT
    return round_


def urls(round_) -> list[str]:
    slug = round_.competition.slug
    match = round_.matches.order_by("table").first()
    return [
        f"/matches/{match.pk}/",
        f"/matches/{match.pk}/sheet.pdf",
        f"/competitions/{slug}/rounds/{round_.number}/",
        f"/competitions/{slug}/rounds/{round_.number}/sheets.pdf",
        f"/competitions/{slug}/rounds/{round_.number}/tables.pdf",
        f"/api/matches/{match.pk}",
    ]


def test_a_draft_round_is_not_found_for_the_public_and_other_clubs(world, draft):  # noqa: F811
    other = Client()
    other.force_login(world["org_b"])
    other_token = create_token(world["org_b"])
    for url in urls(draft):
        assert Client().get(url).status_code == 404, url
        assert other.get(url).status_code == 404, url
        assert Client().get(url, HTTP_AUTHORIZATION=f"Bearer {other_token}").status_code == 404, url


def test_the_clubs_staff_still_see_a_draft_round(world, draft):  # noqa: F811
    scorer = UserFactory(username="draft-scorer", scorer_of=world["club"])
    for user in (world["org_a"], scorer):
        client = Client()
        client.force_login(user)
        token = create_token(user)
        for url in urls(draft):
            if url.startswith("/api/"):
                assert Client().get(url, HTTP_AUTHORIZATION=f"Bearer {token}").status_code == 200, url
            elif "/rounds/" in url and not url.endswith(".pdf"):
                continue  # the public round page; the staff use their draw page
            else:
                assert client.get(url).status_code == 200, (user, url)


def test_a_published_round_stays_public(world):  # noqa: F811
    for url in urls(world["round"]):
        assert Client().get(url).status_code == 200, url
