"""The API a generated client can trust: one JSON error shape for every refusal, every status
documented, unique component names, the constraints in the schema, Swagger UI without a CDN."""

import pytest
from django.contrib.staticfiles import finders
from django.test import override_settings

from tests.factories import CompetitionFactory, RoundFactory, named_team_entrants, pair_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    comp = CompetitionFactory(format="pairs", slug="paren", name="Parencompetitie")
    a, b = named_team_entrants(comp, ["Aas", "Boer"])
    match = pair_match(RoundFactory(competition=comp, number=1), a, b, (1500, 1400))
    return comp, match


@pytest.fixture
def schema(client):
    return client.get("/api/openapi.json").json()


def assert_error_shape(response, status):
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["detail"] and body["errors"]
    assert all(set(e) == {"deal", "field", "message"} and e["message"] for e in body["errors"])
    return body


@pytest.mark.parametrize(
    "url, field",
    [
        ("/api/matches/abc", "match_id"),
        ("/api/matches/0", "match_id"),
        ("/api/matches/99999999999999999999999", "match_id"),
        ("/api/competitions/paren/rounds/abc", "number"),
        ("/api/competitions/paren/rounds/0", "number"),
        ("/api/competitions/par%20en/standings", "slug"),
        ("/api/competitions/%C3%A9/standings", "slug"),
    ],
)
def test_a_bad_path_parameter_is_400_naming_it(client, league, url, field):
    body = assert_error_shape(client.get(url), 400)
    assert [e["field"] for e in body["errors"]] == [field]


@pytest.mark.parametrize(
    "url",
    [
        "/api/competitions/a%2Fb/standings",  # an encoded slash
        "/api/competitions//standings",  # an empty slug
        "/api/competitions/paren/rounds/",
        "/api/competitions/",
        "/api/nothing-here",
        "/api/matches/999999",
        "/api/competitions/nope/rounds/1",
    ],
)
def test_unknown_addresses_are_404_json(client, league, url):
    assert_error_shape(client.get(url), 404)


def test_a_method_an_address_does_not_have_is_405_json_with_allow(client, league):
    response = client.delete("/api/competitions/paren/standings")
    assert_error_shape(response, 405)
    assert "GET" in response["Allow"]


@override_settings(DEBUG=True)
def test_errors_stay_json_under_debug(client, league):
    assert_error_shape(client.get("/api/nothing-here"), 404)
    assert_error_shape(client.get("/api/matches/abc"), 400)


