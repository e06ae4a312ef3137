""" "Het reglement in gewone taal": known sentences for known settings, on the pages and in standings.pdf."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from competitions.models import Competition
from competitions.standings.plain import plain_rules
from tests.competitions.pdf_overlap import overlaps
from tests.competitions.season.conftest import played_season
from tests.readback import pdf_pages_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_a_best_5_of_7_season_in_dutch():
    competition = Competition(
        name="Wintercompetitie",
        rounds_per_evening=3,
        deals_per_match=16,
        rule_options={"four_jacks": 100},
        planned_evenings=7,
        evening_dates=["2026-09-04", "2027-03-05"],
        evening_start=datetime.time(19, 30),
        standings_method="best_n",
        count_best=5,
        absence_policy="fixed",
        absence_points=5000,
        bye_policy="fixed_pit",
        bye_points=1600,
        tie_breakers=["total", "head_to_head"],
    )
    with translation.override("nl"):
        sentences = plain_rules(competition)
    assert sentences == [
        "Individuele clubavonden van 3 rondes van 16 spellen, met elke ronde een nieuwe loting van de maten, "
        "volgens de regels van Amsterdams.",
        "Huisregels: Vier boeren (roem): 100 (in plaats van 200).",
        "Het seizoen telt 7 avonden van 4 september 2026 tot en met 5 maart 2027, aanvang 19:30.",
        "De beste 5 avonden van een speler tellen voor het kampioenschap.",
        "Wie afwezig is, krijgt 5.000 punten.",
        "Wie een ronde uitgeloot wordt, krijgt 1.600 punten plus een pit.",
        "Bij gelijke stand beslist: punten aan tafel, het onderling resultaat; wie dan nog gelijk staan, delen de plaats.",
        "Prijzen: plaatsen 1 tot en met 4. De laagste score van de avond van wie alle rondes speelde krijgt de "
        "poedelprijs.",
    ]


def test_teams_on_match_points_in_english():
    competition = Competition(name="Bond", format="teams", ruleset="rotterdam", points_win=2, points_draw=1)
    sentences = plain_rules(competition)
    assert sentences[0] == "Teams of four play at two tables, 16 deals a table, by the Rotterdam rules."
    assert "A team match won earns 2 match points, a draw 1, a loss 0; match points rank first." in sentences
    assert not any("absent" in s for s in sentences)


def test_every_competition_page_shows_it_and_the_overview_opens_it(client, club):
    competition, _players = played_season(club, rule_options={"pit_bonus": 50})
    sentence = "House rules: Pit bonus: 50 (instead of 100)."
    overview = client.get(competition.get_absolute_url()).content.decode()
    assert sentence in overview and '<details class="plain-rules" id="plain-rules" open>' in overview
    for url in (f"/competitions/{competition.slug}/standings/", f"/competitions/{competition.slug}/rounds/1/"):
        html = client.get(url).content.decode()
        assert sentence in html and '<details class="plain-rules" id="plain-rules">' in html


def test_standings_pdf_prints_it_at_the_foot_without_overlap(client, club):
    competition, _players = played_season(club, rule_options={"pit_bonus": 50})
    response = client.get(f"/competitions/{competition.slug}/standings.pdf")
    text = " ".join(" ".join(pdf_pages_text(response.content)).split())
    assert "The reglement in plain words" in text
    assert "House rules: Pit bonus: 50 (instead of 100)." in text
    assert text.index("Dirk Das") < text.index("The reglement in plain words")
    assert overlaps(response.content) == []


def test_the_reglement_options_of_real_clubs_in_dutch():
    competition = Competition(
        name="Wintercompetitie",
        standings_method="best_n",
        count_best=5,
        best_from="season_end",
        min_evenings=5,
        planned_evenings=7,
        points_champion=True,
        absence_policy="lowest",
        unexcused_policy="nothing",
        missed_round_policy="fixed_pit",
        missed_round_points=1450,
        verzaakt_player_penalty=100,
        substitute_counts_for="member",
        bye_policy="average",
    )
    with translation.override("nl"):
        sentences = plain_rules(competition)
    for sentence in [
        "De beste 5 avonden van een speler tellen voor het kampioenschap.",
        "Tot de laatste geplande avond telt elke avond mee; de slechtste avonden vallen pas aan het eind af.",
        "Alleen wie minstens 5 avonden gespeeld heeft, komt in aanmerking; de anderen staan onderaan zonder plaats.",
        "Puntenkampioen is wie over alle avonden samen de meeste punten heeft.",
        "Wie zich heeft afgemeld, krijgt de laagste score van de avond. "
        "Wie zonder afmelding afwezig is, krijgt voor die avond niets.",
        "Wie te laat komt, krijgt per gemiste ronde 1.450 punten plus een pit.",
        "Wie verzaakt, verliest 100 punten van de eigen score; de maat niet.",
        "De score van een invaller telt voor het afwezige lid.",
    ]:
        assert sentence in sentences, sentences
