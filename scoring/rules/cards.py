"""Cards: suits, ranks, the 32-card deck, their notation and orders (RULES.md §1).

A :class:`Card` prints and parses its own notation, like a move in python-chess::

    >>> Card.parse("10H")
    Card.parse('10H')
    >>> str(Card.parse("T♥")), str(Card.parse("j♥"))
    ('10H', 'JH')

There are only 32 cards, so every card is one shared, immutable object: ``Card(rank, suit)``
always returns the same instance and cards compare by identity. Each card carries small
integers (its index, its place in trick order as trump and as a plain card, its place in
sequence order) so that the play engine can compare cards without lookups.
"""

from __future__ import annotations

from enum import StrEnum


class InvalidCard(ValueError):
    """A text that is not a card in our notation."""


class Suit(StrEnum):
    """The four suits. The value is the suit letter, so ``Suit("H") is Suit.HEARTS``."""

    CLUBS = "C"  # klaveren
    DIAMONDS = "D"  # ruiten
    HEARTS = "H"  # harten
    SPADES = "S"  # schoppen

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``♥``."""
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:  # type: ignore[override]  # the suit's number: str.index is never asked of a suit
        """0 for clubs up to 3 for spades."""
        return _SUIT_INDEX[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter (``H``, ``h``) or symbol (``♥``)."""
        suit = _SUIT_BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
        if suit is None:
            raise InvalidCard(f"{text!r} is not a suit: use C, D, H, S or ♣ ♦ ♥ ♠")
        return suit


class Rank(StrEnum):
    """The eight ranks, listed in sequence order (the order of roem runs), low to high."""

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"  # boer
    QUEEN = "Q"  # vrouw
    KING = "K"  # heer
    ACE = "A"  # aas

    @property
    def sequence(self) -> int:
        """Place in sequence order: 0 for the 7 up to 7 for the ace."""
        return _RANK_SEQUENCE[self]


SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(Rank)  # sequence order, low to high

_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
_SUIT_BY_TEXT = {s.value: s for s in SUITS} | {sym: s for s, sym in _SUIT_SYMBOLS.items()}
_RANK_SEQUENCE = {rank: i for i, rank in enumerate(RANKS)}
_RANK_BY_TEXT = {r.value: r for r in RANKS} | {"T": Rank.TEN}

#: Trick order, high to low (RULES.md §1).
TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.JACK,
    Rank.NINE,
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.EIGHT,
    Rank.SEVEN,
)
PLAIN_ORDER: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
#: Sequence order for roem runs, low to high (the same in every suit, trump included).
SEQUENCE_ORDER: tuple[Rank, ...] = RANKS


class Card:
    """One of the 32 cards. Immutable; ``Card(Rank.TEN, Suit.HEARTS) is Card.parse("10H")``.

    Attributes: ``rank``, ``suit``, ``index`` (0–31, suit-major, sequence order within a suit),
    ``sequence`` (0–7, sequence order), ``trump_order`` and ``plain_order`` (0–7, higher wins
    the trick, as trump and as a card of a plain suit).
    """

    __slots__ = ("rank", "suit", "index", "sequence", "trump_order", "plain_order", "_text")

    rank: Rank
    suit: Suit
    index: int
    sequence: int
    trump_order: int
    plain_order: int
    _text: str

    def __new__(cls, rank: Rank | str, suit: Suit | str) -> Card:
        try:
            return _CARDS[_SUIT_INDEX[Suit(suit)] * 8 + _RANK_SEQUENCE[Rank(rank)]]
        except ValueError:
            raise InvalidCard(f"no card with rank {rank!r} and suit {suit!r}") from None

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        for name, value in (
            ("rank", rank),
            ("suit", suit),
            ("index", _SUIT_INDEX[suit] * 8 + _RANK_SEQUENCE[rank]),
            ("sequence", _RANK_SEQUENCE[rank]),
            ("trump_order", 7 - TRUMP_ORDER.index(rank)),
            ("plain_order", 7 - PLAIN_ORDER.index(rank)),
            ("_text", rank.value + suit.value),
        ):
            object.__setattr__(card, name, value)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``10H``, ``TH``, ``J♥`` or ``jh``; raise :class:`InvalidCard` otherwise."""
        card = _CARD_BY_TEXT.get(text) if isinstance(text, str) else None
        if card is not None:
            return card
        if not isinstance(text, str) or len(text.strip()) < 2:
            raise InvalidCard(f"{text!r} is not a card: write rank then suit, e.g. 10H or J♥")
        clean = text.strip().upper()
        rank = _RANK_BY_TEXT.get(clean[:-1])
        suit = _SUIT_BY_TEXT.get(clean[-1])
        if rank is None or suit is None:
            raise InvalidCard(f"{text!r} is not a card: write rank then suit, e.g. 10H or J♥")
        return _CARDS[_SUIT_INDEX[suit] * 8 + _RANK_SEQUENCE[rank]]

    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``10♥``."""
        return self.rank.value + self.suit.symbol

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank.value, self.suit.value))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"


_CARDS: tuple[Card, ...] = tuple(Card._make(rank, suit) for suit in SUITS for rank in RANKS)
_CARD_BY_TEXT: dict[str, Card] = {}
for _card in _CARDS:
    for _rank_text in [_card.rank.value] + (["T"] if _card.rank is Rank.TEN else []):
        for _suit_text in (_card.suit.value, _card.suit.symbol):
            _CARD_BY_TEXT[_rank_text + _suit_text] = _card
            _CARD_BY_TEXT[(_rank_text + _suit_text).lower()] = _card
del _card, _rank_text, _suit_text


def deck() -> list[Card]:
    """A fresh list of the 32 cards, clubs to spades, each suit 7 up to ace."""
    return list(_CARDS)


def card_at(index: int) -> Card:
    """The card with this index (0–31)."""
    return _CARDS[index]


#: Card points per rank in sequence order (7 8 9 10 J Q K A), as (plain suit, trump).
DUTCH_POINTS: tuple[tuple[int, ...], tuple[int, ...]] = (
    (0, 0, 0, 10, 2, 3, 4, 11),
    (0, 0, 14, 10, 20, 3, 4, 11),
)
SOUTH_AFRICAN_POINTS: tuple[tuple[int, ...], tuple[int, ...]] = (
    (0, 0, 0, 10, 1, 2, 3, 11),
    (0, 0, 14, 10, 20, 2, 3, 11),
)
