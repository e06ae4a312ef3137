"""The matches API: GET a match, PUT its deals with a bearer token (DESIGN.md contract 3).

Every refusal is checked to change nothing: version, status, deals, totals and audit log identical.
"""

import json

import pytest
from django.test import override_settings

from clubs import tokens
from clubs.models import ApiToken
from scoring import services
from scoring.models import AuditEntry, Deal
from tests.factories import ClubFactory, UserFactory, simulated_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def key(scorer):
    return tokens.create_token(scorer, "test")


def url(match, deals=False):
    return f"/api/matches/{match.pk}" + ("/deals" if deals else "")


def put(client, match, body, key=None, raw=False):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}"} if key else {}
    data = body if raw else json.dumps(body)
    return client.put(url(match, deals=True), data=data, content_type="application/json", **headers)


def snapshot(match):
    match.refresh_from_db()
    return (
        match.version,
        match.status,
        list(
            Deal.objects.filter(match=match)
            .order_by("number")
            .values_list("number", "bidder", "points_a", "points_b", "roem_a", "roem_b", "score_a", "score_b")
        ),
        list(match.match_sides.order_by("side").values_list("side", "total")),
        AuditEntry.objects.filter(match=match).count(),
    )


@pytest.fixture
def saved(match, organiser):
    """A match with a full sheet saved (version 1), so a refusal has something to lose."""
    services.save_deals(match=match, user=organiser, deals=simulated_sheet(match, seed=5), version=0)
    match.refresh_from_db()
    return match


# --- GET ----------------------------------------------------------------------------------------


def test_get_an_empty_match(client, match):
    response = client.get(url(match))
    assert response.status_code == 200
    data = response.json()
    assert data["id"] == match.pk
    assert data["version"] == 0 and data["status"] == "open"
    assert data["deals"] == [] and data["totals"] == [0, 0]
    assert data["rules"] == "amsterdam"
    assert [len(side["players"]) for side in data["sides"]] == [2, 2]
    assert data["sides"][0]["players"] == ["Speler0 N", "Speler2 S"]


def test_get_a_saved_match_totals_are_the_sum_of_its_deals(client, saved):
    data = client.get(url(saved)).json()
    assert len(data["deals"]) == 16
    assert [d["number"] for d in data["deals"]] == list(range(1, 17))
    for side in (0, 1):
        assert data["totals"][side] == sum(d["scores"][side] for d in data["deals"])
    first = data["deals"][0]
    assert set(first) >= {"number", "bidder", "points", "roem", "pit", "verzaakt", "scores", "nat"}
    assert sum(first["points"]) == 162
    assert data["status"] == "entered" and data["version"] == 1


def test_get_unknown_match_is_404(client):
    assert client.get("/api/matches/999999").status_code == 404


def test_a_private_competition_match_needs_a_staff_token(client, match, key, club):
    match.round.competition.is_public = False
    match.round.competition.save()
    assert client.get(url(match)).status_code == 404
    other = UserFactory(username="stranger", scorer_of=ClubFactory(slug="ander"))
    assert client.get(url(match), HTTP_AUTHORIZATION=f"Bearer {tokens.create_token(other)}").status_code == 404
    assert client.get(url(match), HTTP_AUTHORIZATION=f"Bearer {key}").status_code == 200


# --- PUT: success --------------------------------------------------------------------------------


def test_put_a_full_sheet(client, match, key, scorer):
    sheet = simulated_sheet(match, seed=7)
    response = put(client, match, {"version": 0, "deals": sheet}, key)
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["version"] == 1 and data["status"] == "entered"
    assert len(data["deals"]) == 16
    assert data["totals"] == [sum(d["scores"][s] for d in data["deals"]) for s in (0, 1)]
    match.refresh_from_db()
    assert match.entered_by == scorer
    assert ApiToken.objects.get(user=scorer).last_used is not None


def test_put_a_part_sheet_is_a_draft_and_a_read_match_can_be_sent_back(client, match, key):
    sheet = simulated_sheet(match, seed=8)
    data = put(client, match, {"version": 0, "deals": sheet[:4]}, key).json()
    assert data["status"] == "draft"
    # a client may send back the deals it read (computed fields included): they are ignored
    data["deals"] += sheet[4:]
    response = put(client, match, {"version": data["version"], "deals": data["deals"]}, key)
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "entered"
    assert response.json()["version"] == 2


