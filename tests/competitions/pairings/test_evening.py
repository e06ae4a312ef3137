"""individual_round over a club evening: nobody twice at a table, couples apart, seats fair."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from competitions.pairings import individual_round, record_round, table_plan

ZERO_REPEAT_SIZES = [
    13,
    14,
    15,
    16,
    17,
    18,
    19,
    20,
    21,
    22,
    23,
    24,
    27,
    28,
    32,
    36,
    40,
    45,
    48,
    52,
    64,
    77,
    100,
    150,
    200,
]


def _evening(n: int, seed: int, rounds: int = 4, **keywords):
    """Four rounds fed back into the counters as the app does; returns the draws and counters."""
    rng = random.Random(seed)
    partnered: Counter = Counter()
    opposed: Counter = Counter()
    north: Counter = Counter()
    draws = []
    for _ in range(rounds):
        tables = individual_round(list(range(n)), partnered, opposed, rng, seat_counts=north, **keywords)
        record_round(tables, partnered, opposed)
        north.update(t[0] for t in tables)
        draws.append(tables)
    return draws, partnered, opposed, north


def _table_mates(draws) -> Counter:
    together: Counter = Counter()
    for tables in draws:
        for t in tables:
            together.update(frozenset((t[i], t[j])) for i in range(len(t)) for j in range(i + 1, len(t)))
    return together


@pytest.mark.parametrize("n", ZERO_REPEAT_SIZES)
def test_four_rounds_seat_no_two_players_together_twice(n: int) -> None:
    for seed in (1, 2) if n <= 24 else (1,):
        draws, _, _, _ = _evening(n, seed)
        together = _table_mates(draws)
        assert max(together.values()) == 1, f"n={n} seed={seed}: {sum(c - 1 for c in together.values())} repeats"


def test_sixteen_players_get_five_rounds_without_a_repeat() -> None:
    """An affine plane of order 4 exists; the look-ahead finds five clean rounds here."""
    draws, _, _, _ = _evening(16, seed=3, rounds=5)
    assert max(_table_mates(draws).values()) == 1


def test_twelve_players_repeat_as_little_as_possible() -> None:
    """Three tables of four: from round 2 on every table repeats (pigeonhole); never a partner twice."""
    draws, partnered, opposed, _ = _evening(12, seed=1)
    assert max(partnered.values()) == 1 and max(opposed.values()) <= 2


def test_same_seed_same_evening() -> None:
    assert _evening(40, seed=7)[0] == _evening(40, seed=7)[0]
    assert _evening(16, seed=7)[0] == _evening(16, seed=7)[0]


@pytest.mark.parametrize("n", [16, 17, 24, 40])
def test_north_rotates_over_an_evening(n: int) -> None:
    _, _, _, north = _evening(n, seed=4)
    fours, threes, _ = table_plan(n)
    assert sum(north.values()) == 4 * (fours + threes)
    # A table may hold only players who sat North already, so once is not always possible; twice
    # at most (drawn at random, North three or four times in four rounds is common).
    assert max(north.values()) <= 2
    extra = max(0, 4 * (fours + threes) - n)  # more North seats than players: some sit there twice
    assert sum(1 for c in north.values() if c == 2) <= extra + n // 6


def test_north_is_random_without_seat_counts() -> None:
    tables = individual_round(list(range(16)), Counter(), Counter(), random.Random(1))
    again = individual_round(list(range(16)), Counter(), Counter(), random.Random(1), seat_counts={})
    assert tables == again


def test_seat_counts_pick_north() -> None:
    counts = {p: 5 for p in range(4)}
    counts[2] = 0
    (table,) = individual_round([0, 1, 2, 3], Counter(), Counter(), random.Random(3), seat_counts=counts)
    assert table[0] == 2


@settings(max_examples=30, deadline=None)
@given(st.integers(6, 60), st.integers(0, 2**32 - 1), st.data())
def test_apart_pairs_never_share_a_table(n: int, seed: int, data) -> None:
    players = list(range(n))
    couples = data.draw(st.integers(1, n // 3))
    shuffled = data.draw(st.permutations(players))
    apart = [(shuffled[2 * k], shuffled[2 * k + 1]) for k in range(couples)]
    rng = random.Random(seed)
    partnered: Counter = Counter()
    opposed: Counter = Counter()
    for _ in range(3):
        tables = individual_round(players, partnered, opposed, rng, apart=apart)
        record_round(tables, partnered, opposed)
        for a, b in apart:
            assert not any(a in t and b in t for t in tables), (a, b, tables)


def test_apart_respected_with_byes_and_tables_of_three() -> None:
    apart = [(0, 1), (2, 3), (4, 5), (0, 2)]
    for n, three in ((7, True), (10, True), (13, False), (9, True)):
        tables = individual_round(list(range(n)), Counter(), Counter(), random.Random(n), three, apart=apart)
        assert not any(a in t and b in t for t in tables for a, b in apart)


@pytest.mark.parametrize(
    ("n", "apart", "three"),
    [
        (4, [(0, 1)], True),  # one table
        (6, [(0, 1), (0, 2), (1, 2)], True),  # two tables of three, a triangle apart
        (8, [(0, k) for k in range(1, 6)], True),  # 0 apart from five of seven: only 2 seats left
    ],
)
def test_impossible_apart_is_a_clear_error(n: int, apart, three: bool) -> None:
    with pytest.raises(ValueError, match="apart"):
        individual_round(list(range(n)), Counter(), Counter(), random.Random(0), three, apart=apart)


def test_apart_pairs_must_be_pairs() -> None:
    with pytest.raises(ValueError, match="not a pair"):
        individual_round(list(range(8)), Counter(), Counter(), random.Random(0), apart=[(1, 1)])
    # a pair with someone absent is ignored
    individual_round(list(range(8)), Counter(), Counter(), random.Random(0), apart=[(1, 99)])
