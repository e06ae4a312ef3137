"""The player's page at a table of three: each opponent's own total, not their sum; and the round
of the evening, not the season's internal round number."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.competitions.standings.factories import make_competition, make_evening, make_players, make_round, play

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_each_opponent_of_a_table_of_three_is_shown(client):
    comp = make_competition(format="individual")
    a, b, c = make_players(comp.club, ["Anna Appel", "Bert Bos", "Cor Claes"])
    evening = make_evening(comp, 11)
    round_ = make_round(comp, 31, evening=evening)
    round_.evening_round = 1
    round_.save()
    play(round_, totals=(1500, 1400, 1409), players=(a, b, c))
    page = client.get(reverse("competitions:player", args=[comp.slug, a.pk])).content.decode()
    assert "1400 · 1409" in page
    assert "2809" not in page  # the two opponents are not summed into one 'against'
    assert ">31<" not in page  # the round shows as the evening's round 1


def test_tied_players_are_listed_by_surname_without_the_tussenvoegsel():
    from competitions.standings import evening_results_by_number, standings

    comp = make_competition(format="individual")
    players = make_players(comp.club, ["Zoë van der Aa", "Anna de Zwart", "Piet Meijer", "Kees van Bommel"])
    evening = make_evening(comp, 1)
    play(make_round(comp, 1, evening=evening), totals=(1000, 1000), players=players)
    expected = ["Zoë van der Aa", "Kees van Bommel", "Piet Meijer", "Anna de Zwart"]  # Aa, Bommel, Meijer, Zwart
    assert [r.name for r in standings(comp)] == expected
    assert [r.name for r in evening_results_by_number(comp, 1)] == expected
