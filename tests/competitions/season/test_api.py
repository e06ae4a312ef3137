"""The organiser's API: clubs, create and change a competition, with the settings page's checks and audit."""

from __future__ import annotations

import pytest

from clubs.tokens import create_token
from competitions.models import Competition
from competitions.season.models import SettingsChange
from tests.competitions.season.conftest import played_season
from tests.factories import ClubFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def token(organiser):
    return create_token(organiser)


def call(client, method, url, token=None, body=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return getattr(client, method)(url, data=body, content_type="application/json", **headers)


def test_clubs_lists_only_the_clubs_the_user_organises(client, club, token):
    ClubFactory(slug="elders")
    assert call(client, "get", "/api/clubs", token).json() == [{"slug": "troef", "name": club.name, "is_league": False}]
    assert call(client, "get", "/api/clubs").status_code == 401


def test_create_from_a_template_with_house_rules(client, club, token, organiser):
    body = {
        "club": "troef",
        "template": "best-5-of-7",
        "name": "Seizoen 2026-2027",
        "rules": "rotterdam",
        "deals_per_match": 12,
        "rule_options": {"four_jacks": 100, "nat_on_tie": False},
        "tie_breakers": ["total", "head_to_head"],
        "evening_dates": ["2026-09-04", "2026-10-02"],
    }
    response = call(client, "post", "/api/competitions", token, body)
    assert response.status_code == 201, response.json()
    answer = response.json()
    assert answer["slug"] == "seizoen-2026-2027" and answer["club"] == "troef"
    assert (answer["rules"], answer["deals_per_match"], answer["standings_method"], answer["count_best"]) == (
        "rotterdam",
        12,
        "best_n",
        5,
    )
    assert answer["rule_options"] == {"four_jacks": 100, "nat_on_tie": False}
    assert answer["evening_dates"] == ["2026-09-04", "2026-10-02"]
    assert any("Four jacks (roem): 100" in s for s in answer["plain_rules"])
    change = SettingsChange.objects.get()
    assert (change.via, change.action, change.user) == ("api", "create", organiser)


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ({"rules": "bridge"}, ["rules"]),
        ({"rule_options": {"pit_bonus": 5000}}, ["rule_options.pit_bonus"]),
        ({"rule_options": {"pit_bonus": 50, "verzaakt_penalty": "hang"}}, ["rule_options.verzaakt_penalty"]),
        ({"tie_breakers": ["luck"]}, ["tie_breakers"]),
        ({"deals_per_match": 0}, ["deals_per_match"]),
        ({"standings_method": "best_n"}, ["count_best"]),
        ({"evening_dates": ["2026-13-01"]}, ["evening_dates"]),
        ({"name": ""}, ["name"]),
        ({"club": "nope"}, ["club"]),
        ({"colour": "green"}, ["colour"]),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_creates_nothing(client, club, token, body, fields):
    response = call(client, "post", "/api/competitions", token, {"club": "troef", "name": "X", **body})
    assert response.status_code == 400, response.json()
    assert [e["field"] for e in response.json()["errors"]] == fields
    assert not Competition.objects.exists() and not SettingsChange.objects.exists()


def test_rights_a_scorer_or_another_clubs_organiser_may_not(client, club):
    scorer = create_token(UserFactory(username="scorer", scorer_of=club))
    other = create_token(UserFactory(username="other", organiser_of=ClubFactory(slug="elders")))
    for key in (scorer, other):
        response = call(client, "post", "/api/competitions", key, {"club": "troef", "name": "X"})
        assert response.status_code == 403 and response.json()["errors"][0]["field"] == "Authorization"
    assert call(client, "post", "/api/competitions", None, {"club": "troef", "name": "X"}).status_code == 401
    assert not Competition.objects.exists()


def test_patch_changes_only_what_is_sent_and_asks_to_confirm_a_recompute(client, club, token):
    competition, _players = played_season(club)
    url = f"/api/competitions/{competition.slug}"
    renamed = call(client, "patch", url, token, {"name": "Wintercompetitie"})
    assert renamed.status_code == 200 and renamed.json()["name"] == "Wintercompetitie"
    locked = call(client, "patch", url, token, {"rule_options": {"pit_bonus": 50}})
    assert locked.status_code == 400 and locked.json()["errors"][0]["field"] == "rule_options.pit_bonus"
    change = {"standings_method": "best_n", "count_best": 1}
    asked = call(client, "patch", url, token, change)
    assert asked.status_code == 409
    assert [e["field"] for e in asked.json()["errors"]] == ["standings_method", "count_best"]
    assert '"confirm": true' in asked.json()["detail"]
    assert Competition.objects.get(pk=competition.pk).standings_method == "total"
    done = call(client, "patch", url, token, {**change, "confirm": True})
    assert done.status_code == 200 and (done.json()["standings_method"], done.json()["count_best"]) == ("best_n", 1)
    standings = client.get(f"/api/competitions/{competition.slug}/standings").json()["rows"]
    assert [(r["name"], r["points"]) for r in standings][:2] == [("Bert Bok", 1200), ("Cor Cavia", 1200)]
    assert list(SettingsChange.objects.filter(competition=competition).values_list("via", flat=True)) == ["api", "api"]


def test_patch_and_settings_of_an_unknown_or_foreign_competition(client, club, token):
    assert call(client, "patch", "/api/competitions/nope", token, {"name": "X"}).status_code == 404
    foreign, _players = played_season(ClubFactory(slug="elders"))
    assert call(client, "patch", f"/api/competitions/{foreign.slug}", token, {"name": "X"}).status_code == 403
    assert call(client, "get", f"/api/competitions/{foreign.slug}/settings", token).status_code == 403
    assert Competition.objects.get(pk=foreign.pk).name != "X"


def test_the_schema_documents_every_setting_of_the_model(client):
    schema = client.get("/api/openapi.json").json()
    create = schema["components"]["schemas"]["CompetitionCreateIn"]["properties"]
    for name in ("rules", "deals_per_match", "rounds_per_evening", "planned_evenings", "standings_method"):
        assert name in create
    assert create["format"]["anyOf"][0]["enum"] == ["individual", "pairs", "teams", "duplicate"]
    assert schema["paths"]["/api/competitions/{slug}"]["patch"]["security"] == [{"BearerToken": []}]


def test_a_season_set_up_through_the_api_alone(client, club, token):
    """Template, house rules, last evenings from the spreadsheet, standings: the organiser's API only."""
    created = call(
        client,
        "post",
        "/api/competitions",
        token,
        {
            "club": "troef",
            "template": "best-5-of-7",
            "name": "Seizoen 2026-2027",
            "planned_evenings": 3,
            "count_best": 2,
            "min_evenings": 2,
        },
    )
    assert created.status_code == 201, created.json()
    slug = created.json()["slug"]
    assert (created.json()["standings_method"], created.json()["best_from"]) == ("best_n", "season_end")
    patched = call(client, "patch", f"/api/competitions/{slug}", token, {"rule_options": {"four_jacks": 100}})
    assert patched.status_code == 200, patched.json()
    assert patched.json()["rule_options"] == {"four_jacks": 100}
    rows = [
        {"player": "Anna Aap", "date": "2026-09-04", "points": 4100},
        {"player": "Bert Bok", "date": "2026-09-04", "points": 3900},
        {"player": "Anna Aap", "date": "2026-10-02", "points": 3000},
        {"player": "Bert Bok", "date": "2026-10-02", "points": 4000},
        {"player": "Cor Cavia", "date": "2026-10-02", "points": 5000},
        {"player": "Anna Aap", "date": "2026-11-06", "points": 3500},
        {"player": "Bert Bok", "date": "2026-11-06", "points": 3600},
    ]
    imported = call(client, "post", f"/api/competitions/{slug}/evening-totals", token, {"rows": rows})
    assert imported.status_code == 200, imported.json()
    standings = client.get(f"/api/competitions/{slug}/standings").json()["rows"]
    # the third of three planned evenings is in, so the worst is struck: Bert 4000 + 3900, Anna 4100 + 3500;
    # Cor played one evening of the two needed: listed last, without a place
    assert [(r["name"], r["rank"], r["points"], r["qualified"]) for r in standings] == [
        ("Bert Bok", 1, 7900, True),
        ("Anna Aap", 2, 7600, True),
        ("Cor Cavia", None, 5000, False),
    ]
