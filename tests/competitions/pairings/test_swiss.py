"""swiss_round: rematches only when unavoidable, neighbours meet, bye rules, determinism."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from competitions.pairings import swiss_round


def _pairings(entrants: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every perfect pairing of an even list."""
    if not entrants:
        yield []
        return
    first, rest = entrants[0], entrants[1:]
    for k, other in enumerate(rest):
        for tail in _pairings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


def _cost(pairs, ranking, met: Counter, eligible: list[int]) -> tuple[int, int, int]:
    """(rematches, bye places above the lowest eligible, squared rank distances)."""
    rank = {e: i for i, e in enumerate(ranking)}
    rematches = sum(met[frozenset(p)] for p in pairs if p[1] is not None)
    bye = [a for a, b in pairs if b is None]
    bye_place = eligible[::-1].index(bye[0]) if bye else 0
    distance = sum((rank[a] - rank[b]) ** 2 for a, b in pairs if b is not None)
    return rematches, bye_place, distance


def _eligible(ranking: list[int], byes: list[int]) -> list[int]:
    counts = Counter(byes)
    fewest = min(counts[e] for e in ranking)
    return [e for e in ranking if counts[e] == fewest]


def _brute_force_best(ranking, met: Counter, byes) -> tuple[int, int, int]:
    eligible = _eligible(ranking, byes) if len(ranking) % 2 else []
    candidates = []
    for bye in eligible or [None]:
        rest = [e for e in ranking if e != bye]
        for pairs in _pairings(rest):
            full = pairs + ([(bye, None)] if bye is not None else [])
            candidates.append(_cost(full, ranking, met, eligible))
    return min(candidates)


def _check_shape(result, ranking) -> None:
    rank = {e: i for i, e in enumerate(ranking)}
    assert sorted(e for p in result for e in p if e is not None) == sorted(ranking)
    assert sum(b is None for _, b in result) == len(ranking) % 2
    for a, b in result:
        assert b is None or rank[a] < rank[b], "(better, worse)"
    assert [rank[a] for a, _ in result] == sorted(rank[a] for a, _ in result), "ordered by the better"


@st.composite
def swiss_cases(draw):
    n = draw(st.integers(min_value=1, max_value=9))
    ranking = draw(st.permutations(draw(st.lists(st.integers(0, 40), min_size=n, max_size=n, unique=True))))
    all_pairs = list(itertools.combinations(ranking, 2))
    met = draw(st.lists(st.sampled_from(all_pairs), max_size=3 * n)) if all_pairs else []
    met = [p if draw(st.booleans()) else (p[1], p[0]) for p in met]  # either order
    byes = draw(st.lists(st.sampled_from(ranking), max_size=n))
    return list(ranking), met, byes


@settings(max_examples=150, deadline=None)
@given(swiss_cases())
def test_swiss_is_optimal_in_every_tier(case) -> None:
    """Against brute force: fewest rematches, then the lowest eligible bye, then neighbours."""
    ranking, met, byes = case
    result = swiss_round(ranking, met, byes)
    _check_shape(result, ranking)
    met_counts = Counter(frozenset(p) for p in met)
    eligible = _eligible(ranking, byes) if len(ranking) % 2 else []
    assert _cost(result, ranking, met_counts, eligible) == _brute_force_best(ranking, met_counts, byes)
    if len(ranking) % 2:
        bye = next(a for a, b in result if b is None)
        assert bye in eligible, "never a second bye while someone has none"


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=2, max_value=60), st.integers(min_value=0, max_value=10**6))
def test_no_rematch_when_avoidable_in_a_simulated_event(n: int, seed: int) -> None:
    """Rounds of a simulated event: as long as a rematch-free pairing exists (checked by a
    perfect matching on the not-met graph) the round has no rematch."""
    import networkx as nx

    rng = random.Random(seed)
    score: Counter = Counter()
    met: list[tuple[int, int]] = []
    byes: list[int] = []
    for _ in range(min(n - 1, 6)):
        ranking = sorted(range(n), key=lambda e: (-score[e], e))
        result = swiss_round(ranking, met, byes)
        _check_shape(result, ranking)
        played = {frozenset(p) for p in met}
        free = nx.complement(nx.Graph([tuple(p) for p in played]))
        free.add_nodes_from(range(n))
        if n % 2:  # the bye node may take any eligible entrant
            free.add_edges_from(("bye", e) for e in _eligible(ranking, byes))
        possible = 2 * len(nx.max_weight_matching(free, maxcardinality=True)) == free.number_of_nodes()
        rematches = [p for p in result if frozenset(p) in played]
        assert not rematches or not possible
        for a, b in result:
            if b is None:
                byes.append(a)
                score[a] += 1
            else:
                met.append((a, b))
                score[rng.choice((a, b))] += 1


