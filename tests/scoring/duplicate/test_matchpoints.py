"""Known answers for the matchpoint arithmetic of duplicate klaverjas (scoring.rules.matchpoints)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.rules.matchpoints import BoardScore, missed_board, neuberg, pair_totals, score_board, table_result, top


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


# --- fewer results: Neuberg's formula; a missed board: the club's average (RULES.md §9) ---------


def test_neuberg_scales_three_results_of_four_to_the_full_top():
    # Four tables, one did not play the board: a +100, b +40, c −20 (d missed it).
    # Among three: a beat two = 4, b beat one = 2, c = 0 (top 4).
    # Neuberg, (m + 1) × E / n − 1 with E = 4, n = 3, on the full top 2 × (4 − 1) = 6:
    #   a: 5 × 4/3 − 1 = 17/3 (5.67),  b: 3 × 4/3 − 1 = 3,  c: 1 × 4/3 − 1 = 1/3 (0.33)
    scores = score_board({"a": 100, "b": 40, "c": -20, "d": None}, expected=4)
    assert {p: (s.raw, s.matchpoints, s.top) for p, s in scores.items()} == {
        "a": (4, Fraction(17, 3), 6),
        "b": (2, Fraction(3), 6),
        "c": (0, Fraction(1, 3), 6),
    }
    assert all(s.scaled for s in scores.values() if s.raw != s.matchpoints)
    # with d's average (50 % of 6 = 3) the board hands out what a complete one does: 4 × 6 / 2 = 12
    assert sum(s.matchpoints for s in scores.values()) + missed_board(50, 4).matchpoints == 12


def test_neuberg_with_a_tie_and_five_tables():
    # E = 5 (top 8), three results: +10, +10, 0. Raw: each +10 beats one and ties one = 3; 0 gets 0.
    #   +10: (3 + 1) × 5/3 − 1 = 17/3;  0: (0 + 1) × 5/3 − 1 = 2/3
    scores = score_board({"x": 10, "y": 10, "z": 0}, expected=5)
    assert [(scores[p].matchpoints, scores[p].top) for p in "xyz"] == [(Fraction(17, 3), 8)] * 2 + [(Fraction(2, 3), 8)]


def test_neuberg_leaves_a_complete_board_alone_and_gives_a_lone_result_the_average():
    full = score_board({"a": 100, "b": -20, "c": 40, "d": 300}, expected=4)
    assert {p: s.matchpoints for p, s in full.items()} == {"b": 0, "c": 2, "a": 4, "d": 6}
    assert not any(s.scaled for s in full.values())
    lone = score_board({"a": 70}, expected=4)["a"]  # (0 + 1) × 4/1 − 1 = 3 = half of 6
    assert (lone.matchpoints, lone.top, lone.percentage) == (3, 6, 50)
    assert neuberg(0, 1, 4) == 3 and neuberg(6, 4, 4) == 6


def test_neuberg_refuses_more_results_than_expected():
    with pytest.raises(ValueError, match="expected to have 2"):
        score_board({"a": 1, "b": 2, "c": 3}, expected=2)


@pytest.mark.parametrize("percentage, matchpoints", [(40, Fraction(12, 5)), (50, 3), (60, Fraction(18, 5))])
def test_a_missed_board_scores_the_clubs_average_of_the_full_top(percentage, matchpoints):
    # four tables: top 6; 40 % = 2.4, 50 % = 3, 60 % = 3.6
    score = missed_board(percentage, 4)
    assert (score.matchpoints, score.top, score.missed, score.difference) == (matchpoints, 6, True, 0)
    assert score.percentage == percentage


def test_pair_total_with_a_missed_board():
    # board 1 played: 17/3 of 6; board 2 missed at 50 %: 3 of 6 → 26/3 of 12 = 72 2/9 %
    boards = {1: {"a": score_board({"a": 100, "b": 40, "c": -20}, expected=4)["a"]}, 2: {"a": missed_board(50, 4)}}
    total = pair_totals(boards)["a"]
    assert (total.matchpoints, total.top, total.boards, total.missed) == (Fraction(26, 3), 12, 1, 1)
    assert total.percentage == Fraction(650, 9)
