"""The player's page at a table of three: each opponent's own total, not their sum; and the round
of the evening, not the season's internal round number."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory, RoundFactory, played_match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_each_opponent_of_a_table_of_three_is_shown(client):
    comp = CompetitionFactory(format="individual")
    a, b, c = [PlayerFactory(club=comp.club, name=full_name) for full_name in ["Anna Appel", "Bert Bos", "Cor Claes"]]
    evening = EveningFactory(competition=comp, number=11)
    round_ = RoundFactory(competition=comp, number=31, evening=evening)
    round_.evening_round = 1
    round_.save()
    played_match(round_, totals=(1500, 1400, 1409), players=(a, b, c))
    page = client.get(reverse("competitions:player", args=[comp.slug, a.pk])).content.decode()
    assert "1400 · 1409" in page
    assert "2809" not in page  # the two opponents are not summed into one 'against'
    assert ">31<" not in page  # the round shows as the evening's round 1


def test_tied_players_are_listed_by_surname_without_the_tussenvoegsel():
    from competitions.standings import evening_results_by_number, standings

    comp = CompetitionFactory(format="individual")
    players = [
        PlayerFactory(club=comp.club, name=full_name)
        for full_name in ["Zoë van der Aa", "Anna de Zwart", "Piet Meijer", "Kees van Bommel"]
    ]
    evening = EveningFactory(competition=comp, number=1)
    played_match(RoundFactory(competition=comp, number=1, evening=evening), totals=(1000, 1000), players=players)
    expected = ["Zoë van der Aa", "Kees van Bommel", "Piet Meijer", "Anna de Zwart"]  # Aa, Bommel, Meijer, Zwart
    assert [r.name for r in standings(comp)] == expected
    assert [r.name for r in evening_results_by_number(comp, 1)] == expected
