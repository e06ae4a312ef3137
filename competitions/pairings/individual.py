"""The draw ("loting") of one round of an individual club evening."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from .counters import PairKey, normalise_counter, pair_key
from .matching import min_cost_perfect_matching

Table = tuple[int, ...]

_FIRST_DEGREE = 8  # candidates per node in the first, sparse matching attempt
_NOISE = 8  # random cost 0.._NOISE-1 per edge: variety among equally good draws
_MAX_TIER = 6  # repeat counts above this cost no more than this (keeps the integers small)


def table_plan(n: int, three_player_tables: bool = True) -> tuple[int, int, int]:
    """``(tables of four, tables of three, byes)`` for ``n`` players.

    With three-player tables: as many tables of four as possible and one, two or three tables of
    three for ``n % 4 == 3, 2, 1`` (7 = 4 + 3, 10 = 4 + 3 + 3, 13 = 4 + 3 + 3 + 3). Without them,
    ``n % 4`` players have a bye.

    Choice: ``n == 5`` cannot be split into tables of three and four: one table of four and one
    bye. Choice: fewer than 3 players (fewer than 4 without three-player tables) is a
    ``ValueError``: nobody could play.
    """
    if three_player_tables:
        if n < 3:
            raise ValueError(f"a round needs at least 3 players (a table of three), got {n}")
        if n == 5:
            return 1, 0, 1
        threes = (4 - n % 4) % 4
        return (n - 3 * threes) // 4, threes, 0
    if n < 4:
        raise ValueError(f"a round without three-player tables needs at least 4 players, got {n}")
    return n // 4, 0, n % 4


def choose_byes(
    players: Sequence[int], count: int, byes_so_far: Iterable[int], rng: random.Random
) -> list[int]:
    """Draw ``count`` players to sit out, among those with the fewest earlier byes.

    For callers that track byes exactly: draw them with this, then pass the remaining players
    (a multiple of four) to :func:`individual_round`.
    """
    earlier = Counter(byes_so_far)
    keyed = sorted((earlier[p], rng.random(), p) for p in players)
    return [p for _, _, p in keyed[:count]]


def individual_round(
    players: Sequence[int],
    partnered: Mapping[PairKey, int],
    opposed: Mapping[PairKey, int],
    rng: random.Random,
    three_player_tables: bool = True,
) -> list[Table]:
    """Draw one round of an individual evening: every present player gets a seat.

    ``players``: indexes of the players present. ``partnered`` / ``opposed``: counters keyed by
    ``frozenset({a, b})`` (tuple keys ``(a, b)`` are accepted and normalised; order does not
    matter) of how often two players were partners / opponents earlier this evening and in the
    recent evenings that should count (see :func:`~competitions.pairings.record_round`).

    Returns tables ``(N, E, S, W)`` — N–S and E–W are partners — and, when the count is not a
    multiple of four, tables of three ``(N, E, S)`` where everyone plays for themselves (see
    :func:`table_plan`).

    Choice: without three-player tables (and for 5 players) the players missing from every table
    have a bye; the contract returns tables only. The byes go to the players who played most
    games according to ``opposed`` (each game gives two opponents), ties drawn by ``rng``; to
    control byes exactly, use :func:`choose_byes` and pass the rest.

    Algorithm: (1) partners by a minimum-cost perfect matching whose cost is dominated by repeat
    partnerships; (2) the pairs to tables by a minimum-cost perfect matching of pairs whose cost
    is dominated by repeat opponents; (3) the tables of three among the players ``rng`` put there,
    grouped to minimise repeat opponents. Costs come in tiers: one more repeat of a count ``c``
    weighs more than any number of repeats of count ``c - 1``. ``rng`` shuffles the node order,
    adds a small noise and picks the seats, so draws vary but repeat for a given seed. Small
    fields try several draws and keep the best (8 up to 48 seated players, 3 up to 100).

    Choice: tables of four come first, then tables of three; within each, the order is random.
    """
    present = list(players)
    if len(set(present)) != len(present):
        raise ValueError("individual_round: a player is listed twice")
    fours, threes, bye_count = table_plan(len(present), three_player_tables)
    partner_counts = normalise_counter(partnered)
    opponent_counts = normalise_counter(opposed)

    byes = set(_draw_byes(present, bye_count, opponent_counts, rng))
    seated = [p for p in present if p not in byes]
    attempts = 8 if len(seated) <= 48 else 3 if len(seated) <= 100 else 1

    best: tuple[tuple[int, int], list[Table]] | None = None
    for _ in range(attempts):
        order = seated[:]
        rng.shuffle(order)
        at_threes, at_fours = order[: 3 * threes], order[3 * threes :]
        pairs, partner_cost = _draw_partners(at_fours, partner_counts, rng)
        tables4, cost4 = _draw_tables_of_four(pairs, opponent_counts, rng)
        tables3, cost3 = _draw_tables_of_three(at_threes, opponent_counts, rng)
        score = (partner_cost, cost4 + cost3)
        if best is None or score < best[0]:
            best = (score, tables4 + tables3)
        if score == (0, 0):
            break
    assert best is not None
    return best[1]


def _tier(count: int, base: int) -> int:
    """Cost of one pair seen ``count`` times before: 0, base, base², ... (capped)."""
    return base ** min(count, _MAX_TIER) if count else 0


def _draw_byes(present: list[int], count: int, opposed: Counter[PairKey], rng: random.Random) -> list[int]:
    """The ``count`` players who played most (two opponents a game), ties drawn by ``rng``."""
    if not count:
        return []
    index = {p: i for i, p in enumerate(present)}
    slots = [0] * len(present)
    for key, c in opposed.items():
        a, b = key
        if a in index and b in index:
            slots[index[a]] += c
            slots[index[b]] += c
    keyed = sorted((-slots[index[p]], rng.random(), p) for p in present)
    return [p for _, _, p in keyed[:count]]


def _sparse_matching(
    size: int, cost: list[list[int]], rng: random.Random
) -> tuple[list[tuple[int, int]], int]:
    """Minimum-cost perfect matching of nodes ``0..size-1`` under tiered ``cost`` plus noise.

    Each node first gets its ``_FIRST_DEGREE`` cheapest partners (ties at random); the degree
    doubles up to the complete graph while the graph has no perfect matching or the matching
    still contains a repeat (cost > 0). Returns the pairs and their total tier cost.
    """
    scale = size * _NOISE + 1  # one tier unit outweighs all noise of a matching
    noise = {}
    degree = _FIRST_DEGREE
    while True:
        complete = degree >= size - 1
        edges: set[tuple[int, int]] = set()
        for i in range(size):
            others = [j for j in range(size) if j != i]
            if not complete:
                others.sort(key=lambda j: (cost[i][j], rng.random()))
                others = others[:degree]
            edges.update((min(i, j), max(i, j)) for j in others)
        weighted = []
        for edge in sorted(edges):
            if edge not in noise:
                noise[edge] = rng.randrange(_NOISE)
            weighted.append((*edge, cost[edge[0]][edge[1]] * scale + noise[edge]))
        pairs = min_cost_perfect_matching(list(range(size)), weighted)
        if pairs is not None:
            total = sum(cost[i][j] for i, j in pairs)
            if total == 0 or complete:
                return pairs, total
        degree *= 2


def _draw_partners(
    players: list[int], partnered: Counter[PairKey], rng: random.Random
) -> tuple[list[tuple[int, int]], int]:
    """Pairs of partners among ``players`` (even count), fewest repeat partnerships first."""
    size = len(players)
    if size == 0:
        return [], 0
    base = size + 1  # > number of pairs: one repeat of count c+1 outweighs all of count c
    cost = [[_tier(partnered[pair_key(a, b)], base) if a != b else 0 for b in players] for a in players]
    pairs, total = _sparse_matching(size, cost, rng)
    return [(players[i], players[j]) for i, j in pairs], total


def _draw_tables_of_four(
    pairs: list[tuple[int, int]], opposed: Counter[PairKey], rng: random.Random
) -> tuple[list[Table], int]:
    """Match pairs to tables, fewest repeat opponents first; seats (N, E, S, W) at random."""
    size = len(pairs)
    if size == 0:
        return [], 0
    base = 2 * size + 1  # > number of opponent pairs in the round (4 per table)

    def cross(p: tuple[int, int], q: tuple[int, int]) -> int:
        return sum(_tier(opposed[pair_key(a, b)], base) for a in p for b in q)

    cost = [[cross(pairs[i], pairs[j]) if i != j else 0 for j in range(size)] for i in range(size)]
    matched, total = _sparse_matching(size, cost, rng)
    tables: list[Table] = []
    for i, j in matched:
        north_south, east_west = (pairs[i], pairs[j]) if rng.random() < 0.5 else (pairs[j], pairs[i])
        north, south = north_south if rng.random() < 0.5 else north_south[::-1]
        east, west = east_west if rng.random() < 0.5 else east_west[::-1]
        tables.append((north, east, south, west))
    rng.shuffle(tables)
    return tables, total


def _draw_tables_of_three(
    players: list[int], opposed: Counter[PairKey], rng: random.Random
) -> tuple[list[Table], int]:
    """Group ``players`` (at most 9) into tables of three with the fewest repeat opponents.

    Every grouping is tried (280 for nine players); among the cheapest, ``rng`` decides.
    """
    if not players:
        return [], 0
    base = len(players) + 1  # > number of opponent pairs (3 per table)

    def groupings(rest: list[int]) -> Iterable[list[tuple[int, int, int]]]:
        if not rest:
            yield []
            return
        first, others = rest[0], rest[1:]
        for x in range(len(others)):
            for y in range(x + 1, len(others)):
                remaining = [p for k, p in enumerate(others) if k not in (x, y)]
                for tail in groupings(remaining):
                    yield [(first, others[x], others[y]), *tail]

    def cost(grouping: list[tuple[int, int, int]]) -> int:
        return sum(
            _tier(opposed[pair_key(a, b)], base)
            for table in grouping
            for a, b in ((table[0], table[1]), (table[0], table[2]), (table[1], table[2]))
        )

    best = min(((cost(g), rng.random(), g) for g in groupings(players)), key=lambda t: t[:2])
    tables = []
    for table in best[2]:
        seats = list(table)
        rng.shuffle(seats)
        tables.append(tuple(seats))
    rng.shuffle(tables)
    return tables, best[0]
