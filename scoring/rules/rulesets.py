"""Rule sets: one frozen type whose fields are the rule flags of every variant (RULES.md §2, §4, §5).

Like python-chess's variants, a variant is not a subclass but a set of flags on one type. The
six presets live in :data:`RULESETS`; a competition changes an option with
``dataclasses.replace(RULESETS["amsterdam"], four_jacks=100)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import errors as E
from .cards import DUTCH_POINTS, SOUTH_AFRICAN_POINTS, Rank
from .errors import InvalidRuleSet

#: The play rules of RULES.md §7 (who must trump, overtrump or may discard).
PLAY_RULES = ("amsterdam", "rotterdam", "south-african")
CARD_VALUES = ("dutch", "south-african")
#: The ways trump is chosen (RULES.md §2).
#: Choice: a sixth way, "dealer-card", is the South African one: the suit of the dealer's last
#: card, turned up (RULES.md §5), so that every preset chooses trump through this one flag.
#: What a verzaakt (renege) costs (RULES.md §4 "Verzaakt"; clubs differ here more than anywhere):
#: "whole-deal" the other side scores the whole deal plus all roem and the verzaakt bonus;
#: "fixed-points" the deal stands as played and the offending side loses ``verzaakt_points``;
#: "replay" the deal is not counted (it scores nothing) and is played again.
VERZAAKT_PENALTIES = ("whole-deal", "fixed-points", "replay")
TRUMP_CHOICES = ("free", "dealer-first", "verplicht", "turned-card", "turned-card-other", "dealer-card")
#: Who wins when both sides reach the target score in the same deal (RULES.md §4 "target score"):
#: "higher" the higher total (equal totals go to the tie-break deals, or draw); "bidder" the
#: bidder side of that deal.
TARGET_WINNERS = ("higher", "bidder")
#: When the stuk (trump king and queen, 20) counts (RULES.md §5, §6):
#: "same-trick" the two fall in the same trick, whoever played them (RULES.md §6, the standard);
#: "one-player" one player holds both and announces it when playing the first (Wilde Boom, seed
#: 000), whether or not they fall in the same trick; a king and queen of two players are no stuk.
STUK_RULES = ("same-trick", "one-player")
#: Who scores roem declared from the hand (RULES.md §5): "each-side" every side its own
#: combinations; "highest" only the side that announced the highest single combination scores
#: (all combinations of its players), the other side none (Wilde Boom, seed 000).
HAND_ROEM_RULES = ("each-side", "highest")

#: Seats clockwise; partners sit opposite. Side A ("wij") is N+S, side B ("zij") is E+W.
SEATS = ("N", "E", "S", "W")
SIDE_NAMES = ("A", "B")
PLAYER_NAMES = ("1", "2", "3")  # three players each play for themselves

#: The allowed range (inclusive) of every numeric option, checked when a RuleSet is made: a value
#: outside it raises :class:`InvalidRuleSet` naming the option and the range. Choices, as the
#: rules name no limits: the bounds are generous for every club and variant we know and small
#: enough that a sheet, a form or a loop over the deals stays quick (an unbounded
#: ``tiebreak_deals`` once made the entry page draw 200,000 rows).
#:
#: - ``deals_per_match`` 1..64 and ``max_deals`` 1..64: clubs play 12 or 16, a long match 32;
#:   64 is four times the usual match.
#: - ``tiebreak_deals`` 0..16: one round of four (one per dealer) is usual, 16 a whole match.
#: - ``target_score`` 1..10,000: clubs play to 750 or 1500.
#: - roem values and bonuses (``four_jacks``, ``five_run``, ``pit_bonus``, ``slot_bonus``,
#:   ``verzaakt_bonus``, ``verzaakt_points``, ``nil_bonus``) 0..1000: the most roem a side can declare in a deal.
#: - ``last_trick`` 0..100 (10, or 5 South African).
#: - South African boom: ``boom_target`` 1..10,000 (100), ``boom_low`` 0..``boom_target`` (50),
#:   ``strokes_to_win`` 1..25 (5).
MAX_DEALS = 64
LIMITS: dict[str, tuple[int, int]] = {
    "deals_per_match": (1, MAX_DEALS),
    "max_deals": (1, MAX_DEALS),
    "tiebreak_deals": (0, 16),
    "target_score": (1, 10_000),
    "four_jacks": (0, 1000),
    "five_run": (0, 1000),
    "pit_bonus": (0, 1000),
    "slot_bonus": (0, 1000),
    "verzaakt_bonus": (0, 1000),
    "verzaakt_points": (0, 1000),
    "nil_bonus": (0, 1000),
    "last_trick": (0, 100),
    "boom_target": (1, 10_000),
    "boom_low": (0, 10_000),
    "strokes_to_win": (1, 25),
}
#: The options that may also be None (no target score, no cap on the deals).
OPTIONAL = frozenset({"target_score", "max_deals"})

#: The standard counted four-of-a-kind ranks (four jacks are counted apart).
STANDARD_FOUR_OF_A_KIND = frozenset({Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE})


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Everything that decides how a deal is played and scored.

    Derived, read-only fields (not arguments): ``deal_total`` (162, or 146 South African),
    ``sides`` (2, or 3 with three players) and ``point_table`` (card points per rank as
    (plain, trump)).
    """

    name: str = "amsterdam"
    # --- the game
    play_rule: str = "amsterdam"  # "amsterdam", "rotterdam" or "south-african" (RULES.md §7)
    must_undertrump: bool = False  # house rule "verplicht ondertroeven" (RULES.md §7)
    players: int = 4  # 4, or 3 for driemans
    card_values: str = "dutch"  # "dutch" or "south-african"
    last_trick: int = 10  # 10, or 5 South African
    dealer_direction: int = 1  # 1 clockwise, -1 counter-clockwise (South African)
    trump_choice: str = "free"  # one of TRUMP_CHOICES
    has_bidder: bool = True  # False: no bidder and no nat (South African)
    # --- roem
    four_jacks: int = 200
    four_of_a_kind_ranks: frozenset[Rank] = STANDARD_FOUR_OF_A_KIND
    hand_roem: bool = False  # roem may be declared from the hand, five-runs included
    five_run: int = 100
    hand_roem_rule: str = "each-side"  # one of HAND_ROEM_RULES
    stuk: str = "same-trick"  # one of STUK_RULES
    # --- deal scoring options (RULES.md §4)
    pit_bonus: int = 100
    slot_bonus: int = 0
    no_nat: bool = False
    nat_on_tie: bool = True
    verzaakt_bonus: int = 0
    verzaakt_penalty: str = "whole-deal"  # one of VERZAAKT_PENALTIES
    verzaakt_points: int = 100  # "fixed-points": what the offending side loses
    nil_bid: bool = False
    nil_bonus: int = 50
    # --- Wilde Boom (RULES.md §5)
    challenges: bool = False  # kraak / rekraak / superkraak
    spades_double: bool = False
    needs_trump: bool = False  # the trump suit must be recorded
    # --- match (RULES.md §4 options and §5 boom)
    deals_per_match: int = 16
    target_score: int | None = None
    target_winner: str = "higher"  # one of TARGET_WINNERS
    max_deals: int | None = None  # the optional cap on deals with a target score
    tiebreak_deals: int = 0
    boom: bool = False  # South African: strokes and plays instead of a fixed number of deals
    boom_target: int = 100
    boom_low: int = 50
    strokes_to_win: int = 5
    # --- derived
    deal_total: int = field(init=False, repr=False)
    sides: int = field(init=False, repr=False)
    point_table: tuple[tuple[int, ...], tuple[int, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _choice("play_rule", self.play_rule, PLAY_RULES)
        _choice("players", self.players, (3, 4))
        _choice("card_values", self.card_values, CARD_VALUES)
        _choice("trump_choice", self.trump_choice, TRUMP_CHOICES)
        _choice("dealer_direction", self.dealer_direction, (1, -1))
        _choice("verzaakt_penalty", self.verzaakt_penalty, VERZAAKT_PENALTIES)
        _choice("target_winner", self.target_winner, TARGET_WINNERS)
        _choice("stuk", self.stuk, STUK_RULES)
        _choice("hand_roem_rule", self.hand_roem_rule, HAND_ROEM_RULES)
        for option, (low, high) in LIMITS.items():
            value = getattr(self, option)
            if value is None and option in OPTIONAL:
                continue
            if type(value) is not int or not low <= value <= high:
                template = E.RULE_RANGE_OR_NONE if option in OPTIONAL else E.RULE_RANGE
                raise InvalidRuleSet(option, template, low=low, high=high, value=value)
        if not self.boom_low <= self.boom_target:
            raise InvalidRuleSet("boom_low", E.RULE_RANGE, low=0, high=self.boom_target, value=self.boom_low)
        # Choice: challenges and the boom are two-side games; with three players they are refused.
        if self.players == 3 and (self.challenges or self.boom):
            raise InvalidRuleSet("challenges" if self.challenges else "boom", E.RULE_FOUR_PLAYERS)
        if not self.has_bidder and (self.nil_bid or self.challenges):
            raise InvalidRuleSet("nil_bid" if self.nil_bid else "challenges", E.RULE_NEEDS_BIDDER)
        try:
            ranks = frozenset(Rank(r) for r in self.four_of_a_kind_ranks)
        except (TypeError, ValueError):
            raise InvalidRuleSet("four_of_a_kind_ranks", E.RULE_RANKS, value=self.four_of_a_kind_ranks) from None
        object.__setattr__(self, "four_of_a_kind_ranks", ranks - {Rank.JACK})
        table = SOUTH_AFRICAN_POINTS if self.card_values == "south-african" else DUTCH_POINTS
        object.__setattr__(self, "point_table", table)
        # three plain suits and one trump suit, plus the last trick: 162 (146 South African)
        deal_total = 3 * sum(table[0]) + sum(table[1]) + self.last_trick
        object.__setattr__(self, "deal_total", deal_total)
        object.__setattr__(self, "sides", 3 if self.players == 3 else 2)

    @property
    def side_names(self) -> tuple[str, ...]:
        """How the sides are called on a sheet: A and B, or players 1–3."""
        return PLAYER_NAMES if self.players == 3 else SIDE_NAMES


def _choice(option: str, value: object, choices: tuple[object, ...]) -> None:
    if value not in choices or type(value) is bool:
        raise InvalidRuleSet(option, E.RULE_CHOICE, choices=", ".join(map(str, choices)), value=value)


AMSTERDAM = RuleSet(name="amsterdam")
ROTTERDAM = RuleSet(name="rotterdam", play_rule="rotterdam")
GEZELLIG = RuleSet(name="gezellig", no_nat=True)
# Choice: Wilde Boom plays by the Amsterdam play rules; its trump must be recorded because
# spades double the deal, and roem may be declared from the hand (five-runs included). As seed 000
# has it, only the side with the highest combination scores hand roem, and the stuk is one
# player's trump king and queen; a club may switch both back ("each-side", "same-trick").
WILDE_BOOM = RuleSet(
    name="wilde-boom",
    challenges=True,
    spades_double=True,
    needs_trump=True,
    hand_roem=True,
    hand_roem_rule="highest",
    stuk="one-player",
)
# Choice: driemans uses the Amsterdam flags, but with no partners at the table the Amsterdam
# exception (partner winning the trick) never applies, so it plays as Rotterdam.
DRIEMANS = RuleSet(name="driemans", players=3)
# Choice: South African klawerjas plays by its own play rule (RULES.md §7, see play.legal_cards),
# counts four jacks as 100 like four K, Q or A (tens are not a counted four of a kind), and keeps
# no pit bonus (RULES.md §5: the source names none; a club sets one as a house rule with replace()).
KLAWERJAS = RuleSet(
    name="klawerjas",
    play_rule="south-african",
    card_values="south-african",
    last_trick=5,
    dealer_direction=-1,
    trump_choice="dealer-card",
    has_bidder=False,
    four_jacks=100,
    four_of_a_kind_ranks=frozenset({Rank.KING, Rank.QUEEN, Rank.ACE}),
    hand_roem=True,
    boom=True,
    pit_bonus=0,
)

#: The presets by name.
RULESETS: dict[str, RuleSet] = {r.name: r for r in (AMSTERDAM, ROTTERDAM, GEZELLIG, WILDE_BOOM, DRIEMANS, KLAWERJAS)}


def next_seat(rules: RuleSet, seat: int) -> int:
    """The seat after ``seat`` in the direction of play and of the deal."""
    return (seat + rules.dealer_direction) % rules.players


def side_of_seat(rules: RuleSet, seat: int) -> int:
    """The side a seat plays for: N, S → 0 (A), E, W → 1 (B); with three players, the seat."""
    return seat if rules.players == 3 else seat % 2


def dealer_for_deal(rules: RuleSet, number: int, first_dealer: int = 0) -> int:
    """The seat that deals deal ``number`` (1 is the first deal of the match).

    Choice: deal numbers start at 1, as on a score sheet; deal 1 is dealt by ``first_dealer``.
    """
    if number < 1:
        raise ValueError("deal numbers start at 1")
    return (first_dealer + rules.dealer_direction * (number - 1)) % rules.players


def forced_bidder(rules: RuleSet, dealer: int) -> int | None:
    """The bidder side that *verplicht* implies: the side of the player after the dealer.

    None when the rule set does not force the player after the dealer to choose trump.
    """
    if rules.trump_choice != "verplicht" or not rules.has_bidder:
        return None
    return side_of_seat(rules, next_seat(rules, dealer))
