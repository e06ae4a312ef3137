"""Issue 33, "Done when": a real club's season brought in from its spreadsheet under "best 5 of 7, at
least 5, struck at the end" (the reglement template), read as the club publishes it. Known answers
computed by hand (points per evening; "-" absent):

    evening   1     2     3     4     5     6     7    all   best 5
    Anna    5000  4800  5200  4900  5100  5300  4700  35000  25500   every evening
    Bert    5400  5100   -    5000  4600  4900  5200  30200  25600
    Cor     4500  5600  4800   -    5000   -    5100  25000  25000
    Dirk    6000  5900  5800  5700   -     -     -    23400  (4 evenings: not qualified)
    Els     4000   -    4200  4400  4300  4100  4500  25500  21500

After 2 evenings the running total (plain sum, nobody has 5 evenings yet, nothing decided): Dirk 11900,
Bert 10500, Cor 10100, Anna 9800, Els 4000. After the 7th: Bert 25600 champion, Anna 25500, Cor
25000, Els 21500; Dirk listed without a place; Anna the points champion (35000).
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from competitions.season import services
from competitions.season.history import HistoryRefused, import_evening_totals
from competitions.season.reglementen import BY_KEY
from competitions.standings import evening_results
from competitions.standings.report import evening_report
from tests.factories import ClubFactory, UserFactory
from tests.readback import pdf_pages_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

SCORES = {
    "Anna Aap": (5000, 4800, 5200, 4900, 5100, 5300, 4700),
    "Bert Bok": (5400, 5100, None, 5000, 4600, 4900, 5200),
    "Cor Cavia": (4500, 5600, 4800, None, 5000, None, 5100),
    "Dirk Das": (6000, 5900, 5800, 5700, None, None, None),
    "Els Eend": (4000, None, 4200, 4400, 4300, 4100, 4500),
}
DATES = [datetime.date(2025, 9, 5) + datetime.timedelta(weeks=i) for i in range(7)]


def rows_of(evenings):
    return [
        {"player": name, "date": DATES[i].isoformat(), "points": points[i]}
        for name, points in SCORES.items()
        for i in evenings
        if points[i] is not None
    ]


@pytest.fixture
def season():
    club = ClubFactory(slug="westerwolde")
    organiser = UserFactory(username="wedstrijdleider", organiser_of=club)
    values = {**BY_KEY["best-5-of-7"].settings(), "name": "Clubavonden 2025-2026", "points_champion": True}
    competition = services.create_competition(club=club, user=organiser, values=values)
    return competition, organiser


def test_a_season_brought_in_is_ranked_as_the_club_publishes_it(client, season):
    competition, organiser = season
    assert (competition.count_best, competition.min_evenings, competition.best_from) == (5, 5, "season_end")
    import_evening_totals(competition=competition, user=organiser, rows=rows_of(range(2)), create_players=True)
    api = client.get(f"/api/competitions/{competition.slug}/standings").json()["rows"]
    # after 2 evenings: a ranked running total, nothing decided yet (contract 3)
    assert [(r["name"], r["rank"], r["qualified"], r["points"]) for r in api] == [
        ("Dirk Das", 1, None, 11900),
        ("Bert Bok", 2, None, 10500),
        ("Cor Cavia", 3, None, 10100),
        ("Anna Aap", 4, None, 9800),
        ("Els Eend", 5, None, 4000),
    ]
    page = client.get(reverse("competitions:standings", args=[competition.slug])).content.decode()
    assert "Running total" in page and "n.r." not in page

    import_evening_totals(competition=competition, user=organiser, rows=rows_of(range(2, 7)), create_players=False)
    api = client.get(f"/api/competitions/{competition.slug}/standings").json()["rows"]
    # after the last planned evening: best 5 count, the minimum excludes Dirk (4 evenings)
    assert [(r["name"], r["rank"], r["qualified"], r["points"], r["total"]) for r in api] == [
        ("Bert Bok", 1, True, 25600, 30200),
        ("Anna Aap", 2, True, 25500, 35000),
        ("Cor Cavia", 3, True, 25000, 25000),
        ("Els Eend", 4, True, 21500, 25500),
        ("Dirk Das", None, False, 23400, 23400),
    ]

    # the imported 7th evening is an evening: places and a day winner (issue 33 item 8)
    last = competition.evenings.get(number=7)
    assert last.imported
    result = evening_results(last)
    assert [(r.name, r.rank, r.points) for r in result] == [
        ("Bert Bok", 1, 5200),
        ("Cor Cavia", 2, 5100),
        ("Anna Aap", 3, 4700),
        ("Els Eend", 4, 4500),
    ]
    page = client.get(reverse("competitions:evening", args=[competition.slug, 7])).content.decode()
    assert "Day winner" in page and "Bert Bok" in page and "Evening average: 4,875 points." in page
    pdf = client.get(reverse("competition_exports:evening_pdf", args=[competition.slug, 7]))
    assert pdf.status_code == 200 and "Evening average: 4,875 points." in " ".join(
        pdf_pages_text(b"".join(pdf.streaming_content) if pdf.streaming else pdf.content)
    )
    # a player with only imported evenings has a page behind the standings' link (not a 404)
    bert = next(r for r in result if r.name == "Bert Bok").player_id
    player_page = client.get(reverse("competitions:player", args=[competition.slug, bert]))
    assert player_page.status_code == 200 and "Bert Bok" in player_page.content.decode()
    assert "won – drawn – lost" not in player_page.content.decode()  # no "0–0–0" for evenings entered as totals

    # the report: the evening's statistics, and the champions now that the season is over
    text = evening_report(last)
    assert "Evening average: 4,875 points." in text
    assert "Highest evening of the season: 6,000, Dirk Das (evening 1)." in text
    assert "Lowest evening of the season: 4,000, Els Eend (evening 1)." in text
    assert "Most points over all evenings: Anna Aap, 35,000." in text
    assert "Present every evening (7): Anna Aap." in text
    assert "Champion of the season: Bert Bok with 25,600 points." in text
    assert "Points champion of the season (every evening added up): Anna Aap with 35,000 points." in text
    assert "so far" not in text
    # the report of evening 2 still speaks of the standing so far
    early = evening_report(competition.evenings.get(number=2))
    assert "Highest evening so far: 6,000, Dirk Das (evening 1)." in early and "Champion of the season" not in early


def test_a_negative_total_and_an_evening_of_0_rounds_are_refused(season):
    """Issue 33 item 10: refused with a message naming the field, nothing saved."""
    competition, organiser = season
    rows = [{"player": "Anna Aap", "date": DATES[0].isoformat(), "points": -200}]
    with pytest.raises(HistoryRefused) as refused:
        import_evening_totals(competition=competition, user=organiser, rows=rows, create_players=True)
    assert [(e.row, e.column) for e in refused.value.errors] == [(1, "points")]
    assert not competition.evenings.exists()
    with pytest.raises(services.SettingsRefused) as refused:
        services.create_competition(
            club=competition.club, user=organiser, values={"name": "Nul rondes", "rounds_per_evening": 0}
        )
    assert set(refused.value.errors) == {"rounds_per_evening"}


def test_the_competition_page_names_the_tie_breakers_in_words(client, season):
    """Issue 33 item 11: the template's tie-breakers ["total", "evening_average"] never show as codes."""
    competition, _organiser = season
    page = client.get(reverse("competitions:detail", args=[competition.slug])).content.decode()
    assert "evening_average" not in page and "total, " not in page
