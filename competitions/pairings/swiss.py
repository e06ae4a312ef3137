"""Swiss-system rounds as one minimum-cost perfect matching."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence

from .counters import PairKey, count_pairs, pair_key
from .matching import min_cost_perfect_matching

Pairing = tuple[int, int | None]

_BYE = "bye"  # the phantom node whose partner in the matching sits out
_WINDOWS = (8, 32)  # non-met neighbours per entrant in the sparse attempts, before the complete graph


def swiss_round(ranking: Sequence[int], met: Iterable[Iterable[int]], byes: Iterable[int] = ()) -> list[Pairing]:
    """Pair the next Swiss round.

    ``ranking``: entrant indexes, best first. ``met``: the pairs that already played, as 2-tuples
    (either order) or ``frozenset({a, b})``; a pair listed twice (or a ``Counter`` with count 2)
    has met twice. ``byes``: entrants that already had a bye (repeats count).

    One minimum-cost perfect matching over all entrants (plus a phantom *bye* node when the count
    is odd), with costs in strict tiers, each outweighing everything below it:

    1. rematches: the number of earlier meetings of each pair, so a rematch happens only when no
       rematch-free pairing exists (and then as few, and as rarely repeated, as possible);
    2. the bye: to the lowest-ranked entrant without one;
    3. rank distance squared, so neighbours in the ranking meet (1–2, 3–4, ...).

    Returns ``(better, worse)`` pairs ordered by the better-ranked entrant; the bye is
    ``(entrant, None)`` in its entrant's place. Deterministic.

    Choice: "without a bye" is a hard rule — an entrant that had a bye gets no second one while
    someone without one is left (even at the price of a rematch); if everyone had one, those
    with the fewest byes are eligible. "Lowest-ranked" is the soft tier 2 above, below rematches.
    Choice: for speed the matching is first solved on sparse graphs — each entrant linked to its
    8, then 32 nearest-ranked entrants it has not met — and such a result is kept only when it is
    perfect and gives the bye to the lowest-ranked eligible entrant (or the graph held every
    not-met pair); otherwise the complete graph with the rematch costs decides. Tiers 1 and 2 are
    therefore always exact; tier 3 is exact whenever the optimum pairs nobody further apart than
    the window (in practice always: a far pair costs its squared rank distance).
    """
    order = list(ranking)
    n = len(order)
    if len(set(order)) != n:
        raise ValueError("swiss_round: the ranking lists an entrant twice")
    if n == 0:
        return []
    rank = {entrant: i for i, entrant in enumerate(order)}
    met_counts = Counter({key: c for key, c in count_pairs(met).items() if key <= rank.keys()})
    eligible = _bye_eligible(order, byes) if n % 2 else []

    # Cost tiers (integers, exact): distance < bye unit < rematch unit.
    distance_total = n**3 + 1  # > any sum of squared rank distances of one matching
    bye_unit = distance_total
    rematch_unit = (n + 1) * bye_unit + distance_total
    bye_cost = {e: bye_unit * k for k, e in enumerate(reversed(eligible))}  # lowest eligible: 0
    lowest_eligible = eligible[-1] if eligible else None

    def edge_cost(a: int, b: int) -> int:
        return rematch_unit * met_counts[pair_key(a, b)] + (rank[a] - rank[b]) ** 2

    nodes: list[int | str] = [*order, _BYE] if n % 2 else list(order)
    bye_edges: list[tuple[Hashable, Hashable, int]] = [(e, _BYE, bye_cost[e]) for e in eligible]

    windows = () if _someone_met_everyone(order, met_counts) else _WINDOWS
    for window in windows:
        edges, everything = _window_edges(order, met_counts, window)
        window_edges: list[tuple[Hashable, Hashable, int]] = [(a, b, edge_cost(a, b)) for a, b in edges]
        pairs = min_cost_perfect_matching(nodes, window_edges + bye_edges)
        if pairs is not None and (everything or lowest_eligible is None or (lowest_eligible, _BYE) in pairs):
            return _ordered(pairs, rank)  # rematch-free and the right bye: exact in tiers 1 and 2
        if everything:
            break  # all not-met pairs were in: a rematch (or another bye) is needed
    # The complete graph with the rematch costs: exact in every tier.
    complete: list[tuple[Hashable, Hashable, int]] = [
        (order[i], order[j], edge_cost(order[i], order[j])) for i in range(n) for j in range(i + 1, n)
    ]
    pairs = min_cost_perfect_matching(nodes, complete + bye_edges)
    assert pairs is not None  # a complete graph (with an eligible bye when odd) always has one
    return _ordered(pairs, rank)


def _bye_eligible(order: list[int], byes: Iterable[int]) -> list[int]:
    """Entrants that may take the bye, in ranking order: those with the fewest earlier byes."""
    bye_counts = Counter(byes)
    fewest = min(bye_counts[e] for e in order)
    return [e for e in order if bye_counts[e] == fewest]


def _someone_met_everyone(order: list[int], met_counts: Counter[PairKey]) -> bool:
    """Whether an entrant has met all others: then a rematch is unavoidable."""
    met_by: Counter[int] = Counter()
    for key in met_counts:
        met_by.update(key)
    return any(met_by[e] == len(order) - 1 for e in order) and len(order) > 1


def _window_edges(order: list[int], met_counts: Counter[PairKey], window: int) -> tuple[list[tuple[int, int]], bool]:
    """Each entrant linked to its ``window`` nearest-ranked entrants it has not met (both sides).

    The flag is true when that is every pair that has not met (the window reached everyone).
    """
    n = len(order)
    edges: set[tuple[int, int]] = set()
    everything = True
    for i, a in enumerate(order):
        found = 0
        for d in range(1, n):
            for j in (i - d, i + d):
                if 0 <= j < n and not met_counts[pair_key(a, order[j])]:
                    edges.add((min(i, j), max(i, j)))
                    found += 1
            if found >= window:
                everything = everything and d == n - 1
                break
    return [(order[i], order[j]) for i, j in sorted(edges)], everything


def _ordered(pairs: list[tuple[Hashable, Hashable]], rank: dict[int, int]) -> list[Pairing]:
    """``(better, worse)`` or ``(entrant, None)`` pairs, ordered by the better-ranked entrant."""
    result: list[Pairing] = []
    for u, v in pairs:
        if u == _BYE or v == _BYE:
            entrant = v if u == _BYE else u
            assert isinstance(entrant, int)  # the matching's nodes are the entrants and _BYE
            result.append((entrant, None))
        else:
            assert isinstance(u, int) and isinstance(v, int)
            result.append((u, v) if rank[u] < rank[v] else (v, u))
    result.sort(key=lambda pairing: rank[pairing[0]])
    return result
