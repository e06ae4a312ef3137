"""Ranking rows by a precedence of metrics: ties share a rank unless a tie-breaker splits them.

There is no bond rule for ties (RULES.md §9): entrants level on every metric of the precedence share
a place, shown "3=" — never drawn by lot. ``head_to_head`` decides only between *two* entrants tied
so far (their mutual results: match points, then points); with three or more level it is passed
over. Within a shared place rows are listed by name (players by surname), then id: deterministic, and not a ranking.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter, itemgetter

from competitions.standings.metrics import HEAD_TO_HEAD, Metric, StandingRow, metric_for

#: ``load(pairs) -> {(id_a, id_b): n}`` with n > 0 when a is ahead of b on their mutual results,
#: n < 0 when b is, 0 when they are level or never met. Called once, with every pair it may need.
HeadToHeadLoader = Callable[[list[tuple[StandingRow, StandingRow]]], dict[tuple[int, int], int]]


def precedence(primary: str, tie_breakers: Iterable) -> list[str]:
    """The primary metric, then the competition's tie-breakers in order (repeats and unknown keys
    left out — ``metrics.tie_breaker_errors`` is what a form shows for those)."""
    keys = [primary]
    for key in tie_breakers or ():
        if not isinstance(key, str) or key in keys:
            continue
        if key == HEAD_TO_HEAD or metric_for(key) is not None:
            keys.append(key)
    return keys


def row_id(row: StandingRow) -> int | None:
    return row.player_id if row.entrant_id is None else row.entrant_id


def _sort_values(metrics: list) -> Callable[[StandingRow], list]:
    """A row's sort values of ``metrics`` (each metric's value, negated where higher is better; None
    for head to head), as one function: the metrics' attributes read with one ``attrgetter``."""
    plain = [m for m in metrics if not isinstance(m, str)]
    if not plain:
        return lambda row: [None] * len(metrics)
    read = attrgetter(*(m.key for m in plain))
    signs = [-1 if m.higher_is_better else 1 for m in plain]
    if len(plain) == 1:
        sign = signs[0]
        values = lambda row: [sign * read(row)]  # noqa: E731
    else:
        values = lambda row: [s * v for s, v in zip(signs, read(row))]  # noqa: E731
    if len(plain) == len(metrics):
        return values
    slots = [k for k, m in enumerate(metrics) if isinstance(m, str)]  # in order: each insert lands in place

    def with_head_to_head(row):
        found = values(row)
        for k in slots:
            found.insert(k, None)
        return found

    return with_head_to_head


def rank_rows(
    rows: Sequence[StandingRow],
    keys: Sequence[str],
    head_to_head: HeadToHeadLoader | None = None,
    *,
    prize_places: int = 0,
    prize_every: int = 0,
) -> list[StandingRow]:
    """Order ``rows`` (per division, in division order) and set rank, rank_label, position, prize."""
    metrics: list[Metric | str | None] = [HEAD_TO_HEAD if k == HEAD_TO_HEAD else metric_for(k) for k in keys]
    # Each row's values of the metrics, computed once (metrics like averages are fractions).
    sort_values = _sort_values(metrics)
    values = {id(row): sort_values(row) for row in rows}
    mutual = _load_head_to_head(rows, metrics, values, head_to_head)
    by_division: dict[tuple[int, str], list[StandingRow]] = {}
    for row in rows:
        by_division.setdefault((row.division_order, row.division), []).append(row)
    ordered: list[StandingRow] = []
    for division in sorted(by_division):
        groups = _partition(sorted(by_division[division], key=_display_order), 0, metrics, values, mutual)
        position = 1
        for group in groups:
            if len(group) == 1:  # most places: not shared
                row = group[0]
                ordered.append(row)
                row.rank = row.position = position
                row.rank_label = str(position)
                row.prize = _prize(position, prize_places, prize_every)
                position += 1
                continue
            label = f"{position}="
            prize = any(_prize(p, prize_places, prize_every) for p in range(position, position + len(group)))
            for offset, row in enumerate(group):
                row.rank = position
                row.rank_label = label
                row.position = position + offset
                row.prize = prize
                ordered.append(row)
            position += len(group)
    return ordered


def _prize(position: int, places: int, every: int) -> bool:
    """Whether a place wins a prize (``prizes.is_prize_place``): a group of tied rows wins one when
    any place it spans does."""
    return position <= places or bool(every and position > places and position % every == 0)


def _display_order(row: StandingRow):
    """Within a shared place: players by surname without the tussenvoegsel ("van der Meer" under
    M, ``clubs.names``), teams by name."""
    return (row.sort_key or (row.name.casefold(),), row_id(row) or 0)


def _partition(
    group: list[StandingRow], level: int, metrics: list, keys: dict, mutual: dict
) -> list[list[StandingRow]]:
    """Split a group of rows level on ``metrics[:level]`` into ordered groups of rows still level."""
    if len(group) < 2 or level == len(metrics):
        return [group]
    if isinstance(metrics[level], str):  # HEAD_TO_HEAD (every other entry is a Metric)
        if len(group) == 2:
            a, b = group
            verdict = mutual.get((row_id(a), row_id(b)), 0)
            if verdict > 0:
                return [[a], [b]]
            if verdict < 0:
                return [[b], [a]]
        return _partition(group, level + 1, metrics, keys, mutual)
    # The metrics from here to the next head to head (or the end) at once: sorting by their values
    # together is the order of sorting by each in turn, and the groups level on all of them the same.
    stop = level + 1
    while stop < len(metrics) and not isinstance(metrics[stop], str):
        stop += 1
    decorated = sorted(((keys[id(r)][level:stop], r) for r in group), key=_first)  # stable: display order kept within
    result: list[list[StandingRow]] = []
    start = 0
    for i in range(1, len(decorated) + 1):
        if i == len(decorated) or decorated[i][0] != decorated[start][0]:
            if i - start == 1:
                result.append([decorated[start][1]])
            else:
                result.extend(_partition([r for _, r in decorated[start:i]], stop, metrics, keys, mutual))
            start = i
    return result


_first = itemgetter(0)


def _load_head_to_head(rows, metrics, keys, loader) -> dict[tuple[int, int], int]:
    """Ask the loader once for every pair that can reach ``head_to_head``: the pairs level on every
    metric before it (the only way to reach it, since only it ever passes a group over)."""
    if loader is None or HEAD_TO_HEAD not in metrics:
        return {}
    before = metrics.index(HEAD_TO_HEAD)
    level: dict[tuple, list[StandingRow]] = {}
    for row in rows:
        key = (row.division_order, row.division, *keys[id(row)][:before])
        level.setdefault(key, []).append(row)
    pairs = [tuple(sorted(g, key=_display_order)) for g in level.values() if len(g) == 2]
    if not pairs:
        return {}
    verdicts = loader(pairs)
    both = dict(verdicts)
    for (a, b), n in verdicts.items():
        both[(b, a)] = -n
    return both


def compare_mutual(results: Iterable[tuple[int, int]]) -> int:
    """Head to head from a's side: ``results`` are (match points of a minus b, points of a minus b)
    of each meeting; match points decide first, then points."""
    match_points = points = 0
    for mp, pts in results:
        match_points += mp
        points += pts
    if match_points:
        return match_points
    return points
