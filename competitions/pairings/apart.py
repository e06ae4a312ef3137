"""Players who must never share a table (``apart=``, e.g. couples): is a round possible?"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

_NODE_LIMIT = 200_000  # backtracking steps before giving up (far above what couples need)


def apart_pairs(apart: Iterable[Iterable[int]] | None, present: Sequence[int]) -> list[tuple[int, int]]:
    """The ``apart`` pairs as ``(a, b)`` tuples; only pairs of two present players count.

    A pair that is not two distinct players is a ``ValueError``.
    """
    seen = set(present)
    result: set[tuple[int, int]] = set()
    for item in apart or ():
        pair = tuple(item)
        if len(pair) != 2 or pair[0] == pair[1]:
            raise ValueError(f"apart: {item!r} is not a pair of two different players")
        a, b = pair
        if a in seen and b in seen:
            result.add((min(a, b), max(a, b)))
    return sorted(result)


def assign_apart(
    pairs: Sequence[tuple[int, int]],
    sizes: Sequence[int],
    rng: random.Random,
    *,
    allowed: Sequence[frozenset[int]] | None = None,
) -> dict[int, int] | None:
    """Tables (index into ``sizes``) for the players of ``pairs`` so that no pair shares one.

    ``allowed[p]``: the table sizes player ``p`` may take (the rotation of tables of three);
    ``None``: any.

    Backtracking, most-constrained player first; interchangeable empty tables are tried once.
    Returns ``None`` when no such assignment exists. A ``ValueError`` if the search gives up
    (never seen for couples; only for pathological apart lists).
    """
    neighbours: dict[int, set[int]] = {}
    for a, b in pairs:
        neighbours.setdefault(a, set()).add(b)
        neighbours.setdefault(b, set()).add(a)
    players = sorted(neighbours, key=lambda p: (-len(neighbours[p]), p))
    tables = list(range(len(sizes)))
    rng.shuffle(tables)
    room = list(sizes)
    members: list[set[int]] = [set() for _ in sizes]
    where: dict[int, int] = {}
    steps = 0

    def place(k: int) -> bool:
        nonlocal steps
        steps += 1
        if steps > _NODE_LIMIT:
            raise ValueError("apart: too many players to keep apart; could not find a seating in time")
        if k == len(players):
            return True
        player = players[k]
        tried_empty: set[int] = set()
        for t in tables:
            if room[t] == 0 or members[t] & neighbours[player]:
                continue
            if allowed is not None and sizes[t] not in allowed[player]:
                continue
            if not members[t]:
                if sizes[t] in tried_empty:
                    continue
                tried_empty.add(sizes[t])
            members[t].add(player)
            room[t] -= 1
            where[player] = t
            if place(k + 1):
                return True
            members[t].discard(player)
            room[t] += 1
            del where[player]
        return False

    return dict(where) if place(0) else None
