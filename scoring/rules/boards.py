"""Duplicate boards (the cards of a portefeuille): dealt once, played at every table. Pure, no Django.

``deal_boards`` shuffles and deals with the engine's own dealing (``simulate.deal_hands``) from
``random.Random(seed)``, so the same seed always gives the same boards. A board keeps the four
hands by seat, the dealer and, for *verplicht*, the maker (the player after the dealer, who must
choose trump).

Choice (the dealer): the dealer of a board is the dealer of that deal in its wallet set as at a
normal table — deal 1 of a set by the first dealer (North), then clockwise — so the entry checks of
the score sheet (the verplicht bidder) hold at every table. With sets of a multiple of four deals
this is the clubs' rule: boards 1-5-9-13 North deals, 2-6-10-14 East, and so on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import Card
from .rulesets import SEATS, RuleSet, dealer_for_deal, next_seat
from .simulate import SimulatedDeal, deal_hands, play_hands


class InvalidBoard(ValueError):
    """A board text that cannot be read; the message names what is wrong."""


@dataclass(frozen=True, slots=True)
class Board:
    """One board: ``number`` (from 1), ``dealer`` and ``maker`` as seats (0 = N … 3 = W; maker
    None unless trump is verplicht) and ``hands`` by seat."""

    number: int
    dealer: int
    maker: int | None
    hands: tuple[tuple[Card, ...], ...]

    def hands_text(self) -> str:
        """The hands in one line, e.g. ``N: JH 9H … | E: … | S: … | W: …`` (stored as such)."""
        return " | ".join(f"{SEATS[seat]}: {' '.join(str(c) for c in hand)}" for seat, hand in enumerate(self.hands))


def parse_hands(text: str) -> tuple[tuple[Card, ...], ...]:
    """Read the hands back from :meth:`Board.hands_text`; 32 different cards, 8 per seat."""
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != 4:
        raise InvalidBoard(f"hands: four seats expected, found {len(parts)}")
    hands = []
    for seat, part in zip(SEATS, parts):
        name, _, cards = part.partition(":")
        if name.strip() != seat:
            raise InvalidBoard(f"hands: seat {seat} expected, found {name.strip()!r}")
        hands.append(tuple(Card.parse(c) for c in cards.split()))
    every = [c for hand in hands for c in hand]
    if any(len(hand) != 8 for hand in hands) or len(set(every)) != 32:
        raise InvalidBoard("hands: each seat needs 8 cards and all 32 cards must differ")
    return tuple(hands)


def check_rules(rules: RuleSet) -> None:
    """Duplicate is for pairs: four players, two lines."""
    if rules.players != 4:
        raise ValueError(f"rules: duplicate needs four players at a table; {rules.name} has {rules.players}")


def board_dealer(rules: RuleSet, number: int, per_set: int, first_dealer: int = 0) -> int:
    """The dealer of board ``number`` in wallet sets of ``per_set`` deals."""
    return dealer_for_deal(rules, (number - 1) % per_set + 1, first_dealer)


def deal_boards(rules: RuleSet, count: int, seed: int, *, per_set: int, first_dealer: int = 0) -> list[Board]:
    """Deal ``count`` boards from ``random.Random(seed)``: reproducible, board 1 first."""
    check_rules(rules)
    rng = random.Random(seed)
    boards = []
    for number in range(1, count + 1):
        dealer = board_dealer(rules, number, per_set, first_dealer)
        hands, _talon = deal_hands(rules, rng, dealer)
        maker = next_seat(rules, dealer) if rules.trump_choice == "verplicht" else None
        boards.append(Board(number, dealer, maker, hands))
    return boards


def play_board(rules: RuleSet, rng: random.Random, board: Board) -> SimulatedDeal:
    """Play a board's hands once (demo data and tests): a legal play, recorded as on the sheet.
    Four players never redeal, so this always answers."""
    played = play_hands(rules, rng, board.hands, board.dealer)
    assert played is not None  # only three players can all pass
    return played
