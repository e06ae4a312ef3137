"""A thin wrapper around networkx's blossom algorithm: minimum-cost perfect matching."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

import networkx as nx


def min_cost_perfect_matching(
    nodes: Sequence[Hashable], edges: Iterable[tuple[Hashable, Hashable, int]]
) -> list[tuple[Hashable, Hashable]] | None:
    """The perfect matching of least total cost over ``edges`` ``(u, v, cost)``, or ``None``.

    Costs should be non-negative integers (exact arithmetic in the blossom algorithm). ``None``
    means the graph has no perfect matching. The result is deterministic for a given order of
    ``nodes`` and ``edges``; each pair is returned in the order of ``nodes``.
    """
    edge_list = list(edges)
    if not nodes:
        return []
    if not edge_list:
        return None
    top = 1 + max(cost for _, _, cost in edge_list)
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    # Maximum weight among maximum-cardinality matchings of (top - cost) is the minimum-cost
    # perfect matching whenever a perfect matching exists.
    graph.add_weighted_edges_from((u, v, top - cost) for u, v, cost in edge_list)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(nodes):
        return None
    position = {node: i for i, node in enumerate(nodes)}
    pairs = [(u, v) if position[u] < position[v] else (v, u) for u, v in matching]
    pairs.sort(key=lambda pair: position[pair[0]])
    return pairs
