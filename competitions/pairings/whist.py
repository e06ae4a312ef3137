"""Whist schedules: every two players partners exactly once and opponents exactly twice.

A whist tournament Wh(n) exists for every n ≡ 0 or 1 (mod 4). :func:`whist_schedule` builds one
for 8 ≤ n ≤ 64 by developing one *base round* over an additive group G:

- n ≡ 1 (mod 4): G has order n and is the set of players; round g is the base round plus g, and
  the player g (the base round leaves out 0) sits out.
- n ≡ 0 (mod 4): G has order n − 1 plus a fixed player ∞ (player n − 1); round g is the base
  round plus g with ∞ staying ∞.

The base round works when, over its tables (a, b, c, d) with partners a–c and b–d, the partner
differences ±(a − c), ±(b − d) cover every non-zero element of G once and the opponent
differences ±(a − b), ±(a − d), ±(c − b), ±(c − d) cover every non-zero element twice (pairs with
∞ excepted): developing it then meets every pair as often as required.

Sources of the base rounds:

- n = q a prime power with q ≡ 1 (mod 4) (9, 13, 17, 25, 29, 37, 41, 49, 53, 61): computed here,
  the classical construction over the field GF(q): with i a square root of −1, the tables
  (x, ix, −x, −ix) for x running over representatives of the cosets of {1, i, −1, −i} in GF(q)*
  (partner differences 2x·{±1, ±i}, opponent differences (1 − i)x·{±1, ±i}, each twice).
- n = 45 = 9·5: the same construction over the ring GF(9) × GF(5) (group Z_3 × Z_3 × Z_5), which
  works because i exists and 1 ± i, 2 are units in both components (see :func:`_ring_base`).
- n = 8, 12, 16, 20: base rounds over Z_(n−1) found offline by simulated annealing in Python
  (``python -m competitions.pairings.whist_search``).
- n = 21, 24, 28, 32, 33, 36, 40, 44, 48, 52, 56: base rounds over the cyclic group
  Z_n (n ≡ 1) or Z_(n−1) with ∞ (n ≡ 0) (Z-cyclic whist tournaments), found offline by a simulated
  annealing in C (``scripts/whist_search.c``: seat swaps, cost = how far the difference counts are
  from once and twice); each entry of ``whist_bases.json`` names the command (size, time limit,
  seed, annealing parameters) that finds it again.
- n = 64: a base round over Z_63 with ∞ that the multiplier x → 4x maps onto itself, found
  offline by ``scripts/whist_search_multiplier.c`` (it searches only a third of the tables: the
  table (∞, 21, 0, 42) is fixed, every other table T comes with 4T and 16T).
- n = 57 and 60: base rounds over Z_57 and over Z_59 with ∞ found offline by
  ``scripts/whist_search_twophase.c`` in about seven and two processor-minutes (the annealing had
  found none in 85 each): a random partner pairing whose differences cover every class once (a
  starter), then an exact backtracking search for which two partner pairs share a table.

Either way the tests check the whist property of the developed schedule for every n in range.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

MIN_PLAYERS, MAX_PLAYERS = 8, 64
_DATA = Path(__file__).with_name("whist_bases.json")

WhistTable = tuple[int, int, int, int]
#: an element of GF(p) (one coordinate) or GF(p²) (two), and of the ring R, one such per field
Element = tuple[int, ...]
RingElement = tuple[Element, ...]
#: ``(elements, multiply, number, moduli)`` of one field (:func:`_field`)
Field = tuple[list[Element], Callable[[Element, Element], Element], Callable[[Element], int], tuple[int, ...]]


def whist_schedule(n: int) -> list[list[WhistTable]]:
    """The rounds of a whist schedule for ``n`` players (0..n−1), tables as (N, E, S, W).

    N–S and E–W are partners. ``n ≡ 0 (mod 4)``: ``n − 1`` rounds, everyone plays every round;
    ``n ≡ 1 (mod 4)``: ``n`` rounds, in round ``r`` player ``r`` sits out. Every two players are
    partners exactly once and opponents exactly twice. Any other ``n`` (or outside 8..64) is a
    ``ValueError``.
    """
    if not isinstance(n, int) or isinstance(n, bool):
        raise ValueError(f"whist_schedule: n must be a whole number, got {n!r}")  # contract: ValueError
    if n % 4 not in (0, 1):
        raise ValueError(f"whist_schedule: a whist schedule needs n ≡ 0 or 1 (mod 4) players, got {n}")
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"whist_schedule: n must be between {MIN_PLAYERS} and {MAX_PLAYERS}, got {n}")
    moduli, base = base_round(n)
    return [[_shifted(table, g, moduli, n) for table in base] for g in range(_order(moduli))]


def _shifted(table: WhistTable, g: int, moduli: tuple[int, ...], n: int) -> WhistTable:
    north, east, south, west = (_shift(player, g, moduli, n) for player in table)
    return (north, east, south, west)


def _order(moduli: tuple[int, ...]) -> int:
    order = 1
    for m in moduli:
        order *= m
    return order


def _shift(player: int, g: int, moduli: tuple[int, ...], n: int) -> int:
    """``player + g`` in the group Z_m1 × Z_m2 × ... (elements numbered in mixed radix); the
    fixed player ∞ (``n − 1`` when the group has order ``n − 1``) stays put."""
    order = _order(moduli)
    if player == order:
        return player
    result, radix = 0, 1
    for m in reversed(moduli):
        result += ((player // radix) % m + (g // radix) % m) % m * radix
        radix *= m
    return result


@cache
def base_round(n: int) -> tuple[tuple[int, ...], list[WhistTable]]:
    """``(group moduli, base round)`` for ``n`` players: the round that, shifted by every element of the
    group, gives the whole schedule (:func:`whist_schedule`)."""
    fields = _fields_one_mod_four(n) if n % 4 == 1 else None
    if fields is not None:
        return _ring_base(fields)
    entry = json.loads(_DATA.read_text()).get(str(n))
    if entry is None:
        raise NotImplementedError(f"whist_schedule: no base round shipped for n={n} yet (see whist_search)")
    return tuple(entry["group"]), [tuple(t) for t in entry["base"]]


def shipped_sizes() -> list[int]:
    """Every n in range for which :func:`whist_schedule` has a schedule."""
    data = json.loads(_DATA.read_text())
    return [
        n
        for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        if n % 4 in (0, 1) and ((n % 4 == 1 and _fields_one_mod_four(n)) or str(n) in data)
    ]


def _fields_one_mod_four(n: int) -> list[tuple[int, int]] | None:
    """``n = q1·q2·…`` as prime powers ``qj = p**k`` (k in 1, 2), every ``qj ≡ 1 (mod 4)``, as
    ``[(p, k), …]``; ``None`` when ``n`` has no such factorisation (a prime factor p ≡ 3 (mod 4)
    to an odd power, or a cube)."""
    fields: list[tuple[int, int]] = []
    rest = n
    p = 2
    while rest > 1:
        if rest % p == 0:
            k = 0
            while rest % p == 0:
                rest //= p
                k += 1
            if k > 2 or (p**k) % 4 != 1:
                return None
            fields.append((p, k))
        p += 1
    return fields or None


def _field(p: int, k: int) -> Field:
    """GF(p**k), k in (1, 2): ``(elements, multiply, number, moduli)``.

    GF(p²) is Z_p[t]/(t² − r) with r a non-residue; its element a + b·t is numbered ``a·p + b``
    (the group Z_p × Z_p, first coordinate most significant).
    """
    if k == 1:
        return [(a,) for a in range(p)], lambda x, y: ((x[0] * y[0]) % p,), lambda x: x[0], (p,)
    r = next(v for v in range(2, p) if pow(v, (p - 1) // 2, p) == p - 1)

    def multiply(x: Element, y: Element) -> Element:
        return ((x[0] * y[0] + r * x[1] * y[1]) % p, (x[0] * y[1] + x[1] * y[0]) % p)

    return [(a, b) for a in range(p) for b in range(p)], multiply, lambda x: x[0] * p + x[1], (p, p)


def _ring_base(fields: list[tuple[int, int]]) -> tuple[tuple[int, ...], list[WhistTable]]:
    """The base round (x, ix, −x, −ix) over the ring R = GF(q1) × GF(q2) × …, every qj ≡ 1 (mod 4).

    i is a square root of −1 in every component. Multiplication by {1, i, −1, −i} moves no non-zero
    x of R (1 − i, 1 + i and 2 are units in every component), so the tables of one representative
    x per orbit cover R \\ {0}; partner differences 2x·{±1, ±i} cover every non-zero element once
    and opponent differences (1 − i)x·{±1, ±i} twice, zero divisors of R included. One field
    (n = 9, 13, …, 61) is the classical construction; n = 45 = 9·5 is the product GF(9) × GF(5).
    An element (e1, e2, …) is numbered in mixed radix over the moduli of its components (first most
    significant), matching :func:`_shift`.
    """
    parts = [_field(p, k) for p, k in fields]
    elements: list[RingElement] = [()]
    for field_elements, *_ in parts:
        elements = [e + (f,) for e in elements for f in field_elements]
    moduli = tuple(m for *_, part_moduli in parts for m in part_moduli)

    def multiply(x: RingElement, y: RingElement) -> RingElement:
        return tuple(part[1](a, b) for part, a, b in zip(parts, x, y))

    def number(x: RingElement) -> int:
        value = 0
        for part, component in zip(parts, x):
            value = value * _order(part[3]) + part[2](component)
        return value

    minus_one = tuple(((p - 1),) if k == 1 else (p - 1, 0) for p, k in fields)
    i = tuple(next(e for e in part[0] if part[1](e, e) == m) for part, m in zip(parts, minus_one))
    zero = elements[0]
    seen: set[RingElement] = set()
    base: list[WhistTable] = []
    for x in elements:
        if x == zero or x in seen:
            continue
        ix = multiply(i, x)
        coset = [x, ix, multiply(minus_one, x), multiply(minus_one, ix)]
        seen.update(coset)
        north, east, south, west = (number(e) for e in coset)
        base.append((north, east, south, west))
    return moduli, base
