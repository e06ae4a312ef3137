"""Offline search for the whist base rounds shipped in ``whist_bases.json``.

``python -m competitions.pairings.whist_search N [N ...]`` searches a base round over the cyclic
group Z_m (``m = n`` for n ≡ 1, ``m = n − 1`` plus the fixed player ∞ = ``n − 1`` for n ≡ 0 mod 4)
and adds what it finds to the data file. Only the shipped data is used at run time (:mod:`.whist`);
the tests check every developed schedule.

Method: simulated annealing over an arrangement of the base round's players into tables
(a, b, c, d). The cost counts how far the partner differences ±(a − c), ±(b − d) are from covering
every non-zero element once and the opponent differences ±(a − b), ±(a − d), ±(c − b), ±(c − d)
from covering it twice; a move swaps two seats; worse arrangements are accepted with probability
exp(−Δ/T), T falling geometrically from 3 to 0.5. Zero cost is a valid base round.

This found n = 8, 12, 16 and 20. The larger sizes were found by ``scripts/whist_search.c``, the
same cost and moves in C with a linear cooling and fresh starts (parameters in its header and in
each data entry's ``source``), bounded by a processor-time limit.
"""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

_DATA = Path(__file__).with_name("whist_bases.json")


def anneal(n: int, seed: int, iterations: int = 4_000_000) -> list[tuple[int, int, int, int]] | None:
    """A base round over Z_m for ``n`` players, or ``None`` if the annealing ends without one."""
    m = n - 1 if n % 4 == 0 else n
    infinity = m  # the fixed player of n ≡ 0 (mod 4)
    seats = list(range(m)) + [infinity] if n % 4 == 0 else list(range(1, m))
    rng = random.Random(seed)
    rng.shuffle(seats)
    partner_count, opponent_count = [0] * m, [0] * m

    def pairs(table: int) -> list[tuple[int, bool]]:
        a, b, c, d = seats[4 * table : 4 * table + 4]
        found = []
        for x, y, partners in ((a, c, True), (b, d, True), (a, b, False), (a, d, False), (c, b, False), (c, d, False)):
            if infinity not in (x, y) or n % 4 == 1:
                found += [((x - y) % m, partners), ((y - x) % m, partners)]
        return found

    def apply(found: list[tuple[int, bool]], sign: int) -> int:
        change = 0
        for v, partners in found:
            counts, want = (partner_count, 1) if partners else (opponent_count, 2)
            old = counts[v]
            counts[v] = old + sign
            change += abs(old + sign - want) - abs(old - want)
        return change

    for table in range(len(seats) // 4):
        apply(pairs(table), 1)
    cost = sum(abs(v - 1) for v in partner_count[1:]) + sum(abs(v - 2) for v in opponent_count[1:])
    temperature, decay = 3.0, (0.5 / 3.0) ** (1 / iterations)
    for _ in range(iterations):
        if cost == 0:
            return [
                (seats[4 * t], seats[4 * t + 1], seats[4 * t + 2], seats[4 * t + 3]) for t in range(len(seats) // 4)
            ]
        i, j = rng.randrange(len(seats)), rng.randrange(len(seats))
        tables = {i // 4, j // 4}
        if i == j:
            continue
        before = [pairs(t) for t in tables]
        delta = sum(apply(found, -1) for found in before)
        seats[i], seats[j] = seats[j], seats[i]
        after = [pairs(t) for t in tables]
        delta += sum(apply(found, 1) for found in after)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost += delta
        else:
            for found in after:
                apply(found, -1)
            seats[i], seats[j] = seats[j], seats[i]
            for found in before:
                apply(found, 1)
        temperature *= decay
    return None


def main(ns: list[int]) -> None:
    data = json.loads(_DATA.read_text()) if _DATA.exists() else {}
    for n in ns:
        for seed in range(4):
            base = anneal(n, seed)
            if base is not None:
                data[str(n)] = {
                    "group": [n - 1 if n % 4 == 0 else n],
                    "base": [list(t) for t in base],
                    "source": f"whist_search.anneal(n={n}, seed={seed})",
                }
                _DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
                print(f"n={n}: found (seed {seed})", flush=True)
                break
        else:
            print(f"n={n}: not found", flush=True)


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]])
