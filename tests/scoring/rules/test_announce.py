"""RULES.md §5, Wilde Boom as seed 000 has it: hand roem only for the side with the highest
combination, and the stuk as one player's trump king and queen. Known answers computed by hand."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import (
    RULESETS,
    Card,
    InvalidRuleSet,
    Suit,
    card_at,
    hand_combinations,
    hand_roem_by_side,
    stuk_holder,
    trick_roem,
)

WB = RULESETS["wilde-boom"]
AMS = RULESETS["amsterdam"]
N, E, S, W = 0, 1, 2, 3


def cards(text):
    return [Card.parse(t) for t in text.split()]


# One whole deal (32 different cards), worked out by hand:
#   N: 7C 8C 9C | 9D 10D | 8H | AS 7S        clubs 7-8-9: a three-run, 20 (top card the 9)
#   E: 10S JS QS KS | 7D 8D AD | 10C         spades 10-J-Q-K: a four-run, 50 (top the K)
#   S: JC QC KC AC | JD | 9S 8S | 7H         clubs J-Q-K-A: a four-run, 50 (top the A)
#   W: 9H 10H JH QH KH AH | QD KD            hearts 9 … A: a run of six, the five-run value (top the A)
# Side A (N+S) holds 20 + 50 = 70, side B (E+W) 50 + five-run.
DEAL = [
    cards("7C 8C 9C 9D 10D 8H AS 7S"),
    cards("10S JS QS KS 7D 8D AD 10C"),
    cards("JC QC KC AC JD 9S 8S 7H"),
    cards("9H 10H JH QH KH AH QD KD"),
]


def test_the_deal_is_a_deal():
    every = [c for hand in DEAL for c in hand]
    assert len(every) == 32 and len(set(every)) == 32


def test_combinations_of_each_hand():
    found = [[(c.value, c.cards[-1].rank.value) for c in hand_combinations(WB, hand, Suit.DIAMONDS)] for hand in DEAL]
    assert found == [[(20, "9")], [(50, "K")], [(50, "A")], [(100, "A")]]


def test_preset_wilde_boom_is_seed_000():
    assert WB.hand_roem_rule == "highest" and WB.stuk == "one-player"
    assert AMS.stuk == "same-trick" and AMS.hand_roem_rule == "each-side" and not AMS.hand_roem
    klaw = RULESETS["klawerjas"]
    assert klaw.stuk == "same-trick" and klaw.hand_roem_rule == "each-side"


def test_highest_combination_takes_all_hand_roem():
    # W's run of six (100) is the highest single combination: side B scores E's 50 + W's 100 = 150,
    # side A (70 in its hands) scores none.
    assert hand_roem_by_side(WB, DEAL, Suit.DIAMONDS, leader=E) == (0, 150)


def test_todays_counting_is_an_option():
    each = dataclasses.replace(WB, hand_roem_rule="each-side")
    assert hand_roem_by_side(each, DEAL, Suit.DIAMONDS, leader=E) == (70, 150)  # 20 + 50, 50 + 100


# With the five-run valued 50 (a club's option), S's clubs J-Q-K-A (50, top A), W's hearts 9 … A
# (50, top A) and E's spades 10-J-Q-K (50, top K) are equal in value.
FIFTY = dataclasses.replace(WB, five_run=50)


@pytest.mark.parametrize(
    "trump, leader, expected, why",
    [
        # A side: N 20 + S 50 = 70; B side: E 50 + W 50 = 100
        ("H", E, (0, 100), "W's run holds the trump jack, S's best card is a plain ace"),
        ("C", E, (70, 0), "S's run holds the trump jack"),
        ("S", E, (0, 100), "RULES.md §5: E's trump jack beats S's and W's plain aces"),
        ("D", E, (70, 0), "both plain with an A on top: S announces before W (E, S, W, N)"),
        ("D", W, (0, 100), "both plain with an A on top: W leads, so W announces first (W, N, E, S)"),
    ],
)
def test_equal_values_the_highest_card_in_trick_order_then_first_announced(trump, leader, expected, why):
    assert hand_roem_by_side(FIFTY, DEAL, Suit(trump), leader=leader) == expected, why


def test_equal_values_a_trump_nine_beats_a_plain_ace():
    """RULES.md §5: "equal values: the combination holding the highest card in trick order". N's
    trump 7-8-9 (20) holds the trump nine, second in trick order; E's plain Q-K-A (20) only a plain
    ace. In sequence order E's ace would have won."""
    hands = [cards("7H 8H 9H"), cards("QC KC AC"), [], []]
    assert hand_roem_by_side(WB, hands, Suit.HEARTS, leader=E) == (20, 0)
    assert hand_roem_by_side(WB, hands, Suit.CLUBS, leader=N) == (0, 20)


