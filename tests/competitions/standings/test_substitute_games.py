"""Issue 33 item 11: a substitute's games count the same in played, won and lost: what moves to the
member (or to nobody) moves whole — the rounds and their results."""

from __future__ import annotations

import pytest

from competitions.standings import standings
from tests.competitions.standings.test_season_rules import by_letter, substitute_evening

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "counts_for, a_games, s_games",
    [
        ("substitute", (1, 1, 0, 0), (1, 1, 0, 0)),
        ("member", (2, 2, 0, 0), None),  # A's round 1 (400–300) and S's round 2 for A (500–200)
        ("nobody", (1, 1, 0, 0), None),
    ],
)
def test_a_substitutes_games_count_the_same_in_played_won_and_lost(counts_for, a_games, s_games):
    comp, people = substitute_evening(counts_for)
    rows = by_letter(standings(comp), people)

    def games(row):
        return (row.played, row.won, row.drawn, row.lost)

    assert games(rows["A"]) == a_games
    assert (games(rows["S"]) if "S" in rows else None) == s_games
    for row in rows.values():
        assert row.played == row.won + row.drawn + row.lost, row.name
