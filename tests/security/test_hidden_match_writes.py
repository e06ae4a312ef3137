"""Issue 25, item 7: a write on a match the caller may not see answers 404, exactly as the read does.

A PUT on a private competition's match answered 403 where GET answered 404, which told a member of
another club that the match exists. Now every caller who may not see it (anonymous with any token,
another club's staff) gets the same 404 from GET, PUT and POST …/confirm, and nothing changes; a
match that is visible but not theirs to enter stays a 403."""

import json

import pytest
from django.test import Client

from clubs.tokens import create_token
from competitions.models import Match, Round
from scoring.models import Deal
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

pytestmark = pytest.mark.django_db


def call(method: str, url: str, token: str | None, body: dict | None = None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    client = Client()
    if method == "GET":
        return client.get(url, **headers)
    send = client.put if method == "PUT" else client.post
    return send(url, json.dumps(body or {}), content_type="application/json", **headers)


@pytest.fixture
def stranger_token():
    other = ClubFactory(slug="vreemd")
    return create_token(UserFactory(username="vreemde-leider", organiser_of=other))


def requests_for(match: Match) -> list[tuple[str, str, dict | None]]:
    sheet = {"version": match.version, "deals": simulated_sheet(match, count=2)}
    return [
        ("GET", f"/api/matches/{match.pk}", None),
        ("PUT", f"/api/matches/{match.pk}/deals", sheet),
        ("POST", f"/api/matches/{match.pk}/confirm", {"version": match.version}),
    ]


@pytest.mark.parametrize("hidden", ["private competition", "draft round"])
def test_every_method_answers_404_for_a_match_one_may_not_see(hidden, stranger_token):
    if hidden == "private competition":
        match = seated_match(club=ClubFactory(slug="besloten"), is_public=False)
    else:
        match = seated_match(club=ClubFactory(slug="concept"))
        Round.objects.filter(pk=match.round_id).update(status=Round.Status.DRAFT)
    before = Match.objects.values("version", "status").get(pk=match.pk)
    unknown = call("PUT", "/api/matches/999999/deals", stranger_token, {"version": 0, "deals": []})
    assert unknown.status_code == 404
    for method, url, body in requests_for(match):
        for token in (stranger_token, None):
            response = call(method, url, token, body)
            expected = 404 if token or method == "GET" else 401  # no token at all: the write asks for one
            assert response.status_code == expected, (method, token is not None, response.content[:200])
            if expected == 404:
                assert response.json() == unknown.json()  # word for word what a match that does not exist gets
    assert Match.objects.values("version", "status").get(pk=match.pk) == before
    assert not Deal.objects.filter(match=match).exists()


def test_the_clubs_own_staff_still_write_a_private_match():
    club = ClubFactory(slug="eigen")
    match = seated_match(club=club, is_public=False)
    token = create_token(UserFactory(username="eigen-teller", scorer_of=club))
    response = call("PUT", f"/api/matches/{match.pk}/deals", token, {"version": 0, "deals": simulated_sheet(match)})
    assert response.status_code == 200, response.content[:300]


def test_a_visible_match_one_may_not_enter_is_still_a_403(stranger_token):
    match = seated_match(club=ClubFactory(slug="openbaar"))  # public competition, published round
    response = call("PUT", f"/api/matches/{match.pk}/deals", stranger_token, {"version": 0, "deals": []})
    assert response.status_code == 403


def test_the_organisers_api_answers_404_for_another_clubs_private_competition(stranger_token):
    hidden = seated_match(club=ClubFactory(slug="besloten-api"), is_public=False).round.competition
    visible = seated_match(club=ClubFactory(slug="open-api")).round.competition
    unknown_settings = call("GET", "/api/competitions/bestaat-niet/settings", stranger_token)
    assert unknown_settings.status_code == 404
    assert call("GET", f"/api/competitions/{hidden.slug}/settings", stranger_token).json() == unknown_settings.json()
    patch = Client().patch(
        f"/api/competitions/{hidden.slug}",
        json.dumps({"name": "Overgenomen"}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {stranger_token}",
    )
    assert patch.status_code == 404
    hidden.refresh_from_db()
    assert hidden.name != "Overgenomen"
    assert (
        call("GET", f"/api/competitions/{visible.slug}/settings", stranger_token).status_code == 403
    )  # public: exists