def test_four_of_a_kind_against_a_run_of_the_same_value():
    # N: four kings (100, top K); E: hearts 8-9-10-J-Q (100, top Q). The kings hold the higher
    # card: side A scores 100, side B none; E's run counts for nobody.
    hands = [cards("KC KD KH KS 7C 8D 7S 8S"), cards("8H 9H 10H JH QH 7D 9C 10C"), [], []]
    assert hand_roem_by_side(WB, hands, Suit.CLUBS, leader=E) == (100, 0)


def test_no_hand_roem_without_the_option():
    assert hand_roem_by_side(AMS, DEAL, Suit.HEARTS, leader=E) == (0, 0)


@pytest.mark.parametrize("trump, holder", [("H", W), ("S", E), ("C", S), ("D", W)])
def test_stuk_holder_is_the_player_with_trump_king_and_queen(trump, holder):
    assert stuk_holder(WB, DEAL, Suit(trump)) == holder
    assert stuk_holder(AMS, DEAL, Suit(trump)) is None  # same-trick counting: nobody announces


def test_king_and_queen_of_two_players_are_no_stuk():
    hands = [cards("KH 7C"), cards("QH 8C"), cards("7D"), cards("8D")]
    assert stuk_holder(WB, hands, Suit.HEARTS) is None


@pytest.mark.parametrize(
    "rules, trick, roem",
    [
        (AMS, "KH QH 7S 8D", 20),  # same trick: the stuk
        (WB, "KH QH 7S 8D", 0),  # two players' king and queen: no stuk in Wilde Boom
        (AMS, "JH QH KH 7S", 40),  # run 20 + stuk 20
        (WB, "JH QH KH 7S", 20),  # the run only
        (dataclasses.replace(WB, stuk="same-trick"), "JH QH KH 7S", 40),  # today's counting kept
    ],
)
def test_stuk_in_a_trick(rules, trick, roem):
    assert trick_roem(rules, cards(trick), Suit.HEARTS) == roem


@pytest.mark.parametrize("option, value", [("stuk", "same trick"), ("hand_roem_rule", "all"), ("target_winner", 1)])
def test_unknown_choices_are_refused_naming_the_option(option, value):
    with pytest.raises(InvalidRuleSet, match=option):
        dataclasses.replace(AMS, **{option: value})


@settings(max_examples=300, deadline=None)
@given(order=st.permutations(range(32)), trump=st.sampled_from(list(Suit)), leader=st.integers(0, 3))
def test_highest_only_one_side_scores_its_whole_hand_roem(order, trump, leader):
    hands = [[card_at(i) for i in order[8 * seat : 8 * seat + 8]] for seat in range(4)]
    each = hand_roem_by_side(dataclasses.replace(WB, hand_roem_rule="each-side"), hands, trump, leader)
    highest = hand_roem_by_side(WB, hands, trump, leader)
    scoring = [side for side in (0, 1) if highest[side]]
    assert len(scoring) <= 1
    if not scoring:
        assert each == (0, 0)  # nobody showed anything
        return
    side = scoring[0]
    assert highest[side] == each[side]
    best = max(c.value for hand in hands for c in hand_combinations(WB, hand, trump))
    assert any(c.value == best for seat in (side, side + 2) for c in hand_combinations(WB, hands[seat], trump))
