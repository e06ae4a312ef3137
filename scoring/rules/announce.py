"""Roem announced rather than won in a trick: combinations shown from the hand and the one-player
stuk (RULES.md §5, Wilde Boom and South African klawerjas).

- :func:`hand_combinations` lists what one hand may show before the first trick: runs of three
  (20), four (50), five or more (the rule set's ``five_run``) and four of a kind (the rule set's
  values); never the stuk.
- :func:`hand_roem_by_side` is the hand roem each side scores: with ``hand_roem_rule="each-side"``
  every side its own; with ``"highest"`` (Wilde Boom, seed 000) only the side that announced the
  highest single combination, all combinations of both its players, and the other side none.
- :func:`stuk_holder` is the seat holding both trump king and queen: with ``stuk="one-player"``
  (Wilde Boom, seed 000) that player announces the stuk when playing the first of the two and its
  side scores 20, whether or not the two fall in one trick; :func:`trick_roem` then no longer
  counts a king and queen of two players in one trick.

Choices where RULES.md is silent:

- *Highest* is the highest value; equal values: the combination holding the highest card in
  trick order (RULES.md §5, section 1's ranking: every trump above every plain card, so the trump
  jack beats a plain ace; four of a kind always holds a trump). Choice where RULES.md is silent:
  still equal (two plain combinations whose best cards are of one rank) is the one announced
  first, in play order from the leader of the first trick.
- The stuk counts for the holder's side even when the other side wins the tricks the king and
  queen fall in (it is announced, not won), and it is not part of any run.
- A combination worth 0 (a rank the rule set does not count) is no combination.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Rank, Suit
from .rulesets import RuleSet, next_seat, side_of_seat

STUK = 20
_RUN_ROEM = (0, 0, 0, 20, 50)  # by run length; five and more: the rule set's five_run


@dataclass(frozen=True, slots=True)
class Combination:
    """One combination shown from a hand: its ``value``, its ``cards`` (low to high), its ``top``
    (sequence place of its highest card), ``trump`` (a run in the trump suit, or four of a kind)
    and, for ranking equal values, ``best``: the place in trick order of its highest card (0-7 a
    plain card, 8-15 a trump)."""

    value: int
    cards: tuple[Card, ...]
    top: int
    trump: bool
    best: int = 0

    @property
    def is_big(self) -> bool:
        """Four jacks or a run of five or more (what earns 2 strokes in an old play, RULES.md §5)."""
        return len(self.cards) >= 5 or (len(self.cards) == 4 and all(c.rank is Rank.JACK for c in self.cards))


def hand_combinations(rules: RuleSet, cards: Sequence[Card], trump: Suit) -> list[Combination]:
    """The combinations one hand shows: per suit its disjoint maximal runs of three or more, and
    every counted four of a kind (a card may be in a run and in a four of a kind)."""
    combinations = []
    by_suit: dict[Suit, list[Card]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(card)
    for suit, held in by_suit.items():
        held.sort(key=lambda c: c.sequence)
        run: list[Card] = []
        ends: list[Card | None] = [*held, None]  # None closes the last run
        for next_card in ends:
            if next_card is not None and run and next_card.sequence == run[-1].sequence + 1:
                run.append(next_card)
                continue
            if len(run) >= 3:
                value = rules.five_run if len(run) >= 5 else _RUN_ROEM[len(run)]
                if value:
                    best = _best_in_trick_order(run, trump)
                    combinations.append(Combination(value, tuple(run), run[-1].sequence, suit == trump, best))
            run = [next_card] if next_card is not None else []
    for rank in Rank:
        four = [c for c in cards if c.rank is rank]
        if len(four) == 4:
            value = rules.four_jacks if rank is Rank.JACK else (100 if rank in rules.four_of_a_kind_ranks else 0)
            if value:
                best = _best_in_trick_order(four, trump)
                combinations.append(Combination(value, tuple(four), rank.sequence, True, best))
    return combinations


def _best_in_trick_order(cards: Sequence[Card], trump: Suit) -> int:
    """The place in trick order (RULES.md §1) of the highest of ``cards``: a trump (8-15) above every
    plain card (0-7)."""
    return max(8 + c.trump_order if c.suit == trump else c.plain_order for c in cards)


def hand_roem_by_side(rules: RuleSet, hands: Sequence[Sequence[Card]], trump: Suit, leader: int) -> tuple[int, ...]:
    """The hand roem each side scores (one entry per side), ``hands`` by seat as played (after a
    talon), ``leader`` the seat that leads the first trick; zeros without ``rules.hand_roem``."""
    scores = [0] * rules.sides
    if not rules.hand_roem:
        return tuple(scores)
    shown = [hand_combinations(rules, hand, trump) for hand in hands]
    if rules.hand_roem_rule == "each-side":
        for seat, combinations in enumerate(shown):
            scores[side_of_seat(rules, seat)] += sum(c.value for c in combinations)
        return tuple(scores)
    best_key, best_side = None, None
    seat = leader
    for turn in range(rules.players):  # in play order: on a full tie the first to announce wins
        for combination in shown[seat]:
            key = (combination.value, combination.best, -turn)
            if best_key is None or key > best_key:
                best_key, best_side = key, side_of_seat(rules, seat)
        seat = next_seat(rules, seat)
    if best_side is not None:
        for seat, combinations in enumerate(shown):
            if side_of_seat(rules, seat) == best_side:
                scores[best_side] += sum(c.value for c in combinations)
    return tuple(scores)


def stuk_holder(rules: RuleSet, hands: Sequence[Sequence[Card]], trump: Suit) -> int | None:
    """The seat that holds both trump king and queen under ``stuk="one-player"``, else None."""
    if rules.stuk != "one-player":
        return None
    for seat, hand in enumerate(hands):
        if sum(1 for c in hand if c.suit == trump and (c.rank is Rank.KING or c.rank is Rank.QUEEN)) == 2:
            return seat
    return None
