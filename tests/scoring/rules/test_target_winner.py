"""RULES.md §4 target score: when both sides reach it in the same deal, the higher total wins, or
(option ``target_winner="bidder"``) the bidder side of that deal. Known answers by hand."""

import dataclasses

from scoring.rules import RULESETS, DealInput, score_match

AMS = RULESETS["amsterdam"]
TO_300 = dataclasses.replace(AMS, target_score=300)
BIDDER = dataclasses.replace(TO_300, target_winner="bidder")

MADE_A = DealInput((100, 62))  # A bids and makes: 100-62
MADE_B = DealInput((62, 100), bidder=1)  # B bids and makes: 62-100
# B bids: 80 + 0 for A against 82 + 20 for B: made, 80-102
B_WITH_ROEM = DealInput((80, 82), roem=(0, 20), bidder=1)

# Deals 1-3: 100-62, 162-162, 262-224; deal 4 (B bids, 80-102): 342-326, both past 300 at once.
BOTH_PAST = [MADE_A, MADE_B, MADE_A, B_WITH_ROEM]


def test_default_is_the_higher_total():
    assert AMS.target_winner == "higher"
    result = score_match(TO_300, BOTH_PAST)
    assert result.totals == (342, 326) and result.finished and result.winner == 0


def test_bidder_option_the_bidder_side_wins():
    result = score_match(BIDDER, BOTH_PAST)
    assert result.totals == (342, 326) and result.finished and result.winner == 1
    assert result.planned == 4


def test_bidder_option_decides_equal_totals_too():
    # deal 4: B bids and makes 62-100: 262 + 62 = 324 and 224 + 100 = 324
    deals = [MADE_A, MADE_B, MADE_A, MADE_B]
    assert score_match(TO_300, deals).totals == (324, 324)
    assert score_match(TO_300, deals).winner is None  # higher: a draw (no tie-break deals)
    result = score_match(BIDDER, deals)
    assert result.finished and result.winner == 1


def test_bidder_option_needs_no_tiebreak():
    # target 160, both at 162 after deal 2 (B bid it): higher goes to a tie-break deal, bidder does not
    higher = dataclasses.replace(AMS, target_score=160, tiebreak_deals=1)
    bidder = dataclasses.replace(higher, target_winner="bidder")
    assert not score_match(higher, [MADE_A, MADE_B]).finished
    result = score_match(bidder, [MADE_A, MADE_B])
    assert result.finished and result.winner == 1 and result.planned == 2


def test_only_one_side_past_the_target_wins_either_way():
    # 15 × 100-62: 1500-930; only A reached 1500
    rules = dataclasses.replace(AMS, target_score=1500, target_winner="bidder")
    result = score_match(rules, [MADE_A] * 14 + [MADE_B])  # deal 15 bid by B: 1462-968, nobody there
    assert not result.finished
    result = score_match(rules, [MADE_A] * 15)
    assert result.finished and result.totals == (1500, 930) and result.winner == 0


def test_cap_reached_without_target_is_the_higher_total():
    rules = dataclasses.replace(AMS, target_score=1500, max_deals=8, target_winner="bidder")
    result = score_match(rules, [MADE_A] * 7 + [MADE_B])  # 762-534 after 8 deals
    assert result.totals == (762, 534) and result.finished and result.winner == 0


def test_three_players_the_maker_if_past_the_target():
    # deal 1: player 1 makes 90-40-32 (2 × 90 = 180 > 162); deal 2: player 2 makes 40-82-40
    # (164 > 162): totals 130-122-72, players 1 and 2 past 100 in deal 2.
    rules = dataclasses.replace(RULESETS["driemans"], target_score=100)
    deals = [DealInput((90, 40, 32), (0, 0, 0), bidder=0), DealInput((40, 82, 40), (0, 0, 0), bidder=1)]
    assert score_match(rules, deals).totals == (130, 122, 72)
    assert score_match(rules, deals).winner == 0  # the higher total
    assert score_match(dataclasses.replace(rules, target_winner="bidder"), deals).winner == 1  # the maker
