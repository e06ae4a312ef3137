"""RULES.md §4 and §5: known answers for scoring one deal. Edge cases first."""

import dataclasses

import pytest

from scoring.rules import RULESETS, DealInput, InvalidDeal, Suit, score_deal

AMS = RULESETS["amsterdam"]
ROT = RULESETS["rotterdam"]
GEZ = RULESETS["gezellig"]
WB = RULESETS["wilde-boom"]
DRIE = RULESETS["driemans"]
KLAW = RULESETS["klawerjas"]
TIE_KEPT = dataclasses.replace(AMS, nat_on_tie=False)
VBONUS = dataclasses.replace(AMS, verzaakt_bonus=100)
PIT150 = dataclasses.replace(AMS, pit_bonus=150)
SLOT = dataclasses.replace(AMS, slot_bonus=50)
NIL = dataclasses.replace(AMS, nil_bid=True)
DRIE_TIE = dataclasses.replace(DRIE, nat_on_tie=False)
S, H, C = Suit.SPADES, Suit.HEARTS, Suit.CLUBS

# (id, rules, DealInput, scores, nat, mark)
CASES = [
    # --- RULES.md §4 worked examples (bidder A)
    ("made", AMS, DealInput((100, 62), (20, 0)), (120, 62), False, ""),
    ("equal-is-nat", AMS, DealInput((81, 81), (0, 0)), (0, 162), True, "N"),
    ("roem-decides", AMS, DealInput((81, 81), (20, 0)), (101, 81), False, ""),
    ("pit", AMS, DealInput((162, 0), (40, 0), pit=0), (302, 0), False, "P"),
    ("nat-all-roem", AMS, DealInput((60, 102), (20, 20)), (0, 202), True, "N"),
    # --- own edge cases: exact ties
    ("tie-with-roem-both", AMS, DealInput((81, 81), (20, 20)), (0, 202), True, "N"),
    ("tie-by-roem", AMS, DealInput((71, 91), (70, 50)), (0, 282), True, "N"),
    ("tie-kept-option", TIE_KEPT, DealInput((81, 81)), (81, 81), False, ""),
    ("tie-kept-option-b", TIE_KEPT, DealInput((91, 71), (20, 40), bidder=1), (111, 111), False, ""),
    ("one-point-more", AMS, DealInput((82, 80)), (82, 80), False, ""),
    ("one-point-less", AMS, DealInput((80, 82)), (0, 162), True, "N"),
    # --- nat with roem on both sides
    ("nat-roem-both", AMS, DealInput((60, 102), (50, 20)), (0, 232), True, "N"),
    ("made-roem-both", AMS, DealInput((70, 92), (50, 20)), (120, 112), False, ""),
    ("nat-bidder-b", AMS, DealInput((100, 62), (0, 20), bidder=1), (182, 0), True, "N"),
    ("made-bidder-b", AMS, DealInput((62, 100), (0, 20), bidder=1), (62, 120), False, ""),
    ("nat-by-roem-of-defenders", AMS, DealInput((90, 72), (0, 50)), (0, 212), True, "N"),
    # --- pit and tegenpit
    ("tegenpit", AMS, DealInput((0, 162), (0, 40), pit=1), (0, 302), True, "TP"),
    ("tegenpit-hand-roem-a", AMS, DealInput((0, 162), (20, 0), pit=1), (0, 282), True, "TP"),
    ("pit-bidder-b", AMS, DealInput((0, 162), (0, 0), bidder=1, pit=1), (0, 262), False, "P"),
    ("tegenpit-bidder-b", AMS, DealInput((162, 0), (20, 0), bidder=1, pit=0), (282, 0), True, "TP"),
    ("pit-bonus-150", PIT150, DealInput((162, 0), pit=0), (312, 0), False, "P"),
    ("all-points-no-pit", AMS, DealInput((162, 0)), (162, 0), False, ""),
    # --- verzaakt
    ("verzaakt-by-bidder", AMS, DealInput((100, 62), (20, 0), verzaakt=0), (0, 182), False, "V"),
    ("verzaakt-by-defenders", AMS, DealInput((60, 102), (20, 50), verzaakt=1), (232, 0), False, "V"),
    ("verzaakt-by-bidder-b", AMS, DealInput((40, 122), (0, 20), bidder=1, verzaakt=1), (182, 0), False, "V"),
    ("verzaakt-bonus", VBONUS, DealInput((100, 62), verzaakt=0), (0, 262), False, "V"),
    ("verzaakt-rotterdam", ROT, DealInput((81, 81), (20, 20), verzaakt=1), (202, 0), False, "V"),
    # --- slot bonus, no nat, nil
    ("slot-bonus", SLOT, DealInput((162, 0), pit=0), (312, 0), False, "P"),
    ("slot-bonus-not-when-defenders-scored", SLOT, DealInput((152, 10)), (152, 10), False, ""),
    ("slot-bonus-not-when-nat", SLOT, DealInput((0, 162), pit=1), (0, 262), True, "TP"),
    ("gezellig-failed", GEZ, DealInput((60, 102), (20, 20)), (80, 122), False, ""),
    ("gezellig-tie", GEZ, DealInput((81, 81)), (81, 81), False, ""),
    ("gezellig-made", GEZ, DealInput((100, 62), (20, 0)), (120, 62), False, ""),
    # RULES.md §4 nil bid: made exactly when the defenders' pit is marked; their pit bonus counts
    ("nil-made", NIL, DealInput((0, 162), (0, 20), pit=1, nil=True), (50, 282), False, "TP"),
    ("nil-made-bidder-b", NIL, DealInput((162, 0), bidder=1, pit=0, nil=True), (262, 50), False, "TP"),
    ("nil-bidder-took-every-trick", NIL, DealInput((162, 0), pit=0, nil=True), (0, 262), True, "P"),
    ("nil-failed", NIL, DealInput((10, 152), (0, 20), nil=True), (0, 182), True, "N"),
    ("nil-option-normal-deal", NIL, DealInput((100, 62)), (100, 62), False, ""),
    # --- Rotterdam scores like Amsterdam
    ("rotterdam-made", ROT, DealInput((100, 62), (20, 0)), (120, 62), False, ""),
    ("rotterdam-nat", ROT, DealInput((81, 81)), (0, 162), True, "N"),
    # --- Wilde Boom
    ("wb-plain", WB, DealInput((100, 62), trump=H), (100, 62), False, ""),
    ("wb-spades", WB, DealInput((100, 62), (20, 0), trump=S), (240, 124), False, ""),
    ("wb-spades-nat", WB, DealInput((81, 81), trump=S), (0, 324), True, "N"),
    ("wb-kraak-lost", WB, DealInput((100, 62), trump=H, challenge=1), (324, 0), False, ""),
    ("wb-kraak-won", WB, DealInput((70, 92), trump=H, challenge=1), (0, 324), True, "N"),
    ("wb-kraak-tie-fails", WB, DealInput((81, 81), trump=H, challenge=1), (324, 0), False, ""),
    ("wb-rekraak-won-spades", WB, DealInput((100, 62), (20, 0), trump=S, challenge=2), (1456, 0), False, ""),
    ("wb-rekraak-lost-spades", WB, DealInput((70, 92), (20, 0), trump=S, challenge=2), (0, 1456), True, "N"),
    ("wb-rekraak-tie-fails", WB, DealInput((81, 81), trump=C, challenge=2), (0, 648), True, "N"),
    ("wb-superkraak-won", WB, DealInput((60, 102), trump=H, challenge=3), (0, 1296), True, "N"),
    ("wb-superkraak-lost-spades", WB, DealInput((100, 62), trump=S, challenge=3), (2592, 0), False, ""),
    ("wb-kraak-bidder-b", WB, DealInput((100, 62), (0, 20), bidder=1, trump=H, challenge=1), (364, 0), True, "N"),
    ("wb-pit-kraak", WB, DealInput((162, 0), trump=H, pit=0, challenge=1), (524, 0), False, "P"),
    ("wb-verzaakt-spades", WB, DealInput((100, 62), trump=S, verzaakt=0), (0, 324), False, "V"),
    ("wb-trump-as-letter", WB, DealInput((100, 62), trump="S"), (200, 124), False, ""),
    # --- three players
    ("three-made", DRIE, DealInput((90, 40, 32), (0, 0, 0)), (90, 40, 32), False, ""),
    ("three-exactly-half", DRIE, DealInput((81, 41, 40), (0, 0, 0)), (0, 162, 162), True, "N"),
    ("three-half-with-roem", DRIE, DealInput((81, 40, 41), (20, 20, 0)), (0, 202, 202), True, "N"),
    ("three-roem-fails", DRIE, DealInput((70, 50, 42), (20, 0, 0)), (0, 182, 182), True, "N"),
    ("three-half-kept-option", DRIE_TIE, DealInput((81, 41, 40), (0, 0, 0)), (81, 41, 40), False, ""),
    ("three-maker-2", DRIE, DealInput((30, 32, 100), (0, 0, 0), bidder=2), (30, 32, 100), False, ""),
    ("three-pit", DRIE, DealInput((0, 162, 0), (0, 20, 0), bidder=1, pit=1), (0, 282, 0), False, "P"),
    ("three-tegenpit", DRIE, DealInput((0, 162, 0), (0, 0, 0), bidder=0, pit=1), (0, 262, 262), True, "TP"),
    ("three-verzaakt", DRIE, DealInput((80, 50, 32), (0, 0, 0), verzaakt=2), (162, 162, 0), False, "V"),
    # --- South African klawerjas: 146, no bidder, no nat
    ("sa-own", KLAW, DealInput((100, 46), (20, 0), bidder=None), (120, 46), False, ""),
    ("sa-no-nat", KLAW, DealInput((40, 106), bidder=None), (40, 106), False, ""),
    ("sa-tie", KLAW, DealInput((73, 73), (20, 20), bidder=None), (93, 93), False, ""),
    ("sa-pit", KLAW, DealInput((146, 0), (50, 0), bidder=None, pit=0), (196, 0), False, "P"),  # no pit bonus
    ("sa-verzaakt", KLAW, DealInput((100, 46), bidder=None, verzaakt=1), (146, 0), False, "V"),
    ("sa-bidder-ignored", KLAW, DealInput((100, 46)), (100, 46), False, ""),
]


