"""The rule set of a competition: its preset plus its stored options, as an engine ``RuleSet``."""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache

from django.utils.translation import gettext

from scoring.rules import RULESETS, InvalidRuleSet, RuleSet
from scoring.rules.cards import Rank

SEAT_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}

#: Options an organiser may change, with the type the stored JSON value must have.
EDITABLE_OPTIONS: dict[str, type | tuple[type, ...]] = {
    "four_jacks": int,
    "four_of_a_kind_ranks": list,
    "pit_bonus": int,
    "slot_bonus": int,
    "no_nat": bool,
    "nat_on_tie": bool,
    "verzaakt_bonus": int,
    "verzaakt_penalty": str,
    "verzaakt_points": int,
    "nil_bid": bool,
    "target_score": (int, type(None)),
    "target_winner": str,
    "max_deals": (int, type(None)),
    "tiebreak_deals": int,
    "trump_choice": str,
    "play_rule": str,
    "must_undertrump": bool,
    "stuk": str,
    "hand_roem_rule": str,
}


class RuleOptionError(ValueError):
    """A stored rule option that the engine cannot use; the message names the option."""


def _rank(text: str) -> Rank:
    try:
        return Rank(text.upper().replace("T", "10"))
    except ValueError:
        raise RuleOptionError(f"four_of_a_kind_ranks: {text!r} is not a rank (7, 8, 9, 10, J, Q, K, A)") from None


@lru_cache(maxsize=256)
def _build(preset: str, options_json: str, deals_per_match: int) -> RuleSet:
    if preset not in RULESETS:
        raise RuleOptionError(f"unknown rules preset {preset!r}; choose one of {', '.join(RULESETS)}")
    options = json.loads(options_json)
    changes: dict = {}
    for key, value in options.items():
        kind = EDITABLE_OPTIONS.get(key)
        if kind is None:
            raise RuleOptionError(f"unknown rule option {key!r}")
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RuleOptionError(f"rule option {key!r} has a value of the wrong kind: {value!r}")
        if key == "four_of_a_kind_ranks":
            value = frozenset(_rank(str(v)) for v in options[key])  # a list: checked above
        changes[key] = value
    base = RULESETS[preset]
    if not base.boom:
        changes.setdefault("deals_per_match", deals_per_match)
    try:
        return dataclasses.replace(base, **changes)
    except (TypeError, ValueError) as exc:
        raise RuleOptionError(str(exc)) from exc


def option_error_message(exc: RuleOptionError) -> str:
    """The message of a refused option, in the user's language where the engine refused it (the
    engine's messages are msgids, marked with ``N_``): it names the option and its range."""
    cause = exc.__cause__
    if isinstance(cause, InvalidRuleSet):
        try:
            return gettext(cause.template).format(**cause.params)
        except (KeyError, IndexError, ValueError):
            return str(cause)
    return str(exc)


def ruleset_for(competition) -> RuleSet:
    """The engine rule set of a competition (cached per preset, options and deal count)."""
    return _build(
        competition.ruleset,
        json.dumps(competition.rule_options or {}, sort_keys=True),
        competition.deals_per_match,
    )


def first_dealer_of(competition) -> int:
    return SEAT_INDEX.get(competition.first_dealer, 0)


#: Options of a four-player competition that a three-player table of the same evening keeps.
THREE_PLAYER_KEEPS = (
    "four_jacks",
    "four_of_a_kind_ranks",
    "pit_bonus",
    "nat_on_tie",
    "verzaakt_bonus",
    "deals_per_match",
)


def ruleset_for_match(match) -> RuleSet:
    """The rule set a table plays by.

    Choice: a three-player table in a four-player competition (attendance not divisible by four,
    RULES.md §9) plays driemans (RULES.md §5), keeping the club's roem, pit, nat-on-a-tie and
    verzaakt options and its number of deals; everything else follows the driemans preset.
    """
    rules = ruleset_for(match.round.competition)
    if match.sides == 3 and rules.players != 3:
        keep = {key: getattr(rules, key) for key in THREE_PLAYER_KEEPS}
        return _three_player(tuple(sorted(keep.items(), key=lambda kv: kv[0])))
    return rules


@lru_cache(maxsize=64)
def _three_player(keep: tuple) -> RuleSet:
    return dataclasses.replace(RULESETS["driemans"], **dict(keep))
