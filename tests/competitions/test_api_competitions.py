"""The public JSON API of competitions (DESIGN.md contract 3)."""

import pytest

from tests.factories import (
    ByeFactory,
    CompetitionFactory,
    RoundFactory,
    generated_individual,
    named_team_entrants,
    pair_match,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    comp = CompetitionFactory(
        format="pairs", slug="paren", name="Parencompetitie", ruleset="rotterdam", bye_policy="fixed", bye_points=1000
    )
    a, b, c = named_team_entrants(comp, ["Aas", "Boer", "Heer"])
    r1 = RoundFactory(competition=comp, number=1)
    match = pair_match(r1, a, b, (1500, 1500))
    ByeFactory(round=r1, entrant=c)
    RoundFactory(competition=comp, number=2, status="draft")
    return comp, match


def test_list_of_public_competitions(client, league):
    CompetitionFactory(slug="geheim", is_public=False)
    data = client.get("/api/competitions").json()
    assert data == [
        {
            "slug": "paren",
            "name": "Parencompetitie",
            "format": "pairs",
            "rules": "rotterdam",
            "club": league[0].club.name,
            "standings_method": "total",
            "url": "/competitions/paren/",
        }
    ]


def test_standings_rank_ascending_and_tied_entrants_share_a_rank(client, league):
    comp, _ = league
    response = client.get("/api/competitions/paren/standings")
    assert response.status_code == 200
    rows = response.json()["rows"]
    assert [(r["rank"], r["rank_label"], r["name"], r["points"], r["played"]) for r in rows] == [
        (1, "1=", "Aas", 1500, 1),
        (1, "1=", "Boer", 1500, 1),
        (3, "3", "Heer", 1000, 0),
    ]
    assert rows[0]["drawn"] == 1 and rows[0]["match_points"] == 1 and rows[2]["byes"] == 1
    assert {"roem", "nat", "pits", "tegenpits", "bids", "made_percent", "average", "prize"} <= rows[0].keys()
    ranks = [r["rank"] for r in rows]
    assert ranks == sorted(ranks)


def test_individual_standings_include_each_evening(client):
    generated_individual(players=8, evenings=2, rounds=2, slug="avonden", standings_method="best_n", count_best=1)
    rows = client.get("/api/competitions/avonden/standings").json()["rows"]
    assert len(rows) == 8
    assert all(len(r["evenings"]) == 2 and sum(e["counted"] for e in r["evenings"]) == 1 for r in rows)
    assert all(r["points"] == max(e["points"] for e in r["evenings"]) for r in rows)


def test_round_with_tables_sides_players_totals(client, league):
    _, match = league
    data = client.get("/api/competitions/paren/rounds/1").json()
    assert data["number"] == 1 and data["byes"] == ["Heer"]
    (table,) = data["matches"]
    assert table["id"] == match.pk and table["table"] == 1 and table["status"] == "confirmed"
    assert table["url"] == f"/matches/{match.pk}/"
    assert [(s["name"], s["total"], s["result"]) for s in table["sides"]] == [
        ("Aas", 1500, "draw"),
        ("Boer", 1500, "draw"),
    ]
    assert table["sides"][0]["players"] == ["Aas A", "Aas B"]


@pytest.mark.parametrize(
    "url",
    [
        "/api/competitions/nope/standings",
        "/api/competitions/nope/rounds/1",
        "/api/competitions/paren/rounds/2",
        "/api/competitions/paren/rounds/7",
        "/api/competitions/geheim/standings",
    ],
)
def test_unknown_private_or_unpublished_answer_404_json(client, league, url):
    CompetitionFactory(slug="geheim", is_public=False)
    response = client.get(url)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json") and "detail" in response.json()


def test_the_endpoints_are_in_the_openapi_schema(client):
    paths = client.get("/api/openapi.json").json()["paths"]
    assert "/api/competitions" in paths
    assert "/api/competitions/{slug}/standings" in paths
    assert "/api/competitions/{slug}/rounds/{number}" in paths
    standings = paths["/api/competitions/{slug}/standings"]["get"]
    assert {"200", "404"} <= set(standings["responses"])


def test_the_api_is_read_only(client, league):
    assert client.post("/api/competitions/paren/standings").status_code == 405
