"""RULES.md §3: bad input is refused with a message naming the field and the rule."""

import dataclasses

import pytest

from scoring.rules import RULESETS, VALID_ROEM, DealInput, InvalidDeal, is_valid_roem, score_deal

AMS = RULESETS["amsterdam"]
WB = RULESETS["wilde-boom"]
DRIE = RULESETS["driemans"]
KLAW = RULESETS["klawerjas"]

BAD = [
    # (id, rules, DealInput, field, words in the message)
    ("points-sum", AMS, DealInput((100, 60)), "points", ["162", "160"]),
    ("points-sum-over", AMS, DealInput((100, 72)), "points", ["162"]),
    ("points-negative", AMS, DealInput((-10, 172)), "points", ["negative", "side A"]),
    ("points-three-sides", AMS, DealInput((100, 62, 0)), "points", ["2"]),
    ("points-one-side", AMS, DealInput((162,)), "points", ["side"]),
    ("points-not-a-sequence", AMS, DealInput(162), "points", ["side"]),
    ("points-float", AMS, DealInput((100.0, 62)), "points", ["whole"]),
    ("points-text", AMS, DealInput(("100", 62)), "points", ["whole"]),
    ("points-south-african", KLAW, DealInput((100, 62), bidder=None), "points", ["146"]),
    ("points-three-players", DRIE, DealInput((100, 62)), "points", ["player", "3"]),
    ("points-three-players-sum", DRIE, DealInput((100, 62, 10), (0, 0, 0)), "points", ["162"]),
    ("roem-10", AMS, DealInput((100, 62), (10, 0)), "roem", ["20, 50, 100", "10"]),
    ("roem-30", AMS, DealInput((100, 62), (0, 30)), "roem", ["side B", "30"]),
    ("roem-1010", AMS, DealInput((100, 62), (1010, 0)), "roem", ["1000"]),
    ("roem-5000", AMS, DealInput((100, 62), (5000, 0)), "roem", ["1000"]),
    ("roem-25", AMS, DealInput((100, 62), (25, 0)), "roem", ["25"]),
    ("roem-negative", AMS, DealInput((100, 62), (-20, 0)), "roem", ["negative"]),
    ("roem-sides", AMS, DealInput((100, 62), (20,)), "roem", ["side"]),
    ("roem-float", AMS, DealInput((100, 62), (20.0, 0)), "roem", ["whole"]),
    ("roem-three-players", DRIE, DealInput((100, 62, 0), (10, 0, 0)), "roem", ["player 1"]),
    ("pit-without-points", AMS, DealInput((100, 62), pit=0), "pit", ["162", "100"]),
    ("pit-of-loser", AMS, DealInput((162, 0), pit=1), "pit", ["side B"]),
    ("pit-unknown", AMS, DealInput((162, 0), pit=2), "pit", ["side A"]),
    ("pit-three-players", DRIE, DealInput((100, 62, 0), (0, 0, 0), pit=0), "pit", ["player 1"]),
    ("verzaakt-with-pit", AMS, DealInput((162, 0), pit=0, verzaakt=1), "verzaakt", ["pit"]),
    ("verzaakt-unknown", AMS, DealInput((100, 62), verzaakt=5), "verzaakt", ["5"]),
    ("verzaakt-text", AMS, DealInput((100, 62), verzaakt="A"), "verzaakt", ["side A"]),
    ("challenge-4", WB, DealInput((100, 62), trump="H", challenge=4), "challenge", ["kraak"]),
    ("challenge-negative", WB, DealInput((100, 62), trump="H", challenge=-1), "challenge", ["0"]),
    ("challenge-not-wilde-boom", AMS, DealInput((100, 62), challenge=1), "challenge", ["Wilde Boom"]),
    ("bidder-missing", AMS, DealInput((100, 62), bidder=None), "bidder", ["side", "trump"]),
    ("bidder-unknown", AMS, DealInput((100, 62), bidder=2), "bidder", ["2"]),
    ("bidder-text", AMS, DealInput((100, 62), bidder="A"), "bidder", ["side A"]),
    ("bidder-bool", AMS, DealInput((100, 62), bidder=True), "bidder", ["True"]),
    ("bidder-three-missing", DRIE, DealInput((100, 62, 0), (0, 0, 0), bidder=None), "bidder", ["player"]),
    ("bidder-three-unknown", DRIE, DealInput((100, 62, 0), (0, 0, 0), bidder=3), "bidder", ["3"]),
    ("trump-missing-wilde-boom", WB, DealInput((100, 62)), "trump", ["trump suit"]),
    ("trump-unknown", WB, DealInput((100, 62), trump="X"), "trump", ["X"]),
    ("trump-unknown-amsterdam", AMS, DealInput((100, 62), trump="hearts"), "trump", ["hearts"]),
    ("nil-not-played", AMS, DealInput((0, 162), nil=True), "nil", ["nil"]),
    ("nil-0-points-no-pit", dataclasses.replace(AMS, nil_bid=True), DealInput((0, 162), nil=True), "pit", ["side B"]),
]


@pytest.mark.parametrize("rules, deal, field, words", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_input_names_field_and_rule(rules, deal, field, words):
    with pytest.raises(InvalidDeal) as info:
        score_deal(rules, deal)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.field == field
    message = str(error)
    assert field in message
    for word in words:
        assert word in message
    assert error.template.format(**error.params) == message == error.message


def test_valid_roem_values():
    assert 0 in VALID_ROEM and 20 in VALID_ROEM and 1000 in VALID_ROEM
    assert not {10, 30, 1010, 25, -20} & VALID_ROEM
    assert VALID_ROEM == {v for v in range(0, 1001, 10) if v not in (10, 30)}
    assert is_valid_roem(90) and not is_valid_roem(90.0) and not is_valid_roem("90")


def test_every_valid_roem_value_is_accepted():
    for value in VALID_ROEM:
        assert score_deal(AMS, DealInput((100, 62), (value, 0))).scores[0] in (0, 100 + value)


def test_challenge_zero_is_fine_everywhere():
    score_deal(AMS, DealInput((100, 62), challenge=0))
    score_deal(dataclasses.replace(AMS, nil_bid=True), DealInput((100, 62), nil=False))