def test_bidder_may_be_a_side_letter(client, match, key):
    response = put(client, match, {"version": 0, "deals": [{"bidder": "B", "points": [60, 102]}]}, key)
    assert response.status_code == 200
    assert response.json()["deals"][0]["bidder"] == 1
    assert response.json()["deals"][0]["scores"] == [60, 102]


def test_a_verzaakt_deal_needs_no_bidder(client, match, key):
    """Issue 33 item 2: a verzaakt deal is whole without a bidder (RULES.md §4: "whoever bid")."""
    deal = {"points": [0, 162], "roem": [20, 0], "verzaakt": 1}
    response = put(client, match, {"version": 0, "deals": [deal]}, key)
    assert response.status_code == 200, response.content
    read = response.json()["deals"][0]
    assert (read["bidder"], read["scores"], read["mark"]) == (None, [182, 0], "V")
    assert put(client, match, {"version": 1, "deals": [{"points": [0, 162]}]}, key).json()["errors"][0]["field"] == (
        "bidder"
    )


# --- PUT: refusals change nothing ----------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"HTTP_AUTHORIZATION": "Bearer kj_not-a-token"},
        {"HTTP_AUTHORIZATION": "Bearer "},
        {"HTTP_AUTHORIZATION": "Basic c2NvcmVyMTpwdw=="},
        {"HTTP_AUTHORIZATION": "Bearer " + "x" * 5000},
    ],
)
def test_401_without_a_valid_token(client, saved, headers):
    before = snapshot(saved)
    body = json.dumps({"version": 1, "deals": simulated_sheet(saved, seed=1)})
    response = client.put(url(saved, deals=True), data=body, content_type="application/json", **headers)
    assert response.status_code == 401
    assert snapshot(saved) == before


def test_401_with_a_revoked_token(client, saved, key):
    assert tokens.revoke(key) is True
    before = snapshot(saved)
    assert put(client, saved, {"version": 1, "deals": simulated_sheet(saved, seed=1)}, key).status_code == 401
    assert snapshot(saved) == before


def test_401_for_an_inactive_user(client, saved, key, scorer):
    scorer.is_active = False
    scorer.save()
    before = snapshot(saved)
    assert put(client, saved, {"version": 1, "deals": simulated_sheet(saved, seed=1)}, key).status_code == 401
    assert snapshot(saved) == before


def test_403_for_another_clubs_scorer(client, saved):
    stranger = UserFactory(username="stranger", scorer_of=ClubFactory(slug="ander"))
    before = snapshot(saved)
    response = put(
        client, saved, {"version": 1, "deals": simulated_sheet(saved, seed=1)}, tokens.create_token(stranger)
    )
    assert response.status_code == 403
    assert response.json()["detail"]
    assert snapshot(saved) == before


def test_403_for_a_user_without_a_role(client, saved):
    nobody = UserFactory(username="nobody")
    before = snapshot(saved)
    body = {"version": 1, "deals": simulated_sheet(saved, seed=1)}
    assert put(client, saved, body, tokens.create_token(nobody)).status_code == 403
    assert snapshot(saved) == before


def test_403_when_a_scorer_changes_a_confirmed_result(client, saved, key, scorer):
    services.confirm_match(match=saved, user=scorer)
    before = snapshot(saved)
    response = put(client, saved, {"version": before[0], "deals": simulated_sheet(saved, seed=2)}, key)
    assert response.status_code == 403
    assert snapshot(saved) == before


BAD_BODIES = [
    ("{not json", "body"),
    ("[1, 2]", "body"),
    ("", "body"),
    (json.dumps({"deals": []}), "version"),
    (json.dumps({"version": None, "deals": []}), "version"),
    (json.dumps({"version": "1", "deals": []}), "version"),
    (json.dumps({"version": True, "deals": []}), "version"),
    (json.dumps({"version": -1, "deals": []}), "version"),
    (json.dumps({"version": 1}), "deals"),
    (json.dumps({"version": 1, "deals": {"1": {}}}), "deals"),
    (json.dumps({"version": 1, "deals": ["deal"]}), "deals"),
    (json.dumps({"version": 1, "deals": [{"bidder": 0, "points": ["100", 62]}]}), "points"),
    (json.dumps({"version": 1, "deals": [{"bidder": 0, "points": [100]}]}), "points"),
    (json.dumps({"version": 1, "deals": [{"bidder": 0, "points": [100, 61]}]}), "points"),
    (json.dumps({"version": 1, "deals": [{"bidder": 0, "points": [100, 62], "roem": [30, 0]}]}), "roem"),
    (json.dumps({"version": 1, "deals": [{"bidder": 7, "points": [100, 62]}]}), "bidder"),
    (json.dumps({"version": 1, "deals": [{"bidder": 0, "points": [100, 62], "colour": 1}]}), "colour"),
]


