"""Known answers for the matchpoint arithmetic of duplicate klaverjas (scoring.rules.matchpoints)."""

from __future__ import annotations

from fractions import Fraction

from scoring.rules.matchpoints import BoardScore, pair_totals, score_board, table_result, top


def mp(results):
    return {pair: s.matchpoints for pair, s in score_board(results).items()}


def test_four_different_results_give_0_2_4_6():
    assert mp({"a": 100, "b": -20, "c": 40, "d": 300}) == {"b": 0, "c": 2, "a": 4, "d": 6}
    assert {s.top for s in score_board({"a": 1, "b": 2, "c": 3, "d": 4}).values()} == {6}


def test_ties_share_one_point_each():
    # two pairs on +62, one above, one below: 2 for the pair beaten + 1 for the tie
    assert mp({"a": 62, "b": 62, "c": 200, "d": -80}) == {"d": 0, "a": 3, "b": 3, "c": 6}
    # everyone the same: half the top each
    assert mp({"a": 0, "b": 0, "c": 0, "d": 0}) == {"a": 3, "b": 3, "c": 3, "d": 3}
    # three-way tie at the top
    assert mp({"a": 5, "b": 5, "c": 5, "d": 4}) == {"d": 0, "a": 4, "b": 4, "c": 4}


def test_the_matchpoints_of_a_board_add_up_to_pairs_times_half_the_top():
    scores = score_board({"a": 10, "b": 10, "c": -4, "d": 90, "e": 10})
    assert sum(s.matchpoints for s in scores.values()) == 5 * top(5) // 2 == 20


def test_a_board_not_played_at_one_table_compares_the_others_on_a_lower_top():
    scores = score_board({"a": 100, "b": None, "c": 40, "d": -20})
    assert set(scores) == {"a", "c", "d"}
    assert {p: (s.matchpoints, s.top) for p, s in scores.items()} == {"a": (4, 4), "c": (2, 4), "d": (0, 4)}
    assert score_board({"a": None, "b": None}) == {}
    lone = score_board({"a": 70, "b": None})["a"]
    assert (lone.matchpoints, lone.top, lone.percentage) == (0, 0, 50)


def test_difference_to_the_board_average_is_exact():
    scores = score_board({"a": 100, "b": 0, "c": 0})
    assert scores["a"].difference == Fraction(200, 3)
    assert scores["b"].difference == Fraction(-100, 3)
    assert sum(s.difference for s in scores.values()) == 0


def test_percentage_over_the_boards_played():
    boards = {
        1: score_board({"a": 10, "b": 0, "c": -10}),  # a 4/4, b 2/4, c 0/4
        2: score_board({"a": None, "b": 5, "c": 5}),  # not played at a's table: b 1/2, c 1/2
    }
    totals = pair_totals(boards)
    assert (totals["a"].matchpoints, totals["a"].top, totals["a"].boards) == (4, 4, 1)
    assert totals["a"].percentage == 100
    assert totals["b"].percentage == Fraction(100 * 3, 6) == 50
    assert totals["c"].percentage == Fraction(100, 6)
    assert totals["c"].difference == Fraction(-10, 1) + 0


def test_table_result_is_own_minus_opponents_and_mirrors_between_lines():
    assert table_result(182, 0) == 182
    assert table_result(50, 132) == -82
    ns = score_board({1: table_result(100, 62), 2: table_result(62, 100)})
    ew = score_board({1: table_result(62, 100), 2: table_result(100, 62)})
    assert ns[1].matchpoints + ew[1].matchpoints == ns[1].top == 2


def test_board_score_percentage():
    assert BoardScore(result=0, matchpoints=3, top=6, difference=Fraction(0)).percentage == 50
