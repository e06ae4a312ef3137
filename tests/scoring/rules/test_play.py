"""RULES.md §6 and §7: trick winner, roem in a trick, legal cards."""

import dataclasses

import pytest

from scoring.rules import RULESETS, Card, Rank, Suit, legal_cards, trick_roem, trick_winner
from scoring.rules.play import hand_roem

AMS = RULESETS["amsterdam"]
ROT = RULESETS["rotterdam"]
DRIE = RULESETS["driemans"]
KLAW = RULESETS["klawerjas"]


def cards(text):
    return [Card.parse(t) for t in text.split()]


@pytest.mark.parametrize(
    "trick, trump, winner",
    [
        ("AS 7H 10S KS", "H", 1),  # the only trump wins
        ("AS 7H JH KS", "H", 2),  # highest trump
        ("9H JH AH 10H", "H", 1),  # trump order J 9 A 10
        ("10S AS KD 9S", "H", 1),  # no trump: highest of the led suit
        ("KS QS 7S AD", "H", 0),  # another suit's ace never wins
        ("JS 9S AS 10S", "H", 2),  # plain order A 10 K Q J 9
        ("7C 8D 9D AD", "S", 0),
        ("8H 9H 7H", "H", 1),  # three-card trick
        ("QH 8H 7H KS", "H", 0),
    ],
)
def test_trick_winner(trick, trump, winner):
    assert trick_winner(cards(trick), Suit(trump)) == winner


@pytest.mark.parametrize(
    "rules, trick, trump, roem",
    [
        (AMS, "7H 8H 9H AS", "S", 20),  # three-run
        (AMS, "7H 8H 9H 10H", "S", 50),  # four-run (not also a three-run)
        (AMS, "9C JC 10C QC", "S", 50),  # run in sequence order, played out of order
        (AMS, "7H 9H 10H AS", "S", 0),  # no run
        (AMS, "KH QH 7S 8D", "H", 20),  # stuk alone
        (AMS, "KH QH 7S 8D", "S", 0),  # king and queen of a plain suit
        (AMS, "JH QH KH 7S", "H", 40),  # run through the stuk
        (AMS, "JH QH KH AH", "H", 70),  # four-run through the stuk
        (AMS, "QS KS AS 10S", "S", 40),  # Q-K-A run with stuk; the 10 is not next to the Q
        (AMS, "9H 10H JH QH", "H", 50),  # the queen without the king: no stuk
        (AMS, "JH JS JD JC", "H", 200),  # four jacks
        (dataclasses.replace(AMS, four_jacks=100), "JH JS JD JC", "H", 100),
        (AMS, "AH AS AD AC", "H", 100),
        (AMS, "10H 10S 10D 10C", "C", 100),
        (AMS, "KH KS KD KC", "C", 100),
        (AMS, "QH QS QD QC", "C", 100),
        (AMS, "9H 9S 9D 9C", "C", 0),  # four 9s not counted by default
        (dataclasses.replace(AMS, four_of_a_kind_ranks=frozenset(Rank)), "9H 9S 9D 9C", "C", 100),
        (dataclasses.replace(AMS, four_of_a_kind_ranks=frozenset(Rank)), "7H 7S 7D 7C", "C", 100),
        (AMS, "7H 7S 7D 7C", "C", 0),
        (KLAW, "JH JS JD JC", "H", 100),
        (KLAW, "10H 10S 10D 10C", "H", 0),
        (KLAW, "KH QH JH 8S", "H", 40),
        (DRIE, "9H 10H JH", "S", 20),  # a three-card trick holds at most a three-run
        (DRIE, "QH KH AH", "H", 40),
    ],
)
def test_trick_roem(rules, trick, trump, roem):
    assert trick_roem(rules, cards(trick), Suit(trump)) == roem


@pytest.mark.parametrize(
    "hand, trump, roem",
    [
        ("7H 8H 9H 10H JH AS AD AC", "S", 100),  # five-run
        ("7H 8H 9H KS QS AD AC 7C", "S", 20),  # three-run; the stuk is not hand roem
        ("JH JS JD JC 7D 9C 8S 10H", "S", 200),
    ],
)
def test_hand_roem(hand, trump, roem):
    assert hand_roem(RULESETS["wilde-boom"], cards(hand), Suit(trump)) == roem


