"""What a person may not see answers exactly as what does not exist, for every method (issue 34 item 13):
a private competition's evening totals and organiser pages, and a duplicate table whose play is still
hidden, asked by a member of another club with a valid token or login. Same status, same body (the
names in the path aside)."""

from __future__ import annotations

import json
import re

import pytest

from clubs.tokens import create_token
from competitions.models import Competition, Match
from competitions.selectors import play_seen
from scoring.duplicate.demo import seed_duplicate_in_progress
from tests.factories import ClubFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

METHODS = ["get", "post", "put", "patch", "delete"]


def answer(client, method, path, token=None, body=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    response = client.generic(method.upper(), path, json.dumps(body or {}), content_type="application/json", **headers)
    try:
        body = response.json()
    except (ValueError, TypeError):
        body = response.content.decode(errors="replace")
    return response.status_code, body


@pytest.fixture
def stranger():
    other = ClubFactory()
    user = UserFactory(organiser_of=other)
    return user, create_token(user)


@pytest.fixture
def private():
    club = ClubFactory()
    return Competition.objects.create(club=club, name="Besloten", slug="besloten", is_public=False)


@pytest.mark.parametrize("method", METHODS)
def test_a_private_competitions_evening_totals(client, stranger, private, method):
    _user, token = stranger
    rows = {"rows": [{"player": "Anna Aap", "date": "2026-09-04", "points": 4100}]}
    hidden = answer(client, method, f"/api/competitions/{private.slug}/evening-totals", token, rows)
    missing = answer(client, method, "/api/competitions/bestaat-niet/evening-totals", token, rows)
    assert hidden == missing
    if method == "post":
        assert hidden[0] == 404


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("page", ["", "fixtures/", "evenings/new/", "movement/", "rounds/1/draw/"])
def test_a_private_competitions_organiser_pages(client, stranger, private, method, page):
    user, _token = stranger
    client.force_login(user)
    status, body = answer(client, method, f"/manage/competitions/{private.slug}/{page}")
    missing_status, missing_body = answer(client, method, f"/manage/competitions/bestaat-niet/{page}")
    assert status == missing_status
    token = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
    assert token.sub("", str(body).replace(private.slug, "X")) == token.sub(
        "", str(missing_body).replace("bestaat-niet", "X")
    )


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("route", ["", "/deals", "/confirm"])
def test_a_duplicate_table_whose_play_is_hidden(client, stranger, method, route):
    club = ClubFactory()
    organiser, scorer = UserFactory(organiser_of=club), UserFactory(scorer_of=club)
    competition = seed_duplicate_in_progress(
        club, PlayerFactory.create_batch(16, club=club), enterer=scorer, confirmer=organiser, seed=5
    )
    user, token = stranger
    seen = play_seen(user, competition)
    hidden = next(m for m in Match.objects.filter(round__competition=competition) if not seen.match(m.pk))
    missing_id = Match.objects.order_by("-pk").first().pk + 1000
    body = {"/deals": {"version": hidden.version, "deals": []}, "/confirm": {"version": hidden.version}}.get(route)
    status, answered = answer(client, method, f"/api/matches/{hidden.pk}{route}", token, body)
    assert (status, answered) == answer(client, method, f"/api/matches/{missing_id}{route}", token, body)
