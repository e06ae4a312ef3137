"""Pair keys and counters: frozenset keys, tuple keys normalised, recording a round."""

from __future__ import annotations

from collections import Counter

from competitions.pairings import count_pairs, normalise_counter, pair_key, record_round


def test_normalise_counter_accepts_both_key_kinds() -> None:
    counts = normalise_counter({(1, 2): 1, (2, 1): 2, frozenset({3, 4}): 1, (5, 5): 4, (6, 7): 0})
    assert counts == Counter({frozenset({1, 2}): 3, frozenset({3, 4}): 1})
    assert normalise_counter(None) == Counter()


def test_count_pairs_from_list_or_counter() -> None:
    assert count_pairs([(1, 2), (2, 1), frozenset({1, 3})]) == Counter({pair_key(1, 2): 2, pair_key(1, 3): 1})
    assert count_pairs(Counter({(1, 2): 2})) == Counter({pair_key(1, 2): 2})


def test_record_round_four_and_three() -> None:
    partnered: Counter = Counter()
    opposed: Counter = Counter()
    record_round([(0, 1, 2, 3), (4, 5, 6)], partnered, opposed)
    assert partnered == Counter({pair_key(0, 2): 1, pair_key(1, 3): 1})
    assert set(opposed) == {pair_key(a, b) for a, b in [(0, 1), (0, 3), (2, 1), (2, 3), (4, 5), (4, 6), (5, 6)]}
