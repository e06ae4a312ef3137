"""The API as generated clients use it (issue 34 item 8): the schema validates with
openapi-spec-validator; what a client sends has no field made required by a default; every operation
lists its 405; the evening-totals rows are typed as sent and a row error names the row; a deal read
can be sent back unchanged; and ``deals: []`` on an entered sheet is refused unless it says it clears."""

from __future__ import annotations

import json

import pytest
from openapi_spec_validator import validate

from clubs.tokens import create_token
from competitions.models import Competition, Match
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def schema(client):
    return client.get("/api/openapi.json").json()


def test_the_schema_validates(schema):
    validate(schema)  # raises with the place at fault (a link parameter was the integer 1)


def sent_schemas(schema) -> set[str]:
    names = set()
    for operations in schema["paths"].values():
        for operation in operations.values():
            body = operation.get("requestBody")
            if body:
                names |= set(json.dumps(body).split('"#/components/schemas/')[1:])
    return {name.split('"')[0] for name in names} | {"DealIn"}


def test_no_field_clients_send_has_a_default_that_makes_it_required(schema):
    components = schema["components"]["schemas"]
    for name in sent_schemas(schema):
        for field, prop in components[name].get("properties", {}).items():
            assert "default" not in prop, (name, field)
    deal = components["DealIn"]
    assert set(deal.get("required", [])) <= {"points"}
    assert "(default: [0, 0])" in deal["properties"]["roem"]["description"]
    assert "confirm" not in components["CompetitionPatchIn"].get("required", [])


def test_every_operation_lists_its_405_and_rows_are_typed(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert "405" in operation["responses"], (method, path)
    row = schema["components"]["schemas"]["EveningTotalIn"]["properties"]
    assert row["points"]["type"] == "integer"
    assert row["date"] == {**row["date"], "type": "string", "format": "date"}
    problem = schema["components"]["schemas"]["ApiProblem"]["properties"]
    assert "row" in problem


def test_a_row_error_names_the_row(client):
    organiser = UserFactory(username="rij-org")
    match = seated_match(club=ClubFactory(slug="troef"), slug="rijen")
    from clubs.models import StaffRole

    StaffRole.objects.create(user=organiser, club=match.round.competition.club, role=StaffRole.Role.ORGANISER)
    response = client.post(
        f"/api/competitions/{match.round.competition.slug}/evening-totals",
        json.dumps({"rows": [{"player": "Anna Aap", "date": "2025-09-05", "points": 10}, {"player": "B C"}]}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {create_token(organiser)}",
    )
    assert response.status_code == 400
    assert {(e["row"], e["deal"]) for e in response.json()["errors"]} == {(2, 0)}


@pytest.fixture
def entered(client):
    match = seated_match(club=ClubFactory(slug="troef"), slug="terugsturen")
    scorer = UserFactory(username="terug-scorer", scorer_of=match.round.competition.club)
    token = create_token(scorer)
    saved = put(client, match, token, {"version": 0, "deals": simulated_sheet(match, seed=4)})
    assert saved.status_code == 200
    return match, token, saved.json()


def put(client, match, token, body):
    return client.put(
        f"/api/matches/{match.pk}/deals",
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )


def test_a_deal_read_is_sent_back_unchanged(client, entered):
    match, token, read = entered
    again = put(client, match, token, {"version": read["version"], "deals": read["deals"]})
    assert again.status_code == 200, again.content
    assert again.json()["version"] == read["version"]  # the same sheet: nothing changed


def test_an_empty_sheet_clears_an_entered_one_only_when_it_says_so(client, entered):
    match, token, read = entered
    refused = put(client, match, token, {"version": read["version"], "deals": []})
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "deals"
    assert '"clear": true' in refused.json()["detail"]
    assert Match.objects.get(pk=match.pk).status == Match.Status.ENTERED
    cleared = put(client, match, token, {"version": read["version"], "deals": [], "clear": True})
    assert cleared.status_code == 200 and cleared.json()["deals"] == []
    assert Competition.objects.filter(slug="terugsturen").exists()


def test_a_match_read_has_one_shape(schema):
    answer = schema["paths"]["/api/matches/{match_id}"]["get"]["responses"]["200"]["content"]["application/json"]
    ref = answer["schema"]["$ref"].rsplit("/", 1)[-1]
    match = schema["components"]["schemas"][ref]
    assert "table_url" in match["properties"] and "table_url" not in match["required"]
