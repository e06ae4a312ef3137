"""Issue 31 item 6: the evening-totals import (the page and the API) asks before it makes a second
member of one person — an unknown name nearly a member's ("Anna Aap sr." next to "Anna Aap"). The
API answers 400 naming the row and the member unless the request sends ``create_near_matches``; the
page asks with a checkbox. Nothing is written before that."""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Player
from clubs.tokens import create_token
from competitions.models import Evening, EveningTotal
from tests.competitions.season.test_history_page import upload, url
from tests.factories import CompetitionFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

ROWS = [
    {"player": "Anna Aap", "date": "2025-09-05", "points": 3000},
    {"player": "Bert Bok", "date": "2025-09-05", "points": 2800},
    {"player": "Cor Cavia", "date": "2025-09-05", "points": 2000},  # new, like no one: created at once
    {"player": "Anna Aap sr.", "date": "2025-10-03", "points": 2500},
    {"player": "anna  aap SR.", "date": "2025-10-10", "points": 2400},  # the same name, once asked
    {"player": "bért bok", "date": "2025-10-03", "points": 2900},
]


@pytest.fixture
def comp():
    comp = CompetitionFactory(format="individual", slug="clubavonden")
    [PlayerFactory(club=comp.club, name=full_name) for full_name in ["Anna Aap", "Bert Bok"]]
    return comp


@pytest.fixture
def headers(comp):
    token = create_token(UserFactory(username="org-near", organiser_of=comp.club))
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def post(client, comp, headers, body):
    return client.post(
        f"/api/competitions/{comp.slug}/evening-totals", body, content_type="application/json", **headers
    )


def test_the_api_names_the_row_and_the_near_match_and_writes_nothing(client, comp, headers):
    response = post(client, comp, headers, {"rows": ROWS})
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [(e["row"], e["field"]) for e in errors] == [
        (4, "player"),
        (6, "player"),
    ]  # "row" names the row (issue 34 item 8)
    number = Player.objects.get(first_name="Anna").member_number
    assert errors[0]["message"] == (
        f"Anna Aap sr. is not a member yet but nearly matches Anna Aap (member number {number}). The same person? Write "
        'the name as on the list. Someone else? Confirm to create a new member. Send "create_near_matches": true '
        "to create it as a new member."
    )
    assert "bért bok is not a member yet but nearly matches Bert Bok" in errors[1]["message"]
    assert not Evening.objects.exists() and Player.objects.filter(club=comp.club).count() == 2


def test_the_api_creates_them_when_asked(client, comp, headers):
    response = post(client, comp, headers, {"rows": ROWS, "create_near_matches": True})
    assert response.status_code == 200
    assert sorted(response.json()["players_created"], key=str.casefold) == ["Anna Aap sr.", "bért bok", "Cor Cavia"]
    assert Player.objects.filter(club=comp.club).count() == 5
    assert EveningTotal.objects.count() == 6


def test_the_page_asks_with_a_checkbox_and_refuses_until_it_is_ticked(client, comp):
    client.force_login(UserFactory(username="org-page-near", organiser_of=comp.club))
    rows = [(r["player"], datetime.date.fromisoformat(r["date"]), r["points"]) for r in ROWS]
    response = upload(client, comp, rows)
    body = response.content.decode()
    assert response.status_code == 200
    number = Player.objects.get(first_name="Anna").member_number
    assert f"Anna Aap sr. — <strong>nearly the same name as Anna Aap ({number})</strong>" in body
    assert 'name="confirm_near" value="1"' in body
    payload = response.context["payload"]
    refused = client.post(url(comp), {"payload": payload})
    assert refused.status_code == 400
    assert (
        "Row 5, column Player: Anna Aap sr. is not a member yet" in refused.content.decode()
        and "nearly matches Anna Aap" in refused.content.decode()
    )
    assert not Evening.objects.exists()
    confirmed = client.post(url(comp), {"payload": payload, "confirm_near": "1"})
    assert confirmed.status_code == 302
    assert Player.objects.filter(club=comp.club).count() == 5
