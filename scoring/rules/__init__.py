"""The Klaverjas rules engine: pure Python, no Django (RULES.md §1–§8, DESIGN.md contract 1).

Modules, each readable in one sitting:

- ``cards``     suits, ranks, cards and their notation, the deck, trick and sequence orders
- ``rulesets``  the RuleSet flags, the six presets, seats, dealers and the verplicht bidder
- ``errors``    InvalidDeal, InvalidRuleSet and their messages
- ``deal``      DealInput, DealResult, score_deal
- ``match``     MatchResult, score_match (fixed deals, target score, tie-breaks, the boom)
- ``tally``     roem in tally symbols
- ``play``      card points, trick winner, trick roem, legal cards
- ``announce``  roem shown from the hand (who scores it) and the one-player stuk
- ``simulate``  simulated deals for demo data and property tests
"""

from .announce import STUK, Combination, hand_combinations, hand_roem_by_side, stuk_holder
from .cards import (
    PLAIN_ORDER,
    RANKS,
    SEQUENCE_ORDER,
    SUITS,
    TRUMP_ORDER,
    Card,
    InvalidCard,
    Rank,
    Suit,
    card_at,
    deck,
)
from .deal import CHALLENGE_NAMES, VALID_ROEM, DealInput, DealResult, is_valid_roem, score_deal
from .errors import InvalidDeal, InvalidRuleSet
from .match import MatchResult, score_match
from .play import card_points, hand_roem, legal_cards, trick_roem, trick_winner
from .rulesets import (
    HAND_ROEM_RULES,
    RULESETS,
    SEATS,
    SIDE_NAMES,
    STUK_RULES,
    TARGET_WINNERS,
    TRUMP_CHOICES,
    RuleSet,
    dealer_for_deal,
    forced_bidder,
    next_seat,
    side_of_seat,
)
from .simulate import PlayedTrick, SimulatedDeal, simulate_deal
from .tally import from_tally, to_tally

__all__ = [
    "CHALLENGE_NAMES",
    "HAND_ROEM_RULES",
    "STUK",
    "STUK_RULES",
    "TARGET_WINNERS",
    "Combination",
    "PLAIN_ORDER",
    "RANKS",
    "RULESETS",
    "SEATS",
    "SEQUENCE_ORDER",
    "SIDE_NAMES",
    "SUITS",
    "TRUMP_CHOICES",
    "TRUMP_ORDER",
    "VALID_ROEM",
    "Card",
    "DealInput",
    "DealResult",
    "InvalidCard",
    "InvalidDeal",
    "InvalidRuleSet",
    "MatchResult",
    "PlayedTrick",
    "Rank",
    "RuleSet",
    "SimulatedDeal",
    "Suit",
    "card_at",
    "card_points",
    "dealer_for_deal",
    "deck",
    "forced_bidder",
    "from_tally",
    "hand_combinations",
    "hand_roem",
    "hand_roem_by_side",
    "is_valid_roem",
    "legal_cards",
    "next_seat",
    "score_deal",
    "score_match",
    "side_of_seat",
    "simulate_deal",
    "stuk_holder",
    "to_tally",
    "trick_roem",
    "trick_winner",
]
