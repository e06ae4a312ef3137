"""Simulated deals: deal, choose trump, play every trick legally, and write the sheet's line.

The strategies are simple on purpose — a bid on a strong suit, a card that wins the trick cheaply
or smears points to a winning partner, and now and then a random legal card — but every card
played is legal by :func:`legal_cards`. Demo data and the property tests use this module.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .announce import STUK, hand_combinations, hand_roem_by_side, stuk_holder
from .cards import SUITS, Card, Rank, Suit, deck
from .deal import DealInput, DealResult, score_deal
from .play import legal_cards, trick_roem, trick_winner
from .rulesets import RuleSet, side_of_seat

_BID_THRESHOLD = 50  # trump points of a suit plus 10 per card
_RANDOM_PLAY = 0.25  # chance of a random legal card instead of the simple strategy
_DECK = tuple(deck())


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """One trick as played: ``cards`` in play order from the ``leader`` (a seat), ``seats`` who
    played each card, the ``winner`` seat, its card ``points`` (last trick and, with three
    players, the discards included) and its ``roem``."""

    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    winner: int
    points: int
    roem: int


@dataclass(frozen=True, slots=True)
class SimulatedDeal:
    """A played deal: the ``hands`` as dealt (by seat, talon not included), the ``trump``, the
    ``maker`` seat (None without a bidder), the ``tricks``, and ``deal``, the line a scorekeeper
    records. With three players, ``talon`` went to the maker, who put away ``discards``.
    ``hand_roem``: per side, the roem it scored from the hand (``hand_roem_rule``);
    ``stuk_seat``: the seat that announced the stuk under ``stuk="one-player"``, else None."""

    rules: RuleSet
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    discards: tuple[Card, ...]
    trump: Suit
    maker: int | None
    tricks: tuple[PlayedTrick, ...]
    deal: DealInput
    hand_roem: tuple[int, ...] = ()
    stuk_seat: int | None = None

    def score(self) -> DealResult:
        """The deal scored by its rule set."""
        return score_deal(self.rules, self.deal)


def simulate_deal(rules: RuleSet, rng: random.Random, dealer: int = 0) -> SimulatedDeal:
    """Deal, bid, (challenge,) play all tricks and record one deal under ``rules``."""
    while True:
        hands, talon = deal_hands(rules, rng, dealer)
        played = play_hands(rules, rng, hands, dealer, talon)
        if played is not None:
            return played  # Choice: with three players, all passing means a redeal (RULES.md §5)


def deal_hands(
    rules: RuleSet, rng: random.Random, dealer: int = 0
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Shuffle and deal as at the table: the hands by seat (the dealer's last) and the talon (the
    two cards left over with three players, else empty). Duplicate boards are dealt with it."""
    n = rules.players
    order = [(dealer + rules.dealer_direction * (k + 1)) % n for k in range(n)]  # the dealer is last
    per_hand = 32 // n  # 8, or 10 with a talon of 2
    random_ = rng.random
    # Shuffle by sorting on random keys: uniform, and faster than rng.shuffle.
    cards = [card for _, card in sorted([(random_(), card) for card in _DECK])]
    hands: list[tuple[Card, ...]] = [()] * n
    for k, seat in enumerate(order):
        hands[seat] = tuple(cards[k * per_hand : (k + 1) * per_hand])
    return tuple(hands), tuple(cards[n * per_hand :])


