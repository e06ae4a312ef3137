"""The history import asks before it creates an evening on a date the season does not expect (issue 33
item 10): a date that is not a planned evening (a typo, 19-10-2024 for 18-10-2024, or 2031), one outside
the season's dates, one after today. Nothing is written before the organiser says yes to each such
date; then the evening is made. On the page (a tick per date, in Dutch) and through the API
(``confirm_dates``).

The season: planned evenings 20-09-2024, 18-10-2024, 15-11-2024 (season 01-09-2024 to 30-06-2025).
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from clubs.models import Player
from clubs.tokens import create_token
from competitions.models import Evening, EveningTotal
from competitions.season.history import UNPLANNED, HistoryRefused, import_evening_totals
from competitions.season.models import SettingsChange
from tests.competitions.season.test_history_page import upload, url
from tests.factories import CompetitionFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

PLANNED = ["2024-09-20", "2024-10-18", "2024-11-15"]


@pytest.fixture
def comp():
    comp = CompetitionFactory(
        format="individual",
        slug="westerwolde",
        evening_dates=PLANNED,
        planned_evenings=3,
        season_start=datetime.date(2024, 9, 1),
        season_end=datetime.date(2025, 6, 30),
    )
    [PlayerFactory(club=comp.club, name=full_name) for full_name in ["Anna Aap", "Bert Bok"]]
    return comp


@pytest.fixture
def organiser(comp):
    return UserFactory(username="org-dates", organiser_of=comp.club)


def rows(*dates):
    return [
        {"player": name, "date": day, "points": points}
        for day in dates
        for name, points in (("Anna Aap", 5000), ("Bert Bok", 4800))
    ]


def rows_with_unknown(*dates):
    return rows(*dates) + [{"player": "Cor Cavia", "date": dates[0], "points": 3000}]


def written(comp):
    return (
        list(Evening.objects.filter(competition=comp).values_list("number", "date")),
        EveningTotal.objects.filter(evening__competition=comp).count(),
        Player.objects.filter(club=comp.club).count(),
        SettingsChange.objects.filter(competition=comp).count(),
    )


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(
    "day, words",
    [
        ("2024-10-19", "19-10-2024 is not a planned evening of this season: add it anyway?"),
        ("2031-10-18", "18-10-2031 is not a planned evening of this season: add it anyway?"),
    ],
)
def test_a_date_that_is_not_planned_is_asked_and_nothing_is_written(comp, organiser, day, words):
    before = written(comp)
    with pytest.raises(HistoryRefused) as refused:
        import_evening_totals(
            competition=comp, user=organiser, rows=rows_with_unknown("2024-09-20", day), create_players=True
        )
    assert [(e.row, e.column, e.code, e.message) for e in refused.value.errors] == [(3, "date", UNPLANNED, words)]
    assert written(comp) == before  # nothing, not even a member created for an unknown name
    result = import_evening_totals(
        competition=comp,
        user=organiser,
        rows=rows("2024-09-20", day),
        create_players=True,
        confirm_dates=[datetime.date.fromisoformat(day)],
    )
    assert result.evenings_created == 2
    assert list(Evening.objects.filter(competition=comp).values_list("number", "date")) == [
        (1, datetime.date(2024, 9, 20)),
        (2, datetime.date.fromisoformat(day)),
    ]


@pytest.mark.usefixtures("english")
def test_outside_the_season_and_after_today_are_asked_too(organiser):
    comp = CompetitionFactory(
        format="individual", season_start=datetime.date(2024, 9, 1), season_end=datetime.date(2025, 6, 30)
    )
    [PlayerFactory(club=comp.club, name=full_name) for full_name in ["Anna Aap", "Bert Bok"]]
    organiser = UserFactory(username="org-dates-2", organiser_of=comp.club)
    with pytest.raises(HistoryRefused) as refused:
        import_evening_totals(
            competition=comp, user=organiser, rows=rows("2024-08-30", "2024-09-06"), create_players=False
        )
    assert [e.message for e in refused.value.errors] == [
        "30-08-2024 lies outside the season (01-09-2024 to 30-06-2025): add it anyway?"
    ]
    open_ended = CompetitionFactory(format="individual")
    [PlayerFactory(club=open_ended.club, name=full_name) for full_name in ["Anna Aap", "Bert Bok"]]
    later = (datetime.date.today() + datetime.timedelta(days=400)).isoformat()
    with pytest.raises(HistoryRefused) as refused:
        import_evening_totals(competition=open_ended, user=None, rows=rows(later), create_players=False)
    assert "cannot have been played yet" in refused.value.errors[0].message
    assert not Evening.objects.filter(competition=open_ended).exists()


@pytest.mark.usefixtures("english")
def test_a_planned_date_and_an_evening_imported_before_are_not_asked(comp, organiser):
    import_evening_totals(
        competition=comp,
        user=organiser,
        rows=rows("2024-10-19"),
        create_players=False,
        confirm_dates=[datetime.date(2024, 10, 19)],
    )
    # the same date again (its totals replaced) and a planned one need no answer
    result = import_evening_totals(
        competition=comp, user=organiser, rows=rows("2024-10-19", "2024-11-15"), create_players=False
    )
    assert result.evenings_created == 1


@pytest.mark.usefixtures("english")
def test_the_api_asks_naming_row_and_date_and_takes_confirm_dates(client, comp, organiser):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {create_token(organiser)}"}
    api = f"/api/competitions/{comp.slug}/evening-totals"
    before = written(comp)
    response = client.post(api, {"rows": rows("2024-10-19")}, content_type="application/json", **headers)
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["row"], error["field"]) == (1, "date")
    assert error["message"].startswith("19-10-2024 is not a planned evening of this season: add it anyway?")
    assert "confirm_dates" in error["message"]
    assert written(comp) == before
    response = client.post(
        api,
        {"rows": rows("2024-10-19"), "confirm_dates": ["2024-10-19"]},
        content_type="application/json",
        **headers,
    )
    assert response.status_code == 200, response.json()
    assert response.json()["evenings_created"] == 1


def test_the_page_asks_in_dutch_naming_each_date_and_writes_only_once_ticked(client, comp, organiser):
    client.force_login(organiser)
    sheet = [(r["player"], datetime.date.fromisoformat(r["date"]), r["points"]) for r in rows("2024-09-20")]
    sheet += [("Anna Aap", datetime.date(2024, 10, 19), 4000), ("Bert Bok", datetime.date(2031, 10, 18), 3900)]
    before = written(comp)
    with translation.override("nl"):
        page = upload(client, comp, sheet)
        html = page.content.decode()
        assert page.status_code == 200
        assert "19-10-2024 is geen geplande avond van dit seizoen: toch toevoegen?" in html
        assert "18-10-2031 is geen geplande avond van dit seizoen: toch toevoegen?" in html
        assert written(comp) == before
        payload = page.context["payload"]
        # only one of the two ticked: asked again (400), still nothing written
        again = client.post(url(comp), {"payload": payload, "confirm_date": ["2024-10-19"]})
        assert again.status_code == 400
        html = again.content.decode()
        assert "18-10-2031 is geen geplande avond van dit seizoen: toch toevoegen?" in html
        assert 'name="payload"' in html
        assert written(comp) == before
        done = client.post(url(comp), {"payload": payload, "confirm_date": ["2024-10-19", "2031-10-18"]})
    assert done.status_code == 302
    assert list(Evening.objects.filter(competition=comp).values_list("date", flat=True)) == [
        datetime.date(2024, 9, 20),
        datetime.date(2024, 10, 19),
        datetime.date(2031, 10, 18),
    ]
