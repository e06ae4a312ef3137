"""Play: card points, who wins a trick, roem in a trick, and legal cards (RULES.md §1, §6, §7).

A trick is a sequence of cards in the order played; position 0 is the leader. With four players
positions 0 and 2 are partners, and 1 and 3.
"""

from __future__ import annotations

from collections.abc import Sequence

from .announce import hand_combinations
from .cards import Card, Rank, Suit
from .rulesets import RuleSet

#: The longest run of consecutive ranks in an 8-bit mask of sequence places (bit 0 = the 7).
_LONGEST_RUN: tuple[int, ...] = tuple(
    max((len(run) for run in format(mask, "08b").split("0")), default=0) for mask in range(256)
)
_RUN_ROEM = (0, 0, 0, 20, 50, 100, 100, 100, 100)  # by run length; three-run 20, four-run 50
_STUK = 20


def card_points(rules: RuleSet, card: Card, trump: Suit) -> int:
    """The card points of ``card`` when ``trump`` is trump (Dutch or South African values)."""
    return rules.point_table[card.suit == trump][card.sequence]


def trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    """The position (from the leader) of the card that wins the trick: the highest trump, or
    without trump the highest card of the led suit."""
    led = trick[0].suit
    best = 0
    best_key = trick[0].trump_order + 8 if led == trump else trick[0].plain_order
    for position in range(1, len(trick)):
        card = trick[position]
        suit = card.suit
        if suit == trump:
            key = card.trump_order + 8
        elif suit == led:
            key = card.plain_order
        else:
            continue
        if key > best_key:
            best, best_key = position, key
    return best


def trick_roem(rules: RuleSet, trick: Sequence[Card], trump: Suit) -> int:
    """The roem in one trick: runs (20 for three, 50 for four), four of a kind (100, four jacks
    by the rule set), and the stuk (trump king and queen, 20, added to a run holding them) when
    the rule set counts it in the trick (``stuk="same-trick"``, RULES.md §6)."""
    masks = [0, 0, 0, 0]
    for card in trick:
        masks[card.index >> 3] |= 1 << card.sequence
    roem = 0
    for mask in masks:
        if mask:
            roem += _RUN_ROEM[_LONGEST_RUN[mask]]
    if len(trick) == 4:
        rank = trick[0].rank
        if trick[1].rank is rank and trick[2].rank is rank and trick[3].rank is rank:
            if rank is Rank.JACK:
                roem += rules.four_jacks
            elif rank in rules.four_of_a_kind_ranks:
                roem += 100
    if masks[_SUIT_INDEX[trump]] & _KING_QUEEN == _KING_QUEEN and rules.stuk == "same-trick":
        roem += _STUK  # with stuk="one-player" it is announced by its holder (announce.stuk_holder)
    return roem


_KING_QUEEN = (1 << Rank.KING.sequence) | (1 << Rank.QUEEN.sequence)
_SUIT_INDEX = {suit: suit.index for suit in Suit} | {suit.value: suit.index for suit in Suit}


def hand_roem(rules: RuleSet, cards: Sequence[Card], trump: Suit) -> int:
    """Roem shown from a hand (Wilde Boom, South African): runs of three (20), four (50) and five
    or more (the rule set's five-run, 100) and four of a kind — never the stuk.

    The stuk is declared when its second card is played and scored with that trick's roem
    (RULES.md §6, :func:`trick_roem`), or with ``stuk="one-player"`` announced by its holder
    (:func:`announce.stuk_holder`), so counting it from the hand too would count it twice.
    Choice: this holds for every rule set with hand roem (Wilde Boom and South African); runs are
    counted per suit as disjoint maximal runs, and a run through the trump king and queen is a
    run like any other (J-Q-K of trump is 20 from the hand). ``trump`` is kept in the signature
    for the callers, though the trump suit no longer changes hand roem. Who scores it is
    :func:`announce.hand_roem_by_side` (``hand_roem_rule``).
    """
    return sum(c.value for c in hand_combinations(rules, cards, trump))


def legal_cards(rules: RuleSet, hand: Sequence[Card], trick: Sequence[Card], trump: Suit) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (in hand order, never empty for a
    non-empty hand), under the rule set's play rule and ``must_undertrump`` (RULES.md §7).

    - Every rule: a player holding the led suit must play it (any card of it).
    - Trump led: Amsterdam and Rotterdam, a higher trump if able, else any trump; South African,
      any trump ("must play trump if able, need not beat it"); without trump, any card.
    - Void in a plain led suit, the *obligations* (Rotterdam always; Amsterdam and South African
      when the partner is not winning the trick; three players always, having no partner): must
      trump, and overtrump a trump in the trick if able; unable to overtrump, a non-trump card,
      or any trump when only trumps are left.
    - Void, partner winning: Amsterdam, any card but an undertrump, unless only lower trumps are
      left. South African, any card but an undertrump of the partner's winning trump, unless the
      hand holds only trumps (then any card).
    - ``must_undertrump`` ("verplicht ondertroeven"): within the obligations, a player unable to
      overtrump who holds trump must play one of those lower trumps instead of a non-trump card.

    Choice (our reading of §7 for South African klawerjas): §7 names only the partner-winning and
    trump-led cases, so with the partner not winning the obligations shared by both Dutch rule
    sets hold (must trump, must overtrump if able; unable, a non-trump card): the preset always
    played so, and the §7 exception is worded as one for a winning partner only. "Unless holding
    only trumps" is read literally: a hand of trumps only may then play any of them, higher or lower.
    Choice: ``must_undertrump`` does not make a player undertrump a winning partner where the play
    rule lets that player play any card (Amsterdam and South African, partner winning); it only
    replaces the discard the obligations would otherwise demand.
    """
    if not trick:
        return list(hand)
    led = trick[0].suit
    top_trump = -1  # trump order of the highest trump in the trick
    for card in trick:
        if card.suit == trump and card.trump_order > top_trump:
            top_trump = card.trump_order
    rule = rules.play_rule
    if led == trump:
        trumps = [c for c in hand if c.suit == led]
        if not trumps:
            return list(hand)
        if rule == "south-african":
            return trumps  # must play trump, need not beat it
        higher = [c for c in trumps if c.trump_order > top_trump]
        return higher or trumps
    follow = [c for c in hand if c.suit == led]
    if follow:
        return follow
    position = len(trick)
    if rule != "rotterdam" and rules.players == 4 and position >= 2 and trick_winner(trick, trump) == position - 2:
        # Partner winning: anything but an undertrump (of the partner's winning trump).
        if top_trump < 0:
            return list(hand)
        allowed = [c for c in hand if c.suit != trump or c.trump_order > top_trump]
        if rule == "south-african" and all(c.suit == trump for c in hand):
            return list(hand)  # only trumps: any of them
        return allowed or list(hand)
    # The obligations: must trump, and overtrump a trump in the trick if able.
    trumps = [c for c in hand if c.suit == trump]
    if not trumps:
        return list(hand)
    if top_trump < 0:
        return trumps
    higher = [c for c in trumps if c.trump_order > top_trump]
    if higher:
        return higher
    if rules.must_undertrump:
        return trumps  # verplicht ondertroeven: a lower trump, never a discard
    # Unable to overtrump: a non-trump card; only (lower) trumps left: any trump.
    others = [c for c in hand if c.suit != trump]
    return others or trumps
