"""RULES.md §4 match options and §5 the South African boom: known answers for matches."""

import dataclasses

import pytest

from scoring.rules import RULESETS, DealInput, InvalidDeal, score_match

AMS = RULESETS["amsterdam"]
KLAW = RULESETS["klawerjas"]
MADE_A = DealInput((100, 62))  # 100-62
MADE_B = DealInput((62, 100), bidder=1)  # 62-100
EVEN = DealInput((81, 81))  # with nat_on_tie off: 81-81


def test_fixed_16_deals():
    result = score_match(AMS, [MADE_A] * 16)
    assert result.totals == (1600, 992)
    assert result.finished and result.winner == 0
    assert result.played == 16 and len(result.results) == 16
    assert result.results[0].scores == (100, 62)


def test_unfinished_match_has_no_winner():
    result = score_match(AMS, [MADE_A] * 15)
    assert not result.finished and result.winner is None and result.planned == 16


def test_empty_match():
    result = score_match(AMS, [])
    assert result.totals == (0, 0) and not result.finished and result.winner is None


def test_a_deal_too_many_is_refused():
    with pytest.raises(InvalidDeal) as info:
        score_match(AMS, [MADE_A] * 17)
    assert (info.value.field, info.value.deal) == ("deals", 17)


def test_twelve_deals():
    result = score_match(dataclasses.replace(AMS, deals_per_match=12), [MADE_B] * 12)
    assert result.finished and result.winner == 1 and result.totals == (744, 1200)


def test_bad_deal_is_named_by_number():
    with pytest.raises(InvalidDeal) as info:
        score_match(AMS, [MADE_A, MADE_A, DealInput((100, 61))])
    assert (info.value.deal, info.value.field) == (3, "points")


def test_draw_without_tiebreak():
    result = score_match(dataclasses.replace(AMS, deals_per_match=2), [MADE_A, MADE_B])
    assert result.totals == (162, 162) and result.finished and result.winner is None


def test_tiebreak_deals_repeat_while_equal():
    rules = dataclasses.replace(AMS, deals_per_match=2, tiebreak_deals=4, nat_on_tie=False)
    tied = score_match(rules, [MADE_A, MADE_B])
    assert not tied.finished and tied.planned == 6
    still = score_match(rules, [MADE_A, MADE_B] + [EVEN] * 4)
    assert still.totals == (486, 486) and not still.finished and still.planned == 10
    decided = score_match(rules, [MADE_A, MADE_B] + [EVEN] * 4 + [EVEN, EVEN, EVEN, MADE_A])
    assert decided.finished and decided.winner == 0 and decided.played == 10
    with pytest.raises(InvalidDeal):
        score_match(rules, [MADE_A, MADE_B] + [EVEN] * 7 + [MADE_A, MADE_A])


def test_tiebreak_not_needed_when_decided():
    rules = dataclasses.replace(AMS, deals_per_match=2, tiebreak_deals=4)
    result = score_match(rules, [MADE_A, MADE_A])
    assert result.finished and result.planned == 2 and result.winner == 0


def test_target_score():
    rules = dataclasses.replace(AMS, target_score=1500)
    assert not score_match(rules, [MADE_A] * 14).finished
    assert score_match(rules, [MADE_A] * 14).planned is None
    result = score_match(rules, [MADE_A] * 15)
    assert result.finished and result.totals == (1500, 930) and result.winner == 0
    with pytest.raises(InvalidDeal):
        score_match(rules, [MADE_A] * 16)


def test_target_score_reached_by_the_trailing_side_first():
    rules = dataclasses.replace(AMS, target_score=300)
    result = score_match(rules, [MADE_B, MADE_B, MADE_A, MADE_B])
    assert result.totals == (286, 362) and result.finished and result.winner == 1


def test_target_score_with_cap():
    rules = dataclasses.replace(AMS, target_score=1500, max_deals=8)
    result = score_match(rules, [MADE_A] * 8)
    assert result.finished and result.winner == 0 and result.totals == (800, 496)
    assert score_match(rules, [MADE_A] * 7).planned == 8


def test_target_score_tie_goes_to_tiebreak():
    rules = dataclasses.replace(AMS, target_score=160, tiebreak_deals=1, nat_on_tie=False)
    result = score_match(rules, [MADE_A, MADE_B])  # 162-162: both reach it, equal
    assert not result.finished and result.planned == 3
    result = score_match(rules, [MADE_A, MADE_B, MADE_B])
    assert result.finished and result.winner == 1


def test_three_player_match():
    rules = dataclasses.replace(RULESETS["driemans"], deals_per_match=2)
    deals = [DealInput((90, 40, 32), (0, 0, 0)), DealInput((30, 100, 32), (0, 0, 0), bidder=1)]
    result = score_match(rules, deals)
    assert result.totals == (120, 140, 64) and result.winner == 1


# --- South African boom


def sa(a, b, roem=(0, 0), pit=None, big=None):
    return DealInput((a, b), roem, bidder=None, pit=pit, big_roem=big)


def test_boom_new_play_two_strokes():
    result = score_match(KLAW, [sa(100, 46, (20, 0))])
    assert result.strokes == (2, 0) and result.play_totals == (0, 0)
    assert not result.finished


def test_boom_one_stroke_when_other_has_fifty():
    result = score_match(KLAW, [sa(96, 50, (20, 0))])
    assert result.strokes == (1, 0)


def test_old_play_carries_totals_and_gives_one_stroke():
    result = score_match(KLAW, [sa(80, 66)])
    assert result.strokes == (0, 0) and result.play_totals == (80, 66)
    result = score_match(KLAW, [sa(80, 66), sa(60, 86)])  # 140-152: B higher
    assert result.strokes == (0, 1) and result.play_totals == (0, 0)


def test_old_play_stroke_below_fifty_needs_big_roem():
    # 99-47 then 146-0: 245 against 47, but in old play only 1 stroke without big roem
    plain = score_match(KLAW, [sa(99, 47), sa(146, 0)])
    assert plain.strokes == (1, 0)
    jacks = score_match(KLAW, [sa(99, 47, big=(True, False)), sa(146, 0)])
    assert jacks.strokes == (2, 0)
    others = score_match(KLAW, [sa(99, 47, big=(False, True)), sa(146, 0)])
    assert others.strokes == (1, 0)


def test_both_past_100_equal_is_no_stroke():
    result = score_match(KLAW, [sa(73, 73), sa(73, 73)])
    assert result.strokes == (0, 0) and result.play_totals == (146, 146)
    result = score_match(KLAW, [sa(73, 73), sa(73, 73), sa(100, 46)])
    assert result.strokes == (1, 0) and result.play_totals == (0, 0)


def test_five_strokes_win_the_match():
    pit = sa(146, 0, pit=0)  # 146-0 (no pit bonus, RULES.md §5): 2 strokes each hand
    result = score_match(KLAW, [pit, pit])
    assert result.strokes == (4, 0) and not result.finished
    result = score_match(KLAW, [pit, pit, pit])
    assert result.strokes == (6, 0) and result.finished and result.winner == 0
    assert result.totals == (438, 0)
    with pytest.raises(InvalidDeal) as info:
        score_match(KLAW, [pit] * 4)
    assert info.value.deal == 4