def test_first_round_pairs_neighbours_and_bye_to_the_last() -> None:
    assert swiss_round([5, 3, 1, 0, 2, 4], []) == [(5, 3), (1, 0), (2, 4)]
    assert swiss_round([5, 3, 1, 0, 2], []) == [(5, 3), (1, 0), (2, None)]


def test_rematch_avoided_by_moving_down() -> None:
    assert swiss_round([0, 1, 2, 3], [(1, 0)]) == [(0, 2), (1, 3)]


def test_bye_goes_to_lowest_without_one() -> None:
    assert swiss_round([0, 1, 2, 3, 4], [], byes=[4, 3]) == [(0, 1), (2, None), (3, 4)]
    # everyone had one: those with the fewest byes are eligible
    assert swiss_round([0, 1, 2], [], byes=[0, 1, 2, 2]) == [(0, 2), (1, None)]


def test_rematch_preferred_to_a_second_bye() -> None:
    """A second bye is never given while someone has none, even at the cost of a rematch."""
    result = swiss_round([0, 1, 2], [(0, 1), (0, 2), (1, 2)], byes=[2, 1])
    assert result == [(0, None), (1, 2)]


def test_met_accepts_frozensets_tuples_and_counters() -> None:
    ranking = list(range(6))
    met = [(0, 1), (3, 2)]
    expected = swiss_round(ranking, met)
    assert swiss_round(ranking, [frozenset(p) for p in met]) == expected
    assert swiss_round(ranking, Counter({(1, 0): 1, (2, 3): 1})) == expected
    assert swiss_round(ranking, iter(met)) == expected
    assert all(frozenset(p) not in {frozenset(m) for m in met} for p in expected)


def test_deterministic_and_trivial_cases() -> None:
    rng = random.Random(3)
    ranking = rng.sample(range(100), 100)
    met = [tuple(rng.sample(ranking, 2)) for _ in range(300)]
    assert swiss_round(ranking, met) == swiss_round(list(ranking), list(met))
    assert swiss_round([], []) == []
    assert swiss_round([7], []) == [(7, None)]
    with pytest.raises(ValueError):
        swiss_round([1, 2, 1], [])


def test_unavoidable_rematches_are_fewest_then_neighbours() -> None:
    """Every pairing of four is a rematch here; 0–1 met twice, so the pairings with two single
    rematches win, and of those the one with the nearer ranks."""
    met = [(0, 1), (0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]
    assert swiss_round([0, 1, 2, 3], met) == [(0, 2), (1, 3)]


@pytest.mark.parametrize("seed", range(4))
def test_sparse_result_matches_the_complete_graph_optimum(seed: int) -> None:
    """The sparse windows give the same cost as the complete graph over a simulated event."""
    import networkx as nx

    rng = random.Random(seed)
    n = 41 + 2 * seed
    score: Counter = Counter()
    met: list[tuple[int, int]] = []
    byes: list[int] = []
    for _ in range(8):
        ranking = sorted(range(n), key=lambda e: (-score[e], rng.random()))
        rank = {e: i for i, e in enumerate(ranking)}
        met_counts = Counter(frozenset(p) for p in met)
        eligible = _eligible(ranking, byes)
        graph = nx.Graph()
        for i in range(n):
            for j in range(i + 1, n):
                a, b = ranking[i], ranking[j]
                graph.add_edge(a, b, weight=(met_counts[frozenset((a, b))], 0, (i - j) ** 2))
        graph.add_edges_from(("bye", e, {"weight": (0, eligible[::-1].index(e), 0)}) for e in eligible)
        big = (n**3 + 1, (n + 2) * (n**3 + 1))  # the same strict tiers, built independently
        for _, _, data in graph.edges(data=True):
            r, b, d = data["weight"]
            data["w"] = r * big[1] * 2 + b * big[0] + d
        best = nx.min_weight_matching(graph, weight="w")
        expected = sum(graph.edges[e]["w"] for e in best)
        result = swiss_round(ranking, met, byes)
        got = sum(graph.edges[(a, "bye") if b is None else (a, b)]["w"] for a, b in result)
        assert got == expected
        for a, b in result:
            if b is None:
                byes.append(a)
                score[a] += 1
            else:
                met.append((a, b))
                score[a if rng.random() < 0.5 + (rank[b] - rank[a]) / (4 * n) else b] += 1
