"""Pairs of orthogonal Latin squares, the skeleton of a duplicate movement in which every pair meets
every pair of the other line once (issue 24). Pure, no Django.

A movement of ``n`` tables is two ``n × n`` squares over N–S pair (row) × E–W pair (column):
``rounds[t][e]`` is the round in which N–S pair *t* meets E–W pair *e*, ``wallets[t][e]`` the
wallet set they play. Each square must be Latin (every pair meets every other once and plays every
wallet once, and a round seats everyone once) and the two orthogonal (every wallet set is at one
table per round). :func:`square_pair` returns such a pair, normalised so that round 1 seats E–W
pair *t* at table *t* with wallet set *t* (the numbering the movement card and the pages use):

- odd ``n`` and multiples of four: over a ring R of order ``n``, round *r* seats E–W pair *e* at
  table ``e + a·r`` with wallet set ``t + r``, where a, 1 and a + 1 are units of R. Odd ``n``:
  R = Z_n and a = 1, the plain Mitchell. ``n = 2^k·m`` (k ≥ 2, m odd): R = GF(2^k) × Z_m and
  a = (x, 1), x the generator of the field;
- 10: the pair below, found by ``scripts/orthogonal_search.py 10 1`` (a random Latin square whose
  transversals are searched for ten disjoint ones; about a minute);
- products: a pair of order ``p·q`` from pairs of orders ``p`` and ``q`` (30 = 3 × 10);
- 2 and 6: no pair exists (Euler's 36 officers for 6, proved by Tarry in 1900; for 2, trivially);
- 14, 18, 22, 26: pairs exist (Bose, Shrikhande and Parker, 1960) but none is built here yet.
"""

from __future__ import annotations

from functools import lru_cache

Square = tuple[tuple[int, ...], ...]

#: Found by ``scripts/orthogonal_search.py 10 1``; checked by the tests (Latin and orthogonal).
ORDER_10 = (
    ("9173068254", "0615472389", "4328605197", "3251897640", "6740519832",
     "2839740516", "8567934021", "1984256703", "5096123478", "7402381965"),
    ("0673592841", "8407231659", "5239078164", "4098156273", "7980624315",
     "2751849036", "6512380497", "9846713520", "3125467908", "1364905782"),
)  # fmt: skip
_FIELD_POLYNOMIALS = {4: 0b111, 8: 0b1011, 16: 0b10011, 32: 0b100101, 64: 0b1000011}


class _Ring:
    """GF(2^k) × Z_m for n = 2^k · m (m odd): elements 0..n-1 as u + 2^k · v; Z_n for odd n."""

    def __init__(self, n: int) -> None:
        power = 1
        while n % (2 * power) == 0:
            power *= 2
        self.power = power if power >= 4 else 1
        self.odd = n // self.power

    def add(self, x: int, y: int) -> int:
        p = self.power
        return ((x % p) ^ (y % p)) + p * ((x // p + y // p) % self.odd)

    def times_a(self, x: int) -> int:
        """x times a = (generator, 1): doubles u in GF(2^k) (reduced), keeps v."""
        p = self.power
        u, v = x % p, x // p
        if p > 1:
            u <<= 1
            if u & p:
                u ^= _FIELD_POLYNOMIALS[p]
        return u + p * v


def _ring_pair(n: int) -> tuple[Square, Square]:
    ring = _Ring(n)
    rounds = [[0] * n for _ in range(n)]
    wallets = [[0] * n for _ in range(n)]
    for r in range(n):
        shift = ring.times_a(r)
        for e in range(n):
            t = ring.add(e, shift)
            rounds[t][e] = r
            wallets[t][e] = ring.add(t, r)
    return tuple(map(tuple, rounds)), tuple(map(tuple, wallets))


def _product(p: tuple[Square, Square], q: tuple[Square, Square]) -> tuple[Square, Square]:
    """The direct product: index (i, k) as i · len(q) + k."""
    m = len(q[0])
    n = len(p[0]) * m
    return tuple(
        tuple(tuple(a[i // m][j // m] * m + b[i % m][j % m] for j in range(n)) for i in range(n)) for a, b in zip(p, q)
    )  # type: ignore[return-value]


def _normalised(pair: tuple[Square, Square]) -> tuple[Square, Square]:
    """Relabel E–W pairs, wallet sets and rounds so that round 0 has E–W pair t and wallet set t at
    table t (relabelling keeps both squares Latin and orthogonal)."""
    rounds, wallets = pair
    n = len(rounds)
    first = rounds[0][0]
    ew_of = {next(e for e in range(n) if rounds[t][e] == first): t for t in range(n)}  # old → new
    wallet_of = {wallets[t][next(e for e in range(n) if rounds[t][e] == first)]: t for t in range(n)}
    round_of = {first: 0} | {r: i + 1 for i, r in enumerate(sorted(set(range(n)) - {first}))}
    new_rounds = [[0] * n for _ in range(n)]
    new_wallets = [[0] * n for _ in range(n)]
    for t in range(n):
        for e in range(n):
            new_rounds[t][ew_of[e]] = round_of[rounds[t][e]]
            new_wallets[t][ew_of[e]] = wallet_of[wallets[t][e]]
    return tuple(map(tuple, new_rounds)), tuple(map(tuple, new_wallets))


@lru_cache(maxsize=64)
def square_pair(n: int) -> tuple[Square, Square] | None:
    """Rounds and wallets of a movement of ``n`` tables meeting every pair once, or None (2, 6
    and the orders not built: 14, 18, 22, 26 …)."""
    if n < 1:
        return None
    if n % 2 == 1 or n % 4 == 0:
        return _ring_pair(n)  # already normalised: round 0 seats e at table e with set e
    if n == 10:
        rounds, wallets = (tuple(tuple(int(c) for c in row) for row in square) for square in ORDER_10)
        return _normalised((rounds, wallets))
    for p in range(3, n // 2 + 1):
        if n % p == 0 and p % 2 == 1:
            q = square_pair(n // p)
            if q is not None and n // p != 1:
                return _normalised(_product(_ring_pair(p), q))
    return None
