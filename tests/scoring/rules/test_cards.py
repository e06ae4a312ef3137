"""RULES.md §1: cards, notation, orders and card points."""

import copy
import pickle

import pytest

from scoring.rules import (
    PLAIN_ORDER,
    RULESETS,
    SEQUENCE_ORDER,
    TRUMP_ORDER,
    Card,
    InvalidCard,
    Rank,
    Suit,
    card_points,
    deck,
)

AMSTERDAM = RULESETS["amsterdam"]
KLAWERJAS = RULESETS["klawerjas"]


@pytest.mark.parametrize(
    "text, rank, suit",
    [
        ("10H", Rank.TEN, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("J♥", Rank.JACK, Suit.HEARTS),
        ("jh", Rank.JACK, Suit.HEARTS),
        ("AC", Rank.ACE, Suit.CLUBS),
        ("7D", Rank.SEVEN, Suit.DIAMONDS),
        ("10♠", Rank.TEN, Suit.SPADES),
        ("Q♣", Rank.QUEEN, Suit.CLUBS),
        (" KD ", Rank.KING, Suit.DIAMONDS),
        ("t♦", Rank.TEN, Suit.DIAMONDS),
    ],
)
def test_parse(text, rank, suit):
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card(rank, suit)


@pytest.mark.parametrize("text", ["", "1H", "10", "H", "11H", "JX", "JHH", "6S", None, 10])
def test_parse_refuses_non_cards(text):
    with pytest.raises(InvalidCard):
        Card.parse(text)
    assert issubclass(InvalidCard, ValueError)


def test_notation_round_trips_for_every_card():
    for card in deck():
        assert Card.parse(str(card)) is card
        assert Card.parse(card.symbol()) is card
        assert eval(repr(card)) is card
    assert str(Card.parse("TH")) == "10H"
    assert Card.parse("JH").symbol() == "J♥"


def test_deck_has_32_distinct_cards():
    cards = deck()
    assert len(cards) == len(set(cards)) == 32
    assert {c.suit for c in cards} == set(Suit)
    assert all(sum(1 for c in cards if c.suit is s) == 8 for s in Suit)


def test_cards_are_immutable_and_shared():
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card
    assert Card("A", "S") is card
    with pytest.raises(ValueError):
        Card("B", "S")


def test_orders():
    assert [r.value for r in TRUMP_ORDER] == ["J", "9", "A", "10", "K", "Q", "8", "7"]
    assert [r.value for r in PLAIN_ORDER] == ["A", "10", "K", "Q", "J", "9", "8", "7"]
    assert [r.value for r in SEQUENCE_ORDER] == ["7", "8", "9", "10", "J", "Q", "K", "A"]
    hearts = [Card(r, Suit.HEARTS) for r in TRUMP_ORDER]
    assert [c.trump_order for c in hearts] == [7, 6, 5, 4, 3, 2, 1, 0]
    assert [Card(r, "S").plain_order for r in PLAIN_ORDER] == [7, 6, 5, 4, 3, 2, 1, 0]


def test_suit_parse_and_symbols():
    assert Suit.parse("♠") is Suit.SPADES
    assert Suit.parse("h") is Suit.HEARTS
    assert Suit("D") is Suit.DIAMONDS
    assert Suit.CLUBS.symbol == "♣"
    with pytest.raises(ValueError):
        Suit.parse("X")


@pytest.mark.parametrize(
    "rules, card, trump, points",
    [
        (AMSTERDAM, "JH", "H", 20),
        (AMSTERDAM, "9H", "H", 14),
        (AMSTERDAM, "AH", "H", 11),
        (AMSTERDAM, "10H", "H", 10),
        (AMSTERDAM, "KH", "H", 4),
        (AMSTERDAM, "QH", "H", 3),
        (AMSTERDAM, "8H", "H", 0),
        (AMSTERDAM, "JS", "H", 2),
        (AMSTERDAM, "9S", "H", 0),
        (AMSTERDAM, "AS", "H", 11),
        (KLAWERJAS, "JS", "H", 1),
        (KLAWERJAS, "JH", "H", 20),
        (KLAWERJAS, "KS", "H", 3),
        (KLAWERJAS, "QH", "H", 2),
        (KLAWERJAS, "9H", "H", 14),
    ],
)
def test_card_points(rules, card, trump, points):
    assert card_points(rules, Card.parse(card), Suit(trump)) == points


@pytest.mark.parametrize("rules, total", [(AMSTERDAM, 152), (KLAWERJAS, 141)])
def test_deck_totals(rules, total):
    for trump in Suit:
        assert sum(card_points(rules, c, trump) for c in deck()) == total
    assert rules.deal_total == total + rules.last_trick