@pytest.mark.parametrize("rules, deal, scores, nat, mark", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_known_answers(rules, deal, scores, nat, mark):
    result = score_deal(rules, deal)
    assert result.scores == scores
    assert result.nat is nat
    assert result.mark == mark
    assert result.pit == deal.pit


def test_enough_own_cases():
    assert len(CASES) - 5 >= 40


def test_result_fields():
    r = score_deal(AMS, DealInput((0, 162), (0, 40), pit=1))
    assert r.marks == ("N", "TP")
    assert (r.made, r.verzaakt, r.multiplier, r.bidder) == (False, None, 1, 0)
    r = score_deal(WB, DealInput((100, 62), trump=S, challenge=2))
    assert (r.multiplier, r.made) == (8, True)
    r = score_deal(AMS, DealInput((100, 62), verzaakt=0))
    assert r.marks == ("V", "") and r.made is False
    r = score_deal(KLAW, DealInput((100, 46), bidder=None))
    assert (r.made, r.bidder, r.nat) == (None, None, False)


def test_lists_are_accepted_for_sides():
    assert score_deal(AMS, DealInput([100, 62], [20, 0])).scores == (120, 62)


@pytest.mark.parametrize("bidder", [0, 1])
def test_nil_is_made_exactly_with_the_defenders_pit(bidder):
    """RULES.md §4, option nil bid (issue 33 item 12): "made exactly when the defenders took every
    trick (their pit is marked): the bidder side scores 50 ... the defenders their own points and
    roem, pit bonus included; otherwise it is nat. A nil deal with 0 bidder points and no pit
    marked is refused, naming the pit field." 0 card points alone prove nothing: a trick of sevens
    and eights is worth 0."""
    other = 1 - bidder
    points = [0, 0]
    points[other] = 162
    made = score_deal(NIL, DealInput(tuple(points), bidder=bidder, pit=other, nil=True))
    assert made.made and not made.nat and made.nil
    assert made.scores[bidder] == 50 and made.scores[other] == 262  # 162 + pit bonus 100
    with pytest.raises(InvalidDeal) as refused:
        score_deal(NIL, DealInput(tuple(points), bidder=bidder, nil=True))
    assert refused.value.field == "pit" and "pit" in str(refused.value)
    # some points for the bidder side and no pit: nat, 162 + all roem to the defenders
    points = [0, 0]
    points[bidder], points[other] = 10, 152
    roem = [0, 0]
    roem[other] = 20
    nat = score_deal(NIL, DealInput(tuple(points), tuple(roem), bidder=bidder, nil=True))
    assert nat.nat and not nat.made and nat.scores[other] == 182 and nat.scores[bidder] == 0


NIL_WB = dataclasses.replace(WB, nil_bid=True)


@pytest.mark.parametrize(
    "deal, scores, made",
    [
        # A's hand roem (20) does not change the nil bonus; B: 162 + 20 + pit 100
        (DealInput((0, 162), (20, 20), pit=1, trump=H, nil=True), (50, 282), True),
        # spades double everything, the nil bonus too
        (DealInput((0, 162), (50, 0), pit=1, trump=S, nil=True), (100, 524), True),
        # without the defenders' pit a nil side with points is nat: 162 + all roem (hand roem included)
        (DealInput((10, 152), (20, 0), trump=H, nil=True), (0, 182), False),
    ],
)
def test_wilde_boom_nil_side_may_have_hand_roem(deal, scores, made):
    """RULES.md §4 nil bid: "the bidder side scores 50 (its hand roem in Wilde Boom does not change that)"."""
    result = score_deal(NIL_WB, deal)
    assert result.scores == scores and result.made is made


def test_south_african_klawerjas_has_no_pit_bonus_unless_set():
    """RULES.md §5 (issue 33 item 14): "No pit bonus: the source names none (a club may set one)"."""
    assert KLAW.pit_bonus == 0
    assert score_deal(KLAW, DealInput((146, 0), (50, 0), bidder=None, pit=0)).scores == (196, 0)
    house = dataclasses.replace(KLAW, pit_bonus=100)
    assert score_deal(house, DealInput((146, 0), (50, 0), bidder=None, pit=0)).scores == (296, 0)


def test_nil_with_roem_three_players():
    """RULES.md §4 nil bid ("otherwise it is nat"), at a three-player table: roem for the maker
    means the maker won a trick."""
    rules = dataclasses.replace(DRIE, nil_bid=True)
    result = score_deal(rules, DealInput((0, 100, 62), (20, 0, 0), bidder=0, nil=True))
    assert result.nat and result.scores == (0, 182, 182)
    result = score_deal(rules, DealInput((0, 100, 62), (0, 20, 0), bidder=0, nil=True))
    assert result.made and result.scores == (50, 120, 62)


# Issue 33 item 2: "verz." and the side that reneged is a whole deal. RULES.md §4 gives it to the
# other side "whoever bid", so the bidder may be left out (bidder=None); where the deal is scored
# as played ("fixed-points") the bidder is still asked, because made or nat depends on it.
FIXED = dataclasses.replace(AMS, verzaakt_penalty="fixed-points", verzaakt_points=100)
REPLAY = dataclasses.replace(AMS, verzaakt_penalty="replay")
NO_BID_VERZAAKT = [
    ("a-reneged", AMS, DealInput((162, 0), (20, 50), bidder=None, verzaakt=0), (0, 232)),
    ("b-reneged", AMS, DealInput((0, 162), (20, 0), bidder=None, verzaakt=1), (182, 0)),
    ("bonus", VBONUS, DealInput((0, 162), bidder=None, verzaakt=1), (262, 0)),
    ("rotterdam", ROT, DealInput((81, 81), (20, 20), bidder=None, verzaakt=0), (0, 202)),
    ("no-nat", GEZ, DealInput((0, 162), (0, 20), bidder=None, verzaakt=1), (182, 0)),
    (
        "wilde-boom-spades-kraak",
        WB,
        DealInput((0, 162), (20, 0), bidder=None, verzaakt=1, trump=S, challenge=1),
        (728, 0),
    ),
    ("replay", REPLAY, DealInput((0, 162), bidder=None, verzaakt=1), (0, 0)),
    ("three", DRIE, DealInput((0, 162, 0), (20, 0, 0), bidder=None, verzaakt=1), (182, 0, 182)),
]


@pytest.mark.parametrize("rules, deal, scores", [c[1:] for c in NO_BID_VERZAAKT], ids=[c[0] for c in NO_BID_VERZAAKT])
def test_a_verzaakt_deal_needs_no_bidder(rules, deal, scores):
    result = score_deal(rules, deal)
    assert result.scores == scores
    assert (result.bidder, result.made, result.nat, result.verzaakt) == (None, None, False, deal.verzaakt)
    assert result.marks[deal.verzaakt] == "V"
    # the same deal with either bidder scores the same: who bid does not change a verzaakt deal
    for bidder in range(rules.sides):
        assert score_deal(rules, dataclasses.replace(deal, bidder=bidder)).scores == scores


def test_a_verzaakt_deal_scored_as_played_still_asks_the_bidder():
    with pytest.raises(InvalidDeal) as refused:
        score_deal(FIXED, DealInput((0, 162), bidder=None, verzaakt=1))
    assert refused.value.field == "bidder"
    assert score_deal(FIXED, DealInput((0, 162), bidder=0, verzaakt=1)).scores == (0, 62)
    # and a deal without verzaakt still needs its bidder
    with pytest.raises(InvalidDeal) as refused:
        score_deal(AMS, DealInput((100, 62), bidder=None))
    assert refused.value.field == "bidder"
