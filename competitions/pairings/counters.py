"""Pair keys and pair counters shared by the pairing functions.

A *pair key* is ``frozenset({a, b})`` of two distinct entrant (or player) indexes: the order of
the two does not matter. The counters passed to :func:`~competitions.pairings.individual_round`
(``partnered`` and ``opposed``) and the ``met`` collection of
:func:`~competitions.pairings.swiss_round` are keyed that way; tuple keys ``(a, b)`` are accepted
too and normalised with :func:`normalise_counter` / :func:`pair_key`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

PairKey = frozenset[int]
"""``frozenset({a, b})`` with ``a != b``: an unordered pair of indexes."""


def pair_key(a: int, b: int) -> PairKey:
    """The order-free key of the pair ``a``–``b``."""
    return frozenset((a, b))


def _as_pair(item: Iterable[int]) -> PairKey | None:
    """Normalise a 2-tuple, 2-list or frozenset to a pair key; ``None`` for anything else."""
    key = frozenset(item)
    return key if len(key) == 2 else None


#: a counter's key: a frozenset or a tuple of two players
Pair = TypeVar("Pair", bound=Iterable[int])


def normalise_counter(counts: Mapping[Pair, int] | None) -> Counter[PairKey]:
    """A fresh ``Counter`` keyed by ``frozenset({a, b})`` from one keyed by frozensets or tuples.

    ``(a, b)`` and ``(b, a)`` add up to the same key. Keys that are not a pair of two distinct
    indexes (e.g. ``(3, 3)``) and non-positive counts are dropped.
    """
    result: Counter[PairKey] = Counter()
    for item, count in (counts or {}).items():
        key = _as_pair(item)
        if key is not None and count > 0:
            result[key] += count
    return result


def count_pairs(pairs: Iterable[Iterable[int]]) -> Counter[PairKey]:
    """Count a collection of pairs (2-tuples or frozensets, either order; repeats add up).

    A ``Mapping`` (e.g. a ``Counter`` of pairs) is read with its counts.
    """
    if isinstance(pairs, Mapping):
        return normalise_counter(pairs)
    result: Counter[PairKey] = Counter()
    for item in pairs:
        key = _as_pair(item)
        if key is not None:
            result[key] += 1
    return result


def table_partners(table: Sequence[int]) -> list[PairKey]:
    """Partner pairs at a table: N–S and E–W at a table of four; none at a table of three."""
    if len(table) == 4:
        north, east, south, west = table
        return [pair_key(north, south), pair_key(east, west)]
    return []


def table_opponents(table: Sequence[int]) -> list[PairKey]:
    """Opponent pairs at a table: the four cross pairs at a table of four; all three at a table
    of three (in three-player klaverjas everyone plays for themselves)."""
    if len(table) == 4:
        north, east, south, west = table
        return [pair_key(a, b) for a in (north, south) for b in (east, west)]
    return [pair_key(table[i], table[j]) for i in range(len(table)) for j in range(i + 1, len(table))]


def record_round(tables: Iterable[Sequence[int]], partnered: Counter[PairKey], opposed: Counter[PairKey]) -> None:
    """Add one drawn round to ``partnered`` and ``opposed`` in place (frozenset keys)."""
    for table in tables:
        partnered.update(table_partners(table))
        opposed.update(table_opponents(table))