def play_hands(
    rules: RuleSet,
    rng: random.Random,
    dealt: tuple[tuple[Card, ...], ...],
    dealer: int = 0,
    talon: tuple[Card, ...] = (),
) -> SimulatedDeal | None:
    """Bid, (challenge,) play and record these dealt hands; None when everyone passes (three
    players: a redeal). The same hands played again with another ``rng`` give another play: the
    demo's duplicate evening plays each board at every table this way."""
    n = rules.players
    order = [(dealer + rules.dealer_direction * (k + 1)) % n for k in range(n)]
    hands = [list(hand) for hand in dealt]
    trump, maker = _choose_trump(rules, rng, hands, dealer, order)
    if trump is None:
        return None
    discards: list[Card] = []
    if talon and maker is not None:
        hand = hands[maker] + list(talon)
        hand.sort(key=lambda c: (c.suit is trump, rules.point_table[0][c.sequence], c.sequence))
        discards = hand[:2]
        hands[maker] = hand[2:]
    challenge = _challenge(rules, rng, hands, trump, maker)
    announced = _announce(rules, hands, trump, order[0])
    tricks = _play(rules, rng, hands, trump, order[0], discards)
    return SimulatedDeal(
        rules,
        dealer,
        tuple(dealt),
        tuple(talon),
        tuple(discards),
        trump,
        maker,
        tricks,
        _record(rules, tricks, trump, maker, challenge, announced),
        announced.hand_roem,
        announced.stuk_seat,
    )


@dataclass(frozen=True, slots=True)
class _Announced:
    hand_roem: tuple[int, ...]
    stuk_seat: int | None
    big: tuple[bool, ...]  # per side: four jacks or a five-run shown and scored from the hand


def _announce(rules: RuleSet, hands: list[list[Card]], trump: Suit, leader: int) -> _Announced:
    """Roem announced before and during play: hand roem by the rule set's ``hand_roem_rule`` and
    the one-player stuk. Choice: every player shows every combination and announces the stuk."""
    held = [tuple(hand) for hand in hands]
    scored = hand_roem_by_side(rules, held, trump, leader)
    big = [False] * rules.sides
    if rules.hand_roem:
        for seat, hand in enumerate(held):
            side = side_of_seat(rules, seat)
            if scored[side] and any(c.is_big for c in hand_combinations(rules, hand, trump)):
                big[side] = True
    return _Announced(scored, stuk_holder(rules, held, trump), tuple(big))


def _strength(rules: RuleSet, hand: list[Card], suit: Suit) -> int:
    trump_points = rules.point_table[1]
    return sum(trump_points[c.sequence] + 10 for c in hand if c.suit is suit)


def _best_suit(rules: RuleSet, hand: list[Card], exclude: Suit | None = None) -> tuple[Suit, int]:
    best, best_strength = SUITS[0] if exclude is not SUITS[0] else SUITS[1], -1
    for suit in SUITS:
        if suit is not exclude:
            strength = _strength(rules, hand, suit)
            if strength > best_strength:
                best, best_strength = suit, strength
    return best, best_strength


