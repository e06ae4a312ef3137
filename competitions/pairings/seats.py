"""Seats at one drawn table: who partners whom, and who sits North (deals first)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

_SPLITS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))


def seat_table(
    players: Sequence[int], partner_cost: Sequence[Sequence[int]], north_counts: Mapping[int, int], rng: random.Random
) -> tuple[int, ...]:
    """The seats ``(N, E, S, W)`` (or ``(N, E, S)``) of a table of these players.

    A table of four takes the partner split of least ``partner_cost`` (``partner_cost[i][j]``:
    the extra cost of ``players[i]`` and ``players[j]`` as partners; ties drawn by ``rng``).
    North goes to the player with the fewest ``north_counts`` (ties drawn by ``rng``); at a
    table of four South is their partner, East and West are drawn.
    """
    people = list(players)
    order = sorted(range(len(people)), key=lambda i: (north_counts.get(people[i], 0), rng.random()))
    north = order[0]
    if len(people) == 3:
        others = [i for i in range(3) if i != north]
        rng.shuffle(others)
        return (people[north], people[others[0]], people[others[1]])
    costs = [partner_cost[a][b] + partner_cost[c][d] for (a, b), (c, d) in _SPLITS]
    cheapest = [split for split, cost in zip(_SPLITS, costs) if cost == min(costs)]
    split = cheapest[rng.randrange(len(cheapest))]
    (a, b), (c, d) = split
    south = b if a == north else a if b == north else d if c == north else c
    east, west = [i for i in range(4) if i not in (north, south)]
    if rng.random() < 0.5:
        east, west = west, east
    return (people[north], people[east], people[south], people[west])
