"""The verzaakt penalty as a club rule (RULES.md §4, "Verzaakt": "if a side broke a play rule, it
scores 0 and the other side scores 162 plus all roem of both sides plus the verzaakt bonus …
Clubs differ here more than anywhere, hence the option"). ``RuleSet.verzaakt_penalty``:

- "whole-deal" (default): as quoted above;
- "fixed-points": the deal stands as played and the offending side loses ``verzaakt_points``;
- "replay": the deal is not counted (scores nothing) and is played again.

Known answers, bidder side A unless said otherwise."""

from __future__ import annotations

import dataclasses

import pytest

from scoring.rules import RULESETS, DealInput, InvalidRuleSet, RuleSet, score_deal, score_match

AMSTERDAM = RULESETS["amsterdam"]


def rules(**changes) -> RuleSet:
    return dataclasses.replace(AMSTERDAM, **changes)


@pytest.mark.parametrize(
    "changes, points, roem, verzaakt, expected",
    [
        # "the other side scores 162 plus all roem of both sides" (default): 162 + 20
        ({}, (100, 62), (20, 0), 1, (182, 0)),
        ({"verzaakt_bonus": 100}, (100, 62), (20, 0), 1, (282, 0)),  # "plus the verzaakt bonus"
        ({}, (100, 62), (20, 0), 0, (0, 182)),  # "whoever bid"
        # fixed points: A made 120 – 62 as played; B reneged and loses 100
        ({"verzaakt_penalty": "fixed-points"}, (100, 62), (20, 0), 1, (120, -38)),
        # the bidder reneged: its made deal stands, less the 100
        ({"verzaakt_penalty": "fixed-points"}, (100, 62), (20, 0), 0, (20, 62)),
        # the deal as played was nat (60 + 0 < 102 + 0): nat stands, and A loses 50 more
        ({"verzaakt_penalty": "fixed-points", "verzaakt_points": 50}, (60, 102), (0, 0), 0, (-50, 162)),
        # replay: nothing counts
        ({"verzaakt_penalty": "replay"}, (100, 62), (20, 0), 1, (0, 0)),
    ],
)
def test_verzaakt_penalties(changes, points, roem, verzaakt, expected):
    result = score_deal(rules(**changes), DealInput(points, roem, bidder=0, verzaakt=verzaakt))
    assert result.scores == expected
    assert result.verzaakt == verzaakt and result.mark == "V"
    assert result.replayed == (changes.get("verzaakt_penalty") == "replay")


def test_fixed_points_keep_the_deal_as_played_with_three_players():
    driemans = dataclasses.replace(RULESETS["driemans"], verzaakt_penalty="fixed-points")
    # the maker (player 1) has 100 > 162 / 2: each scores their own; player 3 reneged: 32 - 100
    result = score_deal(driemans, DealInput((100, 30, 32), (0, 0, 0), bidder=0, verzaakt=2))
    assert result.scores == (100, 30, -68) and not result.nat


def test_a_replayed_deal_does_not_count_towards_the_deals_of_the_match():
    replay = rules(verzaakt_penalty="replay", deals_per_match=4)
    plain = DealInput((100, 62), (0, 0), bidder=0)
    reneged = DealInput((100, 62), (0, 0), bidder=0, verzaakt=1)
    after_four = score_match(replay, [plain, reneged, plain, plain])
    assert not after_four.finished and after_four.planned == 5 and after_four.totals == (300, 186)
    done = score_match(replay, [plain, reneged, plain, plain, plain])
    assert done.finished and done.totals == (400, 248) and done.winner == 0


def test_the_options_are_checked():
    with pytest.raises(InvalidRuleSet, match="verzaakt_penalty"):
        rules(verzaakt_penalty="boete")
    with pytest.raises(InvalidRuleSet, match="verzaakt_points"):
        rules(verzaakt_points=1001)
    with pytest.raises(InvalidRuleSet, match="verzaakt_points"):
        rules(verzaakt_points=-1)
    assert AMSTERDAM.verzaakt_penalty == "whole-deal" and AMSTERDAM.verzaakt_points == 100
