"""RULES.md §2 and the option table: presets, options, dealers and the verplicht bidder."""

import dataclasses
from collections import Counter

import pytest

from scoring.rules import (
    RULESETS,
    InvalidRuleSet,
    Rank,
    RuleSet,
    dealer_for_deal,
    forced_bidder,
    side_of_seat,
)
from scoring.rules.rulesets import LIMITS, MAX_DEALS, PLAY_RULES


def test_presets():
    assert set(RULESETS) == {"amsterdam", "rotterdam", "gezellig", "wilde-boom", "driemans", "klawerjas"}
    assert RULESETS["amsterdam"].play_rule == "amsterdam"
    assert RULESETS["rotterdam"].play_rule == "rotterdam"
    assert RULESETS["gezellig"].no_nat
    assert RULESETS["wilde-boom"].challenges and RULESETS["wilde-boom"].needs_trump
    assert RULESETS["driemans"].players == 3 and RULESETS["driemans"].sides == 3
    k = RULESETS["klawerjas"]
    assert (k.deal_total, k.last_trick, k.has_bidder, k.dealer_direction) == (146, 5, False, -1)
    assert all(r.deal_total == 162 for n, r in RULESETS.items() if n != "klawerjas")


def test_defaults_of_the_option_table():
    r = RuleSet()
    assert r.four_jacks == 200
    assert r.four_of_a_kind_ranks == frozenset({Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE})
    assert (r.pit_bonus, r.slot_bonus, r.no_nat, r.nat_on_tie, r.verzaakt_bonus) == (100, 0, False, True, 0)
    assert (r.nil_bid, r.deals_per_match, r.target_score, r.tiebreak_deals) == (False, 16, None, 0)
    assert r.trump_choice == "free"


def test_options_change_with_replace():
    r = dataclasses.replace(
        RULESETS["amsterdam"], four_jacks=100, four_of_a_kind_ranks=frozenset({"9", "10", "Q", "K", "A"})
    )
    assert r.four_jacks == 100
    assert Rank.NINE in r.four_of_a_kind_ranks
    assert r.deal_total == 162
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.pit_bonus = 50


@pytest.mark.parametrize(
    "changes",
    [
        {"play_rule": "utrecht"},
        {"players": 5},
        {"trump_choice": "random"},
        {"card_values": "french"},
        {"players": 3, "challenges": True},
        {"deals_per_match": 0},
    ],
)
def test_bad_options_are_refused(changes):
    with pytest.raises(ValueError):
        RuleSet(**changes)


def test_every_player_deals_four_times_in_16_deals():
    r = RULESETS["amsterdam"]
    dealers = [dealer_for_deal(r, n) for n in range(1, 17)]
    assert dealers[:5] == [0, 1, 2, 3, 0]
    assert Counter(dealers) == {0: 4, 1: 4, 2: 4, 3: 4}
    assert dealer_for_deal(r, 1, first_dealer=2) == 2


def test_south_african_dealer_goes_counter_clockwise():
    r = RULESETS["klawerjas"]
    assert [dealer_for_deal(r, n) for n in range(1, 6)] == [0, 3, 2, 1, 0]


def test_three_player_dealer():
    assert [dealer_for_deal(RULESETS["driemans"], n) for n in range(1, 5)] == [0, 1, 2, 0]


def test_forced_bidder_under_verplicht():
    r = dataclasses.replace(RULESETS["amsterdam"], trump_choice="verplicht")
    assert [forced_bidder(r, dealer) for dealer in range(4)] == [1, 0, 1, 0]
    assert forced_bidder(RULESETS["amsterdam"], 0) is None
    three = dataclasses.replace(RULESETS["driemans"], trump_choice="verplicht")
    assert [forced_bidder(three, d) for d in range(3)] == [1, 2, 0]


def test_sides_of_seats():
    r = RULESETS["amsterdam"]
    assert [side_of_seat(r, s) for s in range(4)] == [0, 1, 0, 1]


# --- the ranges of the numeric options (scoring/rules/rulesets.py LIMITS)


@pytest.mark.parametrize(
    "option, low, high",
    [
        ("deals_per_match", 1, 64),
        ("max_deals", 1, 64),
        ("tiebreak_deals", 0, 16),
        ("target_score", 1, 10_000),
        ("four_jacks", 0, 1000),
        ("pit_bonus", 0, 1000),
        ("slot_bonus", 0, 1000),
        ("verzaakt_bonus", 0, 1000),
        ("nil_bonus", 0, 1000),
        ("five_run", 0, 1000),
        ("last_trick", 0, 100),
        ("strokes_to_win", 1, 25),
    ],
)
def test_numeric_options_are_bounded(option, low, high):
    """RULES.md §4 option table ("deals per match 16", "tie-break deals 0 (off)", "target
    score none", "pit bonus 100" ...): every number a club can set has a range; a value outside
    it is refused with an InvalidRuleSet (a ValueError) naming the option and the range."""
    assert getattr(RuleSet(**{option: low}), option) == low
    assert getattr(RuleSet(**{option: high}), option) == high
    for bad in (low - 1, high + 1, 200_000, 2.5, "16", True):
        with pytest.raises(InvalidRuleSet) as caught:
            RuleSet(**{option: bad})
        assert isinstance(caught.value, ValueError)
        assert caught.value.option == option
        message = str(caught.value)
        assert message.startswith(option) and f"from {low} to {high}" in message
        assert repr(bad) in message


def test_the_issue_case_tiebreak_deals_200000():
    """RULES.md §4: "tie-break deals | 0 (off) | ... play this many more deals (4: one per
    dealer)": 200,000 is refused, so no sheet is drawn with 200,000 rows."""
    with pytest.raises(
        InvalidRuleSet,
        match=r"tiebreak_deals must be a whole number from 0 to 16, "
        r"not 200000",
    ):
        dataclasses.replace(RULESETS["amsterdam"], tiebreak_deals=200_000)


def test_target_score_and_cap_may_be_none():
    """RULES.md §4: "target score | none | ... optionally capped at a number of deals"."""
    r = RuleSet(target_score=None, max_deals=None)
    assert (r.target_score, r.max_deals) == (None, None)
    with pytest.raises(InvalidRuleSet, match="target_score must be empty"):
        RuleSet(target_score=0)
    with pytest.raises(InvalidRuleSet, match="max_deals must be empty .* from 1 to 64, not 65"):
        RuleSet(target_score=1500, max_deals=65)


def test_choices_and_combinations_name_the_option():
    for changes, option in [
        ({"play_rule": "utrecht"}, "play_rule"),
        ({"players": 5}, "players"),
        ({"trump_choice": "random"}, "trump_choice"),
        ({"four_of_a_kind_ranks": frozenset({"11"})}, "four_of_a_kind_ranks"),
        ({"boom_low": 150}, "boom_low"),
        ({"players": 3, "challenges": True}, "challenges"),
        ({"has_bidder": False, "nil_bid": True}, "nil_bid"),
    ]:
        with pytest.raises(InvalidRuleSet) as caught:
            RuleSet(**changes)
        assert caught.value.option == option and str(caught.value).startswith(option)


def test_every_preset_is_within_the_ranges():
    for name, rules in RULESETS.items():
        assert dataclasses.replace(rules) == rules, name
    assert "south-african" in PLAY_RULES and RULESETS["klawerjas"].play_rule == "south-african"
    assert LIMITS["deals_per_match"] == (1, MAX_DEALS)
