"""Hands as a hand record prints them: one line per suit (♠ ♥ ♣ ♦), highest card first, in the
reader's language (Dutch: A H V B for ace, king, queen, jack)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import pgettext

from scoring.rules import Card, Suit
from scoring.rules.boards import parse_hands

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
RED = (Suit.HEARTS, Suit.DIAMONDS)


def rank_names() -> dict[str, str]:
    return {
        "A": pgettext("card rank", "A"),
        "K": pgettext("card rank", "K"),
        "Q": pgettext("card rank", "Q"),
        "J": pgettext("card rank", "J"),
    }


@dataclass(frozen=True)
class SuitLine:
    symbol: str
    cards: str  # "A 10 H" — or "—" for a void
    red: bool


def suit_lines(hand: tuple[Card, ...], names: dict[str, str] | None = None) -> list[SuitLine]:
    names = names or rank_names()
    lines = []
    for suit in SUIT_ORDER:
        cards = sorted((c for c in hand if c.suit is suit), key=lambda c: -c.plain_order)
        text = " ".join(names.get(c.rank.value, c.rank.value) for c in cards) or "—"
        lines.append(SuitLine(suit.symbol, text, suit in RED))
    return lines


def seat_hands(text: str) -> list[list[SuitLine]]:
    """The four hands of a stored board, by seat (N, E, S, W), as suit lines."""
    names = rank_names()
    return [suit_lines(hand, names) for hand in parse_hands(text)]


def seat_name(seat: str) -> str:
    from django.utils.translation import gettext as _

    return {"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")}[seat]


def diagram(board) -> dict:
    """What ``scoring/duplicate/_hands.html`` shows of a ``BoardSheet``."""
    return {
        "hands": [(seat, seat_name(seat), lines) for seat, lines in board.hands.items()],
        "dealer": seat_name(board.dealer),
        "maker": seat_name(board.maker) if board.maker else "",
    }
