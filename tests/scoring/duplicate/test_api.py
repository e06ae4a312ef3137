"""A duplicate competition in the public API, as the other formats: listed with its format, its
standings (points = matchpoint percentage), its rounds with their tables."""

from __future__ import annotations

import pytest

from scoring.duplicate.selectors import load_evening

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_format_standings_and_rounds(client, played_evening):
    setup = played_evening
    competition = setup.competition
    listed = {c["slug"]: c for c in client.get("/api/competitions").json()}
    assert listed[competition.slug]["format"] == "duplicate"
    schema = client.get("/api/openapi.json").json()
    assert "duplicate" in schema["components"]["schemas"]["CompetitionOut"]["properties"]["format"]["enum"]

    standings = client.get(f"/api/competitions/{competition.slug}/standings").json()
    assert standings["format"] == "duplicate"
    rows = standings["rows"]
    assert len(rows) == 8 and rows[0]["rank"] == 1
    totals = load_evening(setup).totals
    for row in rows:
        total = totals[row["entrant_id"]]
        assert row["points"] == round(float(total.percentage), 1)
        assert row["match_points"] == total.matchpoints and row["played"] == 16
    assert [r["points"] for r in rows] == sorted((r["points"] for r in rows), reverse=True)

    round_ = client.get(f"/api/competitions/{competition.slug}/rounds/3").json()
    assert round_["number"] == 3 and [m["table"] for m in round_["matches"]] == [1, 2, 3, 4]
    assert all(m["status"] == "confirmed" and len(m["sides"]) == 2 for m in round_["matches"])
    match = client.get(f"/api/matches/{round_['matches'][0]['id']}").json()
    assert len(match["deals"]) == 4
