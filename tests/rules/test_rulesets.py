"""RULES.md §2 and the option table: presets, options, dealers and the verplicht bidder."""

import dataclasses
from collections import Counter

import pytest

from scoring.rules import RULESETS, Rank, RuleSet, dealer_for_deal, forced_bidder, side_of_seat


def test_presets():
    assert set(RULESETS) == {"amsterdam", "rotterdam", "gezellig", "wilde-boom", "driemans",
                             "klawerjas"}
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
    assert (r.pit_bonus, r.slot_bonus, r.no_nat, r.nat_on_tie, r.verzaakt_bonus) == (
        100, 0, False, True, 0)
    assert (r.nil_bid, r.deals_per_match, r.target_score, r.tiebreak_deals) == (False, 16, None, 0)
    assert r.trump_choice == "free"


def test_options_change_with_replace():
    r = dataclasses.replace(RULESETS["amsterdam"], four_jacks=100,
                            four_of_a_kind_ranks=frozenset({"9", "10", "Q", "K", "A"}))
    assert r.four_jacks == 100
    assert Rank.NINE in r.four_of_a_kind_ranks
    assert r.deal_total == 162
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.pit_bonus = 50


@pytest.mark.parametrize(
    "changes",
    [{"play_rule": "utrecht"}, {"players": 5}, {"trump_choice": "random"},
     {"card_values": "french"}, {"players": 3, "challenges": True}, {"deals_per_match": 0}],
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