def test_401_is_the_translated_error_shape(client, league):
    _comp, match = league
    response = client.put(f"/api/matches/{match.pk}/deals", data="{}", content_type="application/json")
    body = assert_error_shape(response, 401)
    assert response["WWW-Authenticate"] == "Bearer"
    assert body["errors"][0]["field"] == "Authorization"
    assert "API-token" in body["detail"]  # Dutch by default
    english = client.post(
        f"/api/matches/{match.pk}/confirm", data="{}", content_type="application/json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "API token" in assert_error_shape(english, 401)["detail"]


def test_component_names_are_unique_and_the_round_points_at_its_own_match_schema(schema):
    components = schema["components"]["schemas"]
    round_matches = components["RoundOut"]["properties"]["matches"]["items"]
    assert round_matches == {"$ref": "#/components/schemas/RoundMatchOut"}
    assert set(components["RoundMatchOut"]["properties"]) >= {"id", "table", "status", "url", "sides"}
    assert set(components["MatchOut"]["properties"]) >= {"id", "sides", "rules", "version", "status", "deals", "totals"}


def test_a_served_round_validates_against_its_schema(client, league, schema):
    """The answer's keys are exactly the schema's required properties, at each level."""
    components = schema["components"]["schemas"]
    data = client.get("/api/competitions/paren/rounds/1").json()
    assert set(data) == set(components["RoundOut"]["required"])
    assert set(data["matches"][0]) == set(components["RoundMatchOut"]["required"])
    assert set(data["matches"][0]["sides"][0]) == set(components["RoundSideOut"]["required"])


def test_every_operation_documents_every_status_it_answers(schema):
    ops = {(path, method): op for path, item in schema["paths"].items() for method, op in item.items()}
    expected = {
        ("/api/competitions", "get"): {"200"},
        ("/api/competitions/{slug}/standings", "get"): {"200", "400", "404"},
        ("/api/competitions/{slug}/rounds/{number}", "get"): {"200", "400", "404"},
        ("/api/matches/{match_id}", "get"): {"200", "400", "404"},
        ("/api/matches/{match_id}/deals", "put"): {"200", "400", "401", "403", "404", "409", "413"},
        ("/api/matches/{match_id}/confirm", "post"): {"200", "400", "401", "403", "404", "409", "413"},
    }
    for key, statuses in expected.items():
        assert set(ops[key]["responses"]) == statuses | {"405"}, key  # every operation lists its 405 (issue 34)
        for status, response in ops[key]["responses"].items():
            ref = response["content"]["application/json"]["schema"]
            if status.startswith("4") and status != "409":
                assert ref == {"$ref": "#/components/schemas/ApiErrors"}, (key, status)
    assert ops[("/api/matches/{match_id}/confirm", "post")]["security"] == [{"BearerToken": []}]
    assert ops[("/api/matches/{match_id}", "get")]["security"] == [{}, {"BearerToken": []}]
    assert schema["components"]["schemas"]["ConflictOut"]["required"] == ["detail", "errors", "version", "deals"]


def test_the_schema_states_the_constraints(schema):
    c = schema["components"]["schemas"]
    sheet, deal = c["SheetIn"], c["DealIn"]
    assert sheet["additionalProperties"] is False and deal["additionalProperties"] is False
    assert sheet["required"] == ["version", "deals"] and sheet["properties"]["version"]["minimum"] == 0
    assert sheet["properties"]["deals"]["maxItems"] == 256
    assert deal["required"] == ["points"]
    for name in ("points", "roem"):
        assert (deal["properties"][name]["minItems"], deal["properties"][name]["maxItems"]) == (2, 3)
        assert deal["properties"][name]["items"]["minimum"] == 0
    assert deal["properties"]["points"]["items"]["maximum"] == 162
    assert "162" in deal["properties"]["points"]["description"]
    assert {"type": "string", "enum": ["A", "B", "C"]} in deal["properties"]["bidder"]["anyOf"]
    assert {"type": "integer", "enum": [0, 1, 2]} in deal["properties"]["bidder"]["anyOf"]
    assert deal["properties"]["challenge"]["maximum"] == 3
    assert {"enum": ["C", "D", "H", "S"], "type": "string"} in deal["properties"]["trump"]["anyOf"]
    assert c["ConfirmIn"]["required"] == ["version"] and c["ConfirmIn"]["additionalProperties"] is False
    assert set(c["CompetitionOut"]["properties"]["format"]["enum"]) == {"individual", "pairs", "teams", "duplicate"}
    assert "amsterdam" in c["CompetitionOut"]["properties"]["rules"]["enum"]
    assert "best_n" in c["CompetitionOut"]["properties"]["standings_method"]["enum"]
    assert set(c["MatchOut"]["properties"]["status"]["enum"]) == {"open", "draft", "entered", "confirmed"}
    assert set(c["RoundSideOut"]["properties"]["result"]["enum"]) == {"win", "draw", "loss", ""}
    assert {"type": "string", "format": "date"} in c["RoundOut"]["properties"]["date"]["anyOf"]
    assert set(c["DealOut"]["required"]) == set(c["DealOut"]["properties"])
    match_id = schema["paths"]["/api/matches/{match_id}"]["get"]["parameters"][0]["schema"]
    assert match_id["minimum"] == 1 and match_id["type"] == "integer"


def test_swagger_ui_is_served_from_our_own_static_files(client):
    page = client.get("/api/docs").content.decode()
    assert "swagger-ui-bundle.js" in page and "/static/ninja/swagger-ui-bundle.js" in page
    assert "cdn" not in page.lower() and "https://" not in page
    assert finders.find("ninja/swagger-ui-bundle.js") and finders.find("ninja/swagger-ui.css")
