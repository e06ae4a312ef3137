"""individual_round: seats, table plans, reproducibility and draw quality over an evening."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from competitions.pairings import choose_byes, individual_round, record_round, table_plan

QUALITY_SIZES = [12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 28, 30, 40, 41, 64, 66, 100, 103, 200, 201]


def _evening(n: int, seed: int, rounds: int = 4, three_player_tables: bool = True):
    """Draw ``rounds`` rounds for players 0..n-1, feeding each round back into the counters."""
    rng = random.Random(seed)
    partnered: Counter = Counter()
    opposed: Counter = Counter()
    draws = []
    for _ in range(rounds):
        tables = individual_round(list(range(n)), partnered, opposed, rng, three_player_tables)
        record_round(tables, partnered, opposed)
        draws.append(tables)
    return draws, partnered, opposed


def _check_tables(tables, players, three_player_tables=True) -> None:
    fours, threes, byes = table_plan(len(players), three_player_tables)
    assert sorted(len(t) for t in tables) == [3] * threes + [4] * fours
    seated = [p for t in tables for p in t]
    assert len(seated) == len(set(seated)) == len(players) - byes
    assert set(seated) <= set(players)


@pytest.mark.parametrize("n", QUALITY_SIZES)
def test_four_rounds_without_repeat_partner_or_third_meeting(n: int) -> None:
    """The quality bar of the issue: no repeat partner, no pair opposing more than twice."""
    for seed in (1, 2) if n <= 64 else (1,):
        draws, partnered, opposed = _evening(n, seed)
        for tables in draws:
            _check_tables(tables, list(range(n)))
        assert max(partnered.values()) == 1, f"repeat partner at n={n}"
        assert max(opposed.values()) <= 2, f"a pair opposed three times at n={n}"


@pytest.mark.parametrize("n", [12, 13, 14, 15, 29, 30, 31, 101])
def test_quality_with_byes_instead_of_tables_of_three(n: int) -> None:
    draws, partnered, opposed = _evening(n, seed=5, three_player_tables=False)
    for tables in draws:
        _check_tables(tables, list(range(n)), three_player_tables=False)
        assert all(len(t) == 4 for t in tables)
    assert max(partnered.values()) == 1 and max(opposed.values()) <= 2


def test_byes_rotate_when_counters_hold_only_this_evening() -> None:
    """The bye goes to someone who has played most: nobody sits out twice in four rounds."""
    sat_out: Counter = Counter()
    draws, _, _ = _evening(13, seed=9, three_player_tables=False)
    for tables in draws:
        seated = {p for t in tables for p in t}
        sat_out.update(set(range(13)) - seated)
    assert sum(sat_out.values()) == 4 and max(sat_out.values()) == 1


def test_recent_evenings_count_too() -> None:
    """Earlier partnerships (from recent evenings) are avoided just like this evening's."""
    rng = random.Random(4)
    # 8 players who were all partners of 0 before, except 7: 0 must partner 7.
    partnered = Counter({frozenset({0, k}): 2 for k in range(1, 7)})
    for _ in range(5):
        tables = individual_round(list(range(8)), partnered, Counter(), rng)
        partners = {frozenset((t[0], t[2])) for t in tables} | {frozenset((t[1], t[3])) for t in tables}
        assert frozenset({0, 7}) in partners


def test_tuple_keys_are_accepted() -> None:
    partnered = {(1, 0): 1, (3, 2): 1}
    # partners 0-1 and 2-3 were partners before; 0-3 opposed before: only 0-3 with 1-2 is clean
    tables = individual_round([0, 1, 2, 3], partnered, {(3, 0): 1}, random.Random(1))
    north, east, south, west = tables[0]
    assert {frozenset((north, south)), frozenset((east, west))} == {frozenset({0, 3}), frozenset({1, 2})}


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, 500), min_size=3, max_size=60, unique=True),
    st.integers(0, 2**32 - 1),
    st.booleans(),
)
def test_every_present_player_is_seated_once_and_draws_repeat_for_a_seed(players, seed, three) -> None:
    if not three and len(players) < 4:
        with pytest.raises(ValueError):
            individual_round(players, Counter(), Counter(), random.Random(seed), three)
        return
    tables = individual_round(players, Counter(), Counter(), random.Random(seed), three)
    _check_tables(tables, players, three)
    assert tables == individual_round(list(players), Counter(), Counter(), random.Random(seed), three)


def test_different_seeds_give_different_draws() -> None:
    draws = {tuple(individual_round(list(range(40)), Counter(), Counter(), random.Random(s))) for s in range(5)}
    assert len(draws) == 5


@pytest.mark.parametrize(
    ("n", "three", "plan"),
    [
        (3, True, (0, 1, 0)),
        (4, True, (1, 0, 0)),
        (5, True, (1, 0, 1)),
        (6, True, (0, 2, 0)),
        (7, True, (1, 1, 0)),
        (9, True, (0, 3, 0)),
        (13, True, (1, 3, 0)),
        (14, True, (2, 2, 0)),
        (15, True, (3, 1, 0)),
        (16, True, (4, 0, 0)),
        (4, False, (1, 0, 0)),
        (7, False, (1, 0, 3)),
        (13, False, (3, 0, 1)),
    ],
)
def test_table_plan(n: int, three: bool, plan: tuple[int, int, int]) -> None:
    assert table_plan(n, three) == plan


@pytest.mark.parametrize(("n", "three"), [(0, True), (1, True), (2, True), (3, False)])
def test_too_few_players(n: int, three: bool) -> None:
    with pytest.raises(ValueError, match="at least"):
        individual_round(list(range(n)), Counter(), Counter(), random.Random(0), three)


def test_duplicate_player_is_an_error() -> None:
    with pytest.raises(ValueError, match="twice"):
        individual_round([1, 2, 3, 4, 1], Counter(), Counter(), random.Random(0))


def test_choose_byes_prefers_fewest_earlier_byes() -> None:
    rng = random.Random(2)
    assert sorted(choose_byes(list(range(6)), 2, [0, 1, 2, 3, 3], rng)) == [4, 5]
    assert len(set(choose_byes(list(range(6)), 3, [], rng))) == 3