@pytest.mark.parametrize("body, field", BAD_BODIES)
def test_400_names_the_field_and_changes_nothing(client, saved, key, body, field):
    before = snapshot(saved)
    response = put(client, saved, body, key, raw=True)
    assert response.status_code == 400, response.content
    errors = response.json()["errors"]
    assert errors and all(set(e) == {"deal", "field", "message"} and e["message"] for e in errors)
    assert field in {e["field"] for e in errors}
    assert snapshot(saved) == before


def test_400_lists_every_bad_deal(client, saved, key):
    sheet = simulated_sheet(saved, seed=3)
    sheet[2]["points"] = [1, 1]
    sheet[9]["roem"] = [10, 0]
    before = snapshot(saved)
    response = put(client, saved, {"version": 1, "deals": sheet}, key)
    assert response.status_code == 400
    assert {(e["deal"], e["field"]) for e in response.json()["errors"]} == {(3, "points"), (10, "roem")}
    assert snapshot(saved) == before


def test_409_on_a_stale_version_shows_the_current_sheet(client, saved, key):
    before = snapshot(saved)
    response = put(client, saved, {"version": 0, "deals": simulated_sheet(saved, seed=9)}, key)
    assert response.status_code == 409
    data = response.json()
    assert data["version"] == 1
    assert len(data["deals"]) == 16
    assert [d["scores"] for d in data["deals"]] == [[s[6], s[7]] for s in before[2]]
    assert data["detail"]
    assert snapshot(saved) == before


def test_put_unknown_match_is_404(client, key):
    response = put(client, type("M", (), {"pk": 999999})(), {"version": 0, "deals": []}, key)
    assert response.status_code == 404


# --- the schema ----------------------------------------------------------------------------------


def test_openapi_schema_documents_the_match_api(client):
    schema = client.get("/api/openapi.json").json()
    paths = schema["paths"]
    components = schema["components"]["schemas"]
    assert "get" in paths["/api/matches/{match_id}"]
    put_op = paths["/api/matches/{match_id}/deals"]["put"]
    assert {"200", "400", "401", "403", "404", "405", "409", "413"} == set(put_op["responses"])
    body = put_op["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/SheetIn"}
    assert set(components["SheetIn"]["properties"]) == {"version", "deals", "clear"}
    assert "points" in components["DealIn"]["properties"]
    assert put_op["security"] == [{"BearerToken": []}]
    assert schema["components"]["securitySchemes"]["BearerToken"]["scheme"] == "bearer"
    assert "MatchOut" in components


def test_the_put_answer_is_what_a_fresh_get_reads(client, match, key, django_assert_max_num_queries):
    """The PUT answers from the saved row without reading the match a fourth time; what it answers
    must be exactly what the next GET reads (sides, totals, deals, version, status)."""
    body = {"version": 0, "deals": simulated_sheet(match, seed=9)}
    # 21: the save and its answer, plus the page cache's two reads of the match's key that store the
    # answer for the next GET (which then runs one query instead of five)
    with django_assert_max_num_queries(21):
        response = put(client, match, body, key)
    assert response.status_code == 200, response.content
    answered = response.json()
    with override_settings(PAGE_CACHE_ENABLED=False):  # rendered afresh, not the answer the PUT stored
        assert answered == client.get(url(match)).json()
    assert answered["version"] == 1 and len(answered["deals"]) == len(body["deals"])
    again = put(client, match, dict(body, version=1, deals=simulated_sheet(match, seed=10)), key).json()
    with override_settings(PAGE_CACHE_ENABLED=False):
        assert again == client.get(url(match)).json() and again["totals"] != answered["totals"]
