"""The evening's report for the local paper (issue 26 item 14), on the hand-computed season of
``test_season_rules`` (evening 3: A C 1100 – B D 500 | E G 800 – F H 800; after it A = C 2800,
F 2500, E = G 2300, B = D 2200, H 1800, I 700)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import translation

from competitions.models import Competition, Round
from competitions.standings.metrics import StandingRow
from competitions.standings.report import evening_report
from core.numbers import quotient
from tests.competitions.standings.test_season_rules import add_evening, season
from tests.factories import CompetitionFactory, EntrantFactory, EveningFactory, PlayerFactory, played_match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

EXPECTED = (
    "On the club evening of Friday 3 October 2025 of {club} ({competition}, evening 3) 8 players took part. "
    "The evening was won by Speler A and Speler C with 1,100 points. "
    "The top 5: 1=. Speler A 1,100, 1=. Speler C 1,100, 3=. Speler E 800, 3=. Speler F 800, 3=. Speler G 800, "
    "3=. Speler H 800. "
    "The highest game was 1,100, by Speler A & Speler C (round 1, table 1). "
    "Evening average: 800 points. Highest evening so far: 1,100, Speler A and Speler C (evening 3). "
    "Lowest evening so far: 500, Speler B and Speler D (evening 3). "
    "Most points over all evenings: Speler A and Speler C, 2,800. "
    "Present every evening (3): Speler A, Speler B, Speler C, Speler D, Speler E, Speler F and Speler G. "
    "Season standing after this evening: at the top Speler A and Speler C with 2,800 points, "
    "then Speler F (2,500), Speler E (2,300). "
    "Points champion so far (every evening added up): Speler A and Speler C with 2,800 points."
)


def test_the_report_of_an_evening_is_the_paragraph_a_paper_prints(client):
    comp, people = season(points_champion=True)
    evening = comp.evenings.get(number=3)
    evening.date = datetime.date(2025, 10, 3)
    evening.save()
    add_evening(comp, people, 4)  # a later evening does not change the standing "after this evening"
    text = evening_report(evening)
    assert text == EXPECTED.format(club=comp.club.name, competition=comp.name)
    api = client.get(f"/api/competitions/{comp.slug}/evenings/3/report").json()
    assert api == {"evening": 3, "date": "2025-10-03", "text": text}
    page = client.get(reverse("competitions:evening", args=[comp.slug, 3])).content.decode()
    assert f'data-copy-url="/api/competitions/{comp.slug}/evenings/3/report"' in page
    assert reverse("competitions:evening-report", args=[comp.slug, 3]) in page
    report = client.get(reverse("competitions:evening-report", args=[comp.slug, 3])).content.decode()
    assert 'data-copy="evening-report-text"' in report and "Speler F (2,500)" in report


def test_an_evening_without_results_has_no_report(client):
    comp, _people = season()
    evening = comp.evenings.create(number=9)
    assert evening_report(evening) == ""
    assert client.get(f"/api/competitions/{comp.slug}/evenings/9/report").json()["text"] == ""


#: The same evening as the local paper prints it: in Dutch (the club's language), dates and numbers
#: written the Dutch way (vrijdag 3 oktober 2025, 1.100).
EXPECTED_NL = (
    "Op de clubavond van vrijdag 3 oktober 2025 van {club} ({competition}, avond 3) speelden 8 spelers mee. "
    "De avond werd gewonnen door Speler A en Speler C met 1.100 punten. "
    "De top 5: 1=. Speler A 1.100, 1=. Speler C 1.100, 3=. Speler E 800, 3=. Speler F 800, 3=. Speler G 800, "
    "3=. Speler H 800. "
    "De hoogste partij was 1.100, van Speler A & Speler C (ronde 1, tafel 1). "
    "Avondgemiddelde: 800 punten. Hoogste avond tot nu toe: 1.100, Speler A en Speler C (avond 3). "
    "Laagste avond tot nu toe: 500, Speler B en Speler D (avond 3). "
    "Meeste punten over alle avonden: Speler A en Speler C, 2.800. "
    "Elke avond aanwezig (3): Speler A, Speler B, Speler C, Speler D, Speler E, Speler F en Speler G. "
    "Seizoensstand na deze avond: bovenaan Speler A en Speler C met 2.800 punten, "
    "daarna Speler F (2.500), Speler E (2.300). "
    "Puntenkampioen tot nu toe (alle avonden opgeteld): Speler A en Speler C met 2.800 punten."
)


def test_the_report_in_dutch_is_the_paragraph_the_local_paper_prints(client):
    comp, people = season(points_champion=True)
    evening = comp.evenings.get(number=3)
    evening.date = datetime.date(2025, 10, 3)
    evening.save()
    add_evening(comp, people, 4)
    with translation.override("nl"):
        text = evening_report(evening)
    assert text == EXPECTED_NL.format(club=comp.club.name, competition=comp.name)
    api = client.get(f"/api/competitions/{comp.slug}/evenings/3/report", HTTP_ACCEPT_LANGUAGE="nl").json()
    assert api["text"] == text


def average_season():
    """Best average, one table of four, four evenings (A C – B D): 1001–999, 1000–1000, 1000–1000,
    1000–1001. A = C: 4001 / 4 = 1000.25, shown 1000.3 (half up; Django's number_format cut it to
    1000); B = D: 4000 / 4 = 1000."""
    comp = CompetitionFactory(format="individual", standings_method=Competition.StandingsMethod.BEST_AVERAGE)
    people = dict(
        zip("ABCD", [PlayerFactory(club=comp.club, name=full_name) for full_name in [f"Speler {x}" for x in "ABCD"]])
    )
    for person in people.values():
        EntrantFactory(competition=comp, player=person)
    for number, totals in enumerate(((1001, 999), (1000, 1000), (1000, 1000), (1000, 1001)), start=1):
        round_ = Round.objects.create(
            competition=comp,
            number=number,
            evening=EveningFactory(competition=comp, number=number),
            evening_round=1,
            status=Round.Status.PUBLISHED,
        )
        played_match(round_, totals=totals, players=[people[x] for x in "ABCD"])
    return comp


def test_an_average_is_rounded_half_up_in_the_report_not_cut_off():
    comp = average_season()
    text = evening_report(comp.evenings.get(number=4))
    assert "at the top Speler A and Speler C with 1,000.3 points, then Speler B (1,000), Speler D (1,000)." in text
    with translation.override("nl"):
        dutch = evening_report(comp.evenings.get(number=4))
    assert "Speler A en Speler C met 1.000,3 punten" in dutch and "Speler B (1.000)" in dutch, dutch


@pytest.mark.parametrize(
    ("numerator", "denominator", "places", "expected"),
    [(7, 2, 0, 4), (-7, 2, 0, -4), (2, 3, 0, 1), (65, 4, 1, 16.3), (4001, 4, 1, 1000.3), (200, 3, 0, 67)],
)
def test_one_helper_divides_and_rounds_half_up(numerator, denominator, places, expected):
    assert quotient(numerator, denominator, places) == expected


def test_made_percent_uses_it():
    row = StandingRow(name="x", bids=6, made=4)
    assert row.made_percent == 67  # 66.67 rounded half up
    assert StandingRow(name="y", bids=8, made=5).made_percent == 63  # 62.5 → 63
