"""Fair rotation of tables of three and byes (RULES.md §9; issue 27 item 5, issue 26 item 11).

Within an evening nobody gets a second table of three (or a second bye) while another present
player has had none; over the season they go to those who had them least; the evening comes first.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from competitions.pairings import choose_byes, individual_round, record_round, table_plan
from competitions.pairings.rotation import is_fair, predicted_keys, rotation_keys, split_odd_seats


def _threes(tables) -> list[int]:
    return [p for t in tables if len(t) == 3 for p in t]


def _evening(n: int, seed: int, rounds: int, season: dict[int, int] | None = None, **keywords):
    """Rounds of an evening with the rotation counts fed back; checks each round against the rule."""
    rng = random.Random(seed)
    partnered: Counter = Counter()
    opposed: Counter = Counter()
    threes: Counter = Counter()
    byes: Counter = Counter()
    players = list(range(n))
    three_player_tables = keywords.pop("three_player_tables", True)
    for _ in range(rounds):
        keys3 = rotation_keys(players, threes, season)
        keys_bye = rotation_keys(players, byes, season)
        tables = individual_round(
            players,
            partnered,
            opposed,
            rng,
            three_player_tables,
            three_counts=threes,
            season_three_counts=season,
            bye_counts=byes,
            season_bye_counts=season,
            **keywords,
        )
        seated = {p for t in tables for p in t}
        out = [p for p in players if p not in seated]
        assert is_fair(_threes(tables), keys3), (tables, keys3)
        assert is_fair(out, keys_bye), (out, keys_bye)
        record_round(tables, partnered, opposed)
        threes.update(_threes(tables))
        byes.update(out)
    return threes, byes, partnered, opposed


# --- the split itself ------------------------------------------------------------------------


def test_split_known_answer() -> None:
    keys = {0: (0, 2), 1: (0, 0), 2: (1, 0), 3: (0, 0), 4: (0, 1), 5: (0, 0)}
    split = split_odd_seats(keys, 3)
    # Three with (0, 0): all three take it; the season's (0, 1) and (0, 2) and tonight's (1, 0) do not.
    assert split.must == {1, 3, 5} and not split.tied and split.free_seats == 0
    split = split_odd_seats(keys, 4)
    assert split.must == {1, 3, 4, 5} and not split.tied and split.never == {0, 2}
    split = split_odd_seats(keys | {6: (0, 1)}, 4)  # 4 and 6 tied for the last seat
    assert split.must == {1, 3, 5} and split.tied == {4, 6} and split.free_seats == 1
    split = split_odd_seats({p: (0, 0) for p in range(5)}, 3)
    assert split.tied == set(range(5)) and split.free_seats == 3 and not split.must


def test_split_refuses_more_seats_than_players() -> None:
    with pytest.raises(ValueError, match="rotation"):
        split_odd_seats({0: (0, 0)}, 2)


def test_predicted_keys_share_the_tied_seats() -> None:
    keys = {p: (0, 0) for p in range(4)} | {4: (1, 0)}
    split = split_odd_seats(keys, 2)
    predicted = predicted_keys(keys, split)
    assert predicted[0] == (0.5, 0) and predicted[4] == (1.0, 0)


# --- within an evening -----------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(6, 63), st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_nobody_gets_a_second_table_of_three_while_another_has_none(n: int, seed: int, rounds: int) -> None:
    threes, _, _, _ = _evening(n, seed, rounds)
    counts = [threes[p] for p in range(n)]
    assert max(counts) - min(counts) <= 1, counts


@settings(max_examples=25, deadline=None)
@given(st.integers(5, 63), st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_nobody_is_drawn_out_twice_while_another_has_not_been(n: int, seed: int, rounds: int) -> None:
    _, byes, _, _ = _evening(n, seed, rounds, three_player_tables=False)
    counts = [byes[p] for p in range(n)]
    fours, _, out = table_plan(n, False)
    assert sum(counts) == rounds * out
    assert max(counts) - min(counts) <= 1, counts


def test_thirteen_players_the_four_of_round_one_all_sit_at_threes_in_round_two() -> None:
    rng = random.Random(3)
    first = individual_round(list(range(13)), Counter(), Counter(), rng, three_counts={})
    (four,) = [t for t in first if len(t) == 4]
    partnered: Counter = Counter()
    opposed: Counter = Counter()
    record_round(first, partnered, opposed)
    second = individual_round(list(range(13)), partnered, opposed, rng, three_counts=Counter(_threes(first)))
    assert set(four) <= set(_threes(second))


def test_the_issue_evening_no_longer_piles_up() -> None:
    """Issue 27: 26 players, 3 rounds: one player three times at a table of three, five twice, twelve never.
    Now: 6 seats a round go to 18 different players, nobody twice."""
    threes, _, partnered, opposed = _evening(26, seed=27, rounds=3)
    assert sorted(Counter(threes[p] for p in range(26)).items()) == [(0, 8), (1, 18)]
    assert max(partnered.values()) == 1 and max(opposed.values()) == 1  # and still no repeat table-mate


@pytest.mark.parametrize("n", [15, 18, 21, 22, 25, 26, 29, 30, 33, 40, 63])
def test_rotation_keeps_an_evening_free_of_repeats_where_it_costs_nothing(n: int) -> None:
    """Where a fair rotation and a repeat-free evening exist together, the draw finds both."""
    _, _, partnered, opposed = _evening(n, seed=1, rounds=3)
    together = partnered + opposed
    assert max(together.values()) == 1


@pytest.mark.parametrize(("n", "least"), [(10, 8), (13, 6), (14, 4), (17, 4)])
def test_rotation_repeats_stay_at_their_pigeonhole_minimum(n: int, least: int) -> None:
    """At 10, 13, 14 and 17 players the rotation forces repeats (e.g. 13: round 2's table of four
    is four of round 1's nine players at tables of three, from three tables). The draw keeps them at
    the count worked out by hand for three rounds (13: at least 2 in round 2 — the table of four takes
    two of one round-1 table, the four players of round 1's table of four share three tables of three —
    and more in round 3; 14: at least 4 in round 2 alone)."""
    _, _, partnered, opposed = _evening(n, seed=2, rounds=3)
    together = partnered + opposed
    assert sum(c - 1 for c in together.values()) <= least
    assert max(together.values()) <= 2


# --- over the season -------------------------------------------------------------------------


def test_season_counts_pick_the_tables_of_three_at_the_first_round() -> None:
    # 7 players: one table of four, one of three. 4, 5 and 6 had no table of three this season.
    season = {0: 3, 1: 2, 2: 2, 3: 1, 4: 0, 5: 0, 6: 0}
    for seed in range(10):
        tables = individual_round(list(range(7)), Counter(), Counter(), random.Random(seed), season_three_counts=season)
        assert sorted(_threes(tables)) == [4, 5, 6]


def test_the_evening_comes_before_the_season() -> None:
    # 7 players: 4, 5, 6 had none this season but sat at the three tonight; 3 of the others go now.
    season = {0: 3, 1: 2, 2: 2, 3: 1, 4: 0, 5: 0, 6: 0}
    tonight = {4: 1, 5: 1, 6: 1}
    tables = individual_round(
        list(range(7)), Counter(), Counter(), random.Random(1), three_counts=tonight, season_three_counts=season
    )
    assert sorted(_threes(tables)) == [1, 2, 3]


@settings(max_examples=30, deadline=None)
@given(st.integers(7, 40), st.integers(0, 2**32 - 1), st.data())
def test_season_rotation_is_followed_round_after_round(n: int, seed: int, data) -> None:
    season = {p: data.draw(st.integers(0, 4)) for p in range(n)}
    threes, _, _, _ = _evening(n, seed, 3, season=season)
    counts = [threes[p] for p in range(n)]
    assert max(counts) - min(counts) <= 1


def test_a_season_of_evenings_spreads_tables_of_three() -> None:
    """Ten evenings of 13 players, 3 rounds: 27 seats at tables of three an evening, 270 in all, over
    13 players: everyone has 20 or 21 at the end (without the season counts: anything)."""
    season: Counter = Counter()
    for evening in range(10):
        threes, _, _, _ = _evening(13, seed=100 + evening, rounds=3, season=dict(season))
        season.update(threes)
    assert sum(season.values()) == 270
    assert max(season.values()) - min(season.values()) <= 1, season


def test_choose_byes_tonight_first_then_season() -> None:
    rng = random.Random(0)
    # 0 and 1 had no bye on earlier evenings but one tonight; 2..5 had two earlier and none tonight.
    season = [2, 2, 3, 3, 4, 4, 5, 5, 0, 1]  # every bye this season, tonight's included
    for _ in range(10):
        assert set(choose_byes(range(6), 2, season, rng, tonight=[0, 1])) <= {2, 3, 4, 5}
    assert sorted(choose_byes(range(6), 2, season, rng)) == [0, 1]  # the season alone: 0 and 1 had fewest


def test_apart_pairs_come_before_the_rotation() -> None:
    """7 players; 4, 5 and 6 are due the table of three, but 4 and 5 must not share a table: the
    couple is kept apart and the rotation gives way in this one round."""
    season = {0: 3, 1: 2, 2: 2, 3: 1, 4: 0, 5: 0, 6: 0}
    tables = individual_round(
        list(range(7)), Counter(), Counter(), random.Random(2), season_three_counts=season, apart=[(4, 5)]
    )
    assert not any(4 in t and 5 in t for t in tables)
