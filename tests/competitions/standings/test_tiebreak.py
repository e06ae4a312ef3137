"""Ranking by a precedence of metrics (no database)."""

from competitions.standings.metrics import StandingRow, metric_for, tie_breaker_errors
from competitions.standings.tiebreak import precedence, rank_rows


def row(name, pk, **values):
    return StandingRow(name=name, entrant_id=pk, **values)


def labels(rows):
    return [(r.rank_label, r.name) for r in rows]


def test_precedence_starts_with_the_primary_metric_and_drops_repeats_and_unknown_keys():
    assert precedence("points", ["match_points", "points", "bogus", "head_to_head", 7]) == [
        "points",
        "match_points",
        "head_to_head",
    ]


def test_fewest_and_most_prefixes_flip_the_direction():
    assert metric_for("fewest_nat").higher_is_better is False
    assert metric_for("most_lost").higher_is_better is True
    assert metric_for("roem").higher_is_better is True
    assert metric_for("nonsense") is None


def test_tie_breaker_errors_name_the_bad_key():
    assert tie_breaker_errors(["roem", "fewest_nat", "head_to_head"]) == []
    errors = tie_breaker_errors(["roem", "luck"])
    assert len(errors) == 1 and "'luck'" in errors[0]
    assert tie_breaker_errors("roem")


def test_ties_share_a_rank_and_the_next_rank_skips():
    rows = [row("b", 2, points=10), row("a", 1, points=10), row("c", 3, points=12), row("d", 4, points=1)]
    assert labels(rank_rows(rows, ["points"])) == [("1", "c"), ("2=", "a"), ("2=", "b"), ("4", "d")]


def test_later_metrics_split_only_the_tied_group():
    rows = [row("a", 1, points=10, roem=5), row("b", 2, points=10, roem=9), row("c", 3, points=9, roem=99)]
    assert labels(rank_rows(rows, ["points", "roem"])) == [("1", "b"), ("2", "a"), ("3", "c")]


def test_head_to_head_loader_is_called_once_with_only_the_pairs_that_reach_it():
    calls = []

    def loader(pairs):
        calls.append([(a.name, b.name) for a, b in pairs])
        return {(a.entrant_id, b.entrant_id): -1 for a, b in pairs}  # the second of each pair won

    rows = [
        row("a", 1, points=5),
        row("b", 2, points=5),
        row("c", 3, points=3),
        row("d", 4, points=1),
        row("e", 5, points=1),
        row("f", 6, points=1),
    ]
    ranked = rank_rows(rows, ["points", "head_to_head"], loader)
    assert calls == [[("a", "b")]]
    assert labels(ranked) == [("1", "b"), ("2", "a"), ("3", "c"), ("4=", "d"), ("4=", "e"), ("4=", "f")]


def test_the_ranking_is_the_same_whatever_the_input_order():
    import random

    rows = [row(f"p{k}", k, points=k % 3, roem=k % 2) for k in range(12)]
    expected = labels(rank_rows(list(rows), ["points", "roem"]))
    for seed in range(5):
        shuffled = rows[:]
        random.Random(seed).shuffle(shuffled)
        assert labels(rank_rows(shuffled, ["points", "roem"])) == expected
