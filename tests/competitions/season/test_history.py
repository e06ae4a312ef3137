"""A club's history brought along (issue 26 item 12): evening totals through the API (and the
service the upload page shares), all rows or none, the same rows again change nothing, and the
imported evenings count in the standings like played ones.

Hand-computed: the club played two evenings before switching. Anna Aap 3000 + 2500 = 5500,
Bert Bok 2800 + 2900 = 5700, Cor Cavia (new, made by the API) 2000 on the second evening only.
With a minimum of 2 evenings, Cor (1 evening) is listed without a place.
"""

from __future__ import annotations

import pytest

from clubs.models import Player
from clubs.tokens import create_token
from competitions.models import Competition, Evening, EveningTotal
from competitions.season.history import HistoryRefused, import_evening_totals
from competitions.season.models import SettingsChange
from competitions.season.selectors import default_source, replay, replay_sources
from competitions.season.services import start_new_season
from competitions.standings import standings
from tests.factories import CompetitionFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

ROWS = [
    {"player": "Anna Aap", "date": "2025-09-05", "points": 3000},
    {"player": "Bert Bok", "date": "2025-09-05", "points": 2800},
    {"player": "anna  aap", "date": "2025-10-03", "points": 2500},
    {"player": "Bert Bok", "date": "2025-10-03", "points": 2900},
    {"player": "Cor Cavia", "date": "2025-10-03", "points": 2000},
]


@pytest.fixture
def setup(client):
    comp = CompetitionFactory(format="individual", min_evenings=2)
    [PlayerFactory(club=comp.club, name=full_name) for full_name in ["Anna Aap", "Bert Bok"]]
    user = UserFactory(username="org-hist", organiser_of=comp.club)
    token = create_token(user)
    return comp, {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def post(client, comp, headers, rows):
    return client.post(
        f"/api/competitions/{comp.slug}/evening-totals", {"rows": rows}, content_type="application/json", **headers
    )


def test_the_api_imports_rows_and_the_standings_count_them(client, setup):
    comp, headers = setup
    response = post(client, comp, headers, ROWS)
    assert response.status_code == 200, response.json()
    assert response.json() == {
        "evenings_created": 2,
        "totals_created": 5,
        "totals_changed": 0,
        "totals_unchanged": 0,
        "players_created": ["Cor Cavia"],
    }
    assert list(Evening.objects.filter(competition=comp).values_list("number", "date", "imported")) == [
        (1, __import__("datetime").date(2025, 9, 5), True),
        (2, __import__("datetime").date(2025, 10, 3), True),
    ]
    rows = [(r.name, r.rank, r.points, r.qualified) for r in standings(comp)]
    assert rows == [("Bert Bok", 1, 5700, True), ("Anna Aap", 2, 5500, True), ("Cor Cavia", None, 2000, False)]
    assert SettingsChange.objects.filter(competition=comp, action="import", via="api").count() == 1
    api = client.get(f"/api/competitions/{comp.slug}/standings").json()["rows"]
    assert [e["imported"] for e in api[0]["evenings"]] == [True, True]


def test_the_same_rows_again_change_nothing(client, setup):
    comp, headers = setup
    post(client, comp, headers, ROWS)
    again = post(client, comp, headers, ROWS)
    assert again.json() == {
        "evenings_created": 0,
        "totals_created": 0,
        "totals_changed": 0,
        "totals_unchanged": 5,
        "players_created": [],
    }
    assert EveningTotal.objects.count() == 5 and Player.objects.filter(club=comp.club).count() == 3
    assert SettingsChange.objects.filter(competition=comp, action="import").count() == 1  # nothing new to audit


def test_a_bad_row_is_named_and_nothing_is_imported(client, setup):
    comp, headers = setup
    bad = [*ROWS[:2], {"player": "Anna Aap", "date": "5-9-2025", "points": 100}, {"player": "", "points": "veel"}]
    response = post(client, comp, headers, bad)
    assert response.status_code == 400
    errors = [(e["row"], e["field"]) for e in response.json()["errors"]]
    assert errors == [(3, "date"), (4, "date"), (4, "player"), (4, "points")]
    assert {e["deal"] for e in response.json()["errors"]} == {0}  # rows, not deals (issue 34 item 8)
    assert "YYYY-MM-DD" in response.json()["errors"][0]["message"]
    assert not Evening.objects.filter(competition=comp).exists() and not EveningTotal.objects.exists()
    assert not Player.objects.filter(last_name="Cavia").exists()


def test_a_player_twice_on_one_date_and_an_evening_played_here_are_refused(setup):
    comp, _headers = setup
    Evening.objects.create(competition=comp, number=1, date=__import__("datetime").date(2025, 9, 5))
    with pytest.raises(HistoryRefused) as refused:
        import_evening_totals(competition=comp, user=None, rows=[ROWS[0], ROWS[0]], create_players=False)
    assert [(e.row, e.column) for e in refused.value.errors] == [(1, "date"), (2, "player")]
    assert "played in this system" in refused.value.errors[0].message


def test_unknown_names_are_refused_unless_created(setup):
    comp, _headers = setup
    with pytest.raises(HistoryRefused) as refused:
        import_evening_totals(competition=comp, user=None, rows=ROWS, create_players=False)
    assert [(e.row, e.column, e.message) for e in refused.value.errors] == [
        (5, "player", "Cor Cavia is not a member of the club.")
    ]


def test_only_an_organiser_of_the_club_may_import(client, setup):
    comp, _headers = setup
    stranger = UserFactory(username="stranger-hist")
    headers = {"HTTP_AUTHORIZATION": f"Bearer {create_token(stranger)}"}
    assert post(client, comp, headers, ROWS).status_code == 403
    assert post(client, comp, {}, ROWS).status_code == 401
    assert not EveningTotal.objects.exists()


def test_last_season_imported_from_the_spreadsheet_can_be_replayed(setup):
    """ "Speel vorig seizoen opnieuw" on a season that exists only as imported evening totals: it is a
    replay source of the next season, and best 1 evening struck from the start turns the order round
    (Anna Aap's best 3000 beats Bert Bok's 2900; Cor Cavia 2000, one evening, still below the minimum
    of 2). Nothing is saved."""
    last, _headers = setup
    organiser = UserFactory(username="org-replay", organiser_of=last.club)
    import_evening_totals(competition=last, user=organiser, rows=ROWS, create_players=True)
    season = start_new_season(
        competition=last, user=organiser, name="Seizoen 2026-2027", evening_dates=["2026-09-04", "2026-10-02"]
    )
    sources = list(replay_sources(season))
    assert sources == [last] and default_source(season, sources) == last

    lines = replay(last, {"standings_method": "best_n", "count_best": 1, "best_from": "start"})
    assert [
        (line.name, line.rank_before, line.points_before, line.rank_after, line.points_after) for line in lines
    ] == [
        ("Anna Aap", 2, 5500, 1, 3000),
        ("Bert Bok", 1, 5700, 2, 2900),
        ("Cor Cavia", None, 2000, None, 2000),
    ]
    assert not lines[2].qualified_after and not lines[2].changed
    assert Competition.objects.get(pk=last.pk).standings_method == "total"