@pytest.mark.parametrize("name", ["wilde-boom", "klawerjas"])
def test_hand_roem_never_includes_the_stuk(name):
    """RULES.md §6: "Stuk: king and queen of trump in the same trick = 20" — the stuk is roem of
    a trick, declared when played, so roem shown from the hand (§5, Wilde Boom: "Roem may also be
    declared from the hand before the first trick, including a run of five or more cards")
    never counts it."""
    rules = RULESETS[name]
    assert hand_roem(rules, cards("KH QH 7S 9D AC 8C 10D 7D"), Suit.HEARTS) == 0
    # a run through the trump king and queen is a run (20), with no stuk added
    assert hand_roem(rules, cards("JH QH KH 7S 9D AC 8C 10D"), Suit.HEARTS) == 20
    # the same trick played scores the stuk where the rule set counts it in the trick (klawerjas);
    # Wilde Boom (seed 000) counts only one player's king and queen, announced (test_announce.py),
    # so a king and queen of two players in one trick are no stuk there
    stuk_in_trick = 20 if rules.stuk == "same-trick" else 0
    assert trick_roem(rules, cards("KH QH 7S 9D"), Suit.HEARTS) == stuk_in_trick


# (id, rules, hand, trick, trump, legal)
LEGAL = [
    ("lead-anything", AMS, "7H KD 9D AC", "", "H", "7H KD 9D AC"),
    ("follow-suit", AMS, "AS KH 8S", "7S", "H", "AS 8S"),
    ("follow-suit-no-need-to-beat", ROT, "AS 7S", "10S", "H", "AS 7S"),
    ("trump-led-higher", AMS, "JH AH 7H AC", "9H", "H", "JH"),
    ("trump-led-no-higher", AMS, "AH 7H AC", "JH", "H", "AH 7H"),
    ("trump-led-no-trump", AMS, "AC KD", "JH", "H", "AC KD"),
    ("trump-led-higher-than-all", ROT, "AH 10H 7H", "9H 8H", "H", "AH 7H 10H"),
    ("must-overtrump", AMS, "7H KH 9D AC", "AS 8H", "H", "KH"),
    ("must-overtrump-rot", ROT, "7H KH 9D AC", "AS 8H", "H", "KH"),
    ("partner-wins-ams-free", AMS, "7H 9D AC", "AS 7S", "H", "7H 9D AC"),
    ("partner-wins-rot-must-trump", ROT, "7H 9D AC", "AS 7S", "H", "7H"),
    ("partner-trumped-ams-no-undertrump", AMS, "7H 9H KD", "AS 8H 7S", "H", "9H KD"),
    ("partner-trumped-rot-overtrump", ROT, "7H 9H KD", "AS 8H 7S", "H", "9H"),
    ("partner-trumped-only-lower", AMS, "7H", "AS 8H 7S", "H", "7H"),
    ("partner-trumped-only-lower-two", AMS, "7H QH", "AS KH 7S", "H", "7H QH"),
    ("cannot-overtrump-plays-other", ROT, "7H KD 8C", "AS JH", "H", "KD 8C"),
    ("cannot-overtrump-plays-other-ams", AMS, "7H KD 8C", "AS JH", "H", "KD 8C"),
    ("cannot-overtrump-only-trumps", AMS, "7H QH", "AS JH", "H", "7H QH"),
    ("void-no-trump", ROT, "KD 8C", "AS 7S", "H", "KD 8C"),
    ("must-trump-opponent-winning", AMS, "7H KD", "7S AS", "H", "7H"),
    ("last-seat-partner-wins-ams", AMS, "8H AD", "KS AS 10S", "H", "8H AD"),
    ("last-seat-partner-loses-ams", AMS, "8H AD", "KS 7S 10S", "H", "8H"),
    ("three-players-no-partner", DRIE, "7H KD", "AS 7S", "H", "7H"),
    ("three-players-overtrump", DRIE, "7H JH KD", "AS 8H", "H", "JH"),
]


@pytest.mark.parametrize("rules, hand, trick, trump, legal", [x[1:] for x in LEGAL], ids=[x[0] for x in LEGAL])
def test_legal_cards(rules, hand, trick, trump, legal):
    hand_cards = cards(hand)
    result = legal_cards(rules, hand_cards, cards(trick), Suit(trump))
    assert set(result) == set(cards(legal))
    assert result == [c for c in hand_cards if c in result]  # hand order