def _choose_trump(
    rules: RuleSet, rng: random.Random, hands: list[list[Card]], dealer: int, order: list[int]
) -> tuple[Suit | None, int | None]:
    """Trump and the maker's seat by the rule set's way of choosing (RULES.md §2)."""
    method = rules.trump_choice
    if method == "dealer-card":
        return hands[dealer][-1].suit, None  # the dealer's last card, turned up
    if method == "verplicht":
        return _best_suit(rules, hands[order[0]])[0], order[0]
    if method in ("turned-card", "turned-card-other"):
        second_deck = list(range(32))
        turned = SUITS[second_deck.pop(rng.randrange(32)) // 8]
        for seat in order:
            if _strength(rules, hands[seat], turned) >= _BID_THRESHOLD - 10:
                return turned, seat
        first = order[0]
        if method == "turned-card":
            # Choice: the second turned card comes from the rest of the second deck, so it may
            # show the same suit again.
            return SUITS[second_deck[rng.randrange(31)] // 8], first
        return _best_suit(rules, hands[first], exclude=turned)[0], first
    speakers = order if method == "free" else [dealer] + order[:-1]
    for seat in speakers:
        suit, strength = _best_suit(rules, hands[seat])
        if strength >= _BID_THRESHOLD:
            return suit, seat
    if rules.players == 3:
        return None, None  # everyone passed: redeal
    return _best_suit(rules, hands[dealer])[0], dealer  # the dealer must choose


def _challenge(rules: RuleSet, rng: random.Random, hands: list[list[Card]], trump: Suit, maker: int | None) -> int:
    """Wilde Boom: the defenders kraak when they hold more trump, now and then at random."""
    if not rules.challenges or maker is None:
        return 0
    side = maker % 2
    strength = [0, 0]
    for seat, hand in enumerate(hands):
        strength[seat % 2] += _strength(rules, hand, trump)
    if not (strength[1 - side] > strength[side] and rng.random() < 0.5 or rng.random() < 0.08):
        return 0
    if rng.random() < 0.35:
        return 3 if rng.random() < 0.35 else 2
    return 1


def _play(
    rules: RuleSet, rng: random.Random, hands: list[list[Card]], trump: Suit, leader: int, discards: list[Card]
) -> tuple[PlayedTrick, ...]:
    n = rules.players
    step = rules.dealer_direction
    points = rules.point_table
    count = len(hands[0])
    tricks = []
    random_ = rng.random
    for number in range(count):
        trick: list[Card] = []
        seats: list[int] = []
        seat = leader
        for position in range(n):
            hand = hands[seat]
            legal = legal_cards(rules, hand, trick, trump)
            if len(legal) == 1:
                card = legal[0]
            elif not trick or random_() < _RANDOM_PLAY:
                card = legal[int(random_() * len(legal))]
            else:
                card = _choose(rules, trick, legal, trump, position, points)
            hand.remove(card)
            trick.append(card)
            seats.append(seat)
            seat = (seat + step) % n
        winner = seats[trick_winner(trick, trump)]
        trick_points = 0
        for c in trick:
            trick_points += points[c.suit is trump][c.sequence]
        if number == count - 1:
            trick_points += rules.last_trick
            for c in discards:
                trick_points += points[c.suit is trump][c.sequence]
        tricks.append(
            PlayedTrick(leader, tuple(trick), tuple(seats), winner, trick_points, trick_roem(rules, trick, trump))
        )
        leader = winner
    return tuple(tricks)


def _choose(
    rules: RuleSet,
    trick: list[Card],
    legal: list[Card],
    trump: Suit,
    position: int,
    points: tuple[tuple[int, ...], tuple[int, ...]],
) -> Card:
    """Win cheaply when possible, smear points on a winning partner, else throw the least."""
    led = trick[0].suit
    best = trick_winner(trick, trump)
    top = trick[best]
    top_key = top.trump_order + 8 if top.suit is trump else top.plain_order
    if rules.players == 4 and position >= 2 and best == position - 2:
        return max(legal, key=lambda c: points[c.suit is trump][c.sequence])
    winning = [
        c for c in legal if (c.trump_order + 8 if c.suit is trump else c.plain_order if c.suit is led else -1) > top_key
    ]
    if winning:
        return min(winning, key=lambda c: points[c.suit is trump][c.sequence])
    return min(legal, key=lambda c: points[c.suit is trump][c.sequence])


def _record(
    rules: RuleSet,
    tricks: tuple[PlayedTrick, ...],
    trump: Suit,
    maker: int | None,
    challenge: int,
    announced: _Announced,
) -> DealInput:
    """The line a scorekeeper writes: points, roem (from the tricks, the hand and the announced
    stuk), bidder, pit.

    Choice: the simulation shows every hand combination where the rule set has hand roem (scored
    by ``hand_roem_rule``), announces every one-player stuk, never reneges (verzaakt stays
    empty), never bids nil, and records the trump of every deal, also where the rule set does not
    need it.
    """
    sides = rules.sides
    side_points = [0] * sides
    side_roem = list(announced.hand_roem)
    if announced.stuk_seat is not None:
        side_roem[side_of_seat(rules, announced.stuk_seat)] += STUK
    big = list(announced.big)
    winners = set()
    for trick in tricks:
        side = side_of_seat(rules, trick.winner)
        winners.add(side)
        side_points[side] += trick.points
        side_roem[side] += trick.roem
        if rules.boom and len(trick.cards) == 4 and all(c.rank is Rank.JACK for c in trick.cards):
            big[side] = True
    pit = winners.pop() if len(winners) == 1 else None
    return DealInput(
        points=tuple(side_points),
        roem=tuple(side_roem),
        bidder=None if maker is None else side_of_seat(rules, maker),
        pit=pit,
        trump=trump,
        challenge=challenge,
        big_roem=tuple(big) if rules.boom else None,
    )
