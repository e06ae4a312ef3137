"""round_robin: every pair meets once (twice when double), byes, home/away balance."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from competitions.pairings import round_robin


def _check_cycle(rounds: list[list[tuple[int, int | None]]], n: int) -> Counter:
    """Invariants of one cycle; returns the (home, away) counter of the games."""
    games: Counter = Counter()
    byes: Counter = Counter()
    assert len(rounds) == (n if n % 2 else n - 1)
    for rnd in rounds:
        seen = [e for game in rnd for e in game if e is not None]
        assert sorted(seen) == list(range(n)), "every entrant exactly once per round"
        for home, away in rnd:
            if away is None:
                byes[home] += 1
            else:
                games[(home, away)] += 1
    pairs = Counter(frozenset(g) for g in games.elements())
    assert len(pairs) == n * (n - 1) // 2 and set(pairs.values()) == {1}
    assert byes == (Counter(range(n)) if n % 2 else Counter())
    return games


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=30))
def test_single_round_robin_invariants(n: int) -> None:
    rounds = round_robin(n)
    games = _check_cycle(rounds, n)
    home = Counter(h for h, _ in games.elements())
    away = Counter(a for _, a in games.elements())
    for e in range(n):
        assert abs(home[e] - away[e]) <= 1
        if n % 2:
            assert home[e] == away[e]


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=30))
def test_at_most_one_break_per_entrant(n: int) -> None:
    """Alternating home/away: at most one break (two home or two away in a row) per cycle."""
    sequence: dict[int, list[str]] = {e: [] for e in range(n)}
    for rnd in round_robin(n):
        for home, away in rnd:
            if away is not None:
                sequence[home].append("H")
                sequence[away].append("A")
    for seq in sequence.values():
        assert sum(seq[k] == seq[k + 1] for k in range(len(seq) - 1)) <= 1


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=30))
def test_double_round_robin_swaps_home_and_away(n: int) -> None:
    single = round_robin(n)
    double = round_robin(n, double=True)
    half = len(single)
    assert double[:half] == single
    first = _check_cycle(double[:half], n)
    second = _check_cycle(double[half:], n)
    assert second == Counter({(a, h): c for (h, a), c in first.items()})
    home = Counter(h for h, _ in (first + second).elements())
    assert all(home[e] == n - 1 for e in range(n)), "home exactly half the games over two cycles"


def test_small_and_invalid_counts() -> None:
    assert round_robin(0) == [] and round_robin(1) == [] and round_robin(1, double=True) == []
    assert round_robin(2) == [[(0, 1)]]
    assert round_robin(2, double=True) == [[(0, 1)], [(1, 0)]]
    assert all(rnd[-1][1] is None for rnd in round_robin(7)), "the bye is listed last"
    with pytest.raises(ValueError):
        round_robin(-1)


def test_large_league_is_quick_and_complete() -> None:
    rounds = round_robin(400)
    assert len(rounds) == 399 and all(len(rnd) == 200 for rnd in rounds)
    assert len({frozenset(g) for rnd in rounds for g in rnd}) == 400 * 399 // 2
