"""RULES.md §7: the South African play rule and the house rule "verplicht ondertroeven"."""

import dataclasses

import pytest

from scoring.rules import RULESETS, Card, Suit, legal_cards

AMS = RULESETS["amsterdam"]
ROT = RULESETS["rotterdam"]
DRIE = RULESETS["driemans"]
KLAW = RULESETS["klawerjas"]
H = Suit.HEARTS


def cards(text):
    return [Card.parse(t) for t in text.split()] if text else []


def legal(rules, hand, trick, trump=H):
    hand_cards = cards(hand)
    result = legal_cards(rules, hand_cards, cards(trick), trump)
    assert result == [c for c in hand_cards if c in result]  # a subset, in hand order
    return " ".join(str(c) for c in result)


# --- South African klawerjas


def test_klawerjas_partner_winning_any_card():
    """RULES.md §7: "South African klawerjas: void in the led suit with the partner winning: any
    card, but never an undertrump of the partner's winning trump unless holding only trumps."

    The issue's case: the partner led AS and wins; with no spade, 7H and KD are both legal."""
    assert legal(KLAW, "7H KD", "AS 7S") == "7H KD"
    assert legal(KLAW, "7H KD", "KS AS 10S") == "7H KD"  # last seat: the partner (1) wins
    assert legal(KLAW, "7H KD", "AS 7S 10S") == "7H"  # last seat, an opponent wins: trump


def test_klawerjas_partner_winning_with_trump_no_undertrump():
    """RULES.md §7: "... any card, but never an undertrump of the partner's winning trump unless
    holding only trumps." """
    # the player sits at position 3; the partner (position 1) trumped the ace with 9H and wins
    assert legal(KLAW, "7H JH KD", "AS 9H 7S") == "JH KD"  # 7H would undertrump the partner
    assert legal(KLAW, "7H QH", "AS 9H 7S") == "7H QH"  # only trumps: any of them
    # Choice (read literally): holding only trumps, a higher one is not forced either
    assert legal(KLAW, "7H JH", "AS 9H 7S") == "7H JH"
    assert legal(AMS, "7H JH", "AS 9H 7S") == "JH"  # Amsterdam: only when nothing but lower


def test_klawerjas_trump_led_need_not_beat():
    """RULES.md §7: "Trump led: must play trump if able, need not beat it."

    The issue's case: 9H led, JH and 7H are both legal (KD is not: trump must be played)."""
    assert legal(KLAW, "JH 7H KD", "9H") == "JH 7H"
    assert legal(KLAW, "KD 8C", "9H") == "KD 8C"  # no trump: any card
    # the Dutch rule sets demand a higher trump where one is held
    assert legal(AMS, "JH 7H KD", "9H") == "JH"
    assert legal(ROT, "JH 7H KD", "9H") == "JH"


def test_klawerjas_partner_not_winning_must_trump_and_overtrump():
    """RULES.md §7 names no exception for South African klawerjas when the partner is not
    winning, so the obligations of "Rotterdam: must trump; must overtrump a trump in the trick if
    able ... Unable to overtrump: must play a non-trump card; only trumps left: any trump." hold
    (our reading, documented in ``legal_cards``)."""
    assert legal(KLAW, "7H KD", "7S AS") == "7H"  # opponent winning: must trump
    assert legal(KLAW, "7H JH KD", "AS 9H") == "JH"  # opponent trumped: must overtrump
    assert legal(KLAW, "7H KD 8C", "AS JH") == "KD 8C"  # unable: no undertrump
    assert legal(KLAW, "7H QH", "AS JH") == "7H QH"  # only lower trumps left
    assert legal(KLAW, "AS KS", "7S") == "AS KS"  # holding the led suit: follow, need not beat


# --- verplicht ondertroeven

MUST = dataclasses.replace(AMS, must_undertrump=True)
MUST_ROT = dataclasses.replace(ROT, must_undertrump=True)


def test_must_undertrump_is_off_by_default():
    """RULES.md §7: "Option "verplicht ondertroeven" (off by default)"."""
    assert all(not rules.must_undertrump for rules in RULESETS.values())
    assert legal(ROT, "7H KD 8C", "AS JH") == "KD 8C"


@pytest.mark.parametrize(
    "rules",
    [MUST, MUST_ROT, dataclasses.replace(KLAW, must_undertrump=True), dataclasses.replace(DRIE, must_undertrump=True)],
    ids=["amsterdam", "rotterdam", "klawerjas", "driemans"],
)
def test_must_undertrump_when_unable_to_overtrump(rules):
    """RULES.md §7: "Option "verplicht ondertroeven" (off by default): a player void in the led
    suit who holds trump but cannot overtrump must undertrump instead of discarding." """
    # an opponent (position 1) trumped with JH; the player cannot overtrump: a lower trump
    assert legal(rules, "7H QH KD 8C", "AS JH") == "7H QH"
    # able to overtrump: the overtrump, as without the option
    assert legal(rules, "7H 9H KD", "AS 8H") == "9H"
    # no trump held: any card
    assert legal(rules, "KD 8C", "AS JH") == "KD 8C"


def test_must_undertrump_rotterdam_also_under_the_partner():
    """RULES.md §7: Rotterdam "must overtrump a trump in the trick if able — even when the partner
    is winning the trick"; with "verplicht ondertroeven" a player who cannot, and holds trump,
    must undertrump instead of discarding."""
    assert legal(MUST_ROT, "7H KD", "AS JH 7S") == "7H"
    assert legal(ROT, "7H KD", "AS JH 7S") == "KD"


def test_must_undertrump_leaves_a_winning_partner_alone_in_amsterdam():
    """RULES.md §7: "Amsterdam: if the partner is winning the trick, may play any card except an
    undertrump". Choice: the option replaces only the discard the obligations demand, so with
    the partner winning the player stays free (and still may not undertrump)."""
    assert legal(MUST, "7H KD", "AS JH 7S") == "KD"
    assert legal(MUST, "7H KD", "AS 7S") == "7H KD"
