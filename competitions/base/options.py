"""The house rules an organiser may change, as labelled fields: the catalogue behind the settings
form, the API's ``rule_options`` and the plain-Dutch sentences.

Every option of ``competitions.rulesets.EDITABLE_OPTIONS`` is here, with its label, its kind and
its limits (the engine's ``LIMITS``). A competition stores only the options that differ from its
preset (``rule_options``), so a preset's later fix reaches every competition that did not change
that option. An option the catalogue has no words for yet still gets a field (its engine name as
label): a new engine option is never silently dropped from the form.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from competitions.base.rulesets import EDITABLE_OPTIONS
from scoring.rules import RULESETS
from scoring.rules import rulesets as engine
from scoring.rules.cards import Rank

#: The ranks a counted four of a kind may have (four jacks are an option of their own).
FOUR_OF_A_KIND_CHOICES = [("10", "10"), ("Q", _("queens")), ("K", _("kings")), ("A", _("aces"))]

LABELS = {
    "four_jacks": _("Four jacks (roem)"),
    "four_of_a_kind_ranks": _("Four of a kind that count as roem (100)"),
    "pit_bonus": _("Pit bonus"),
    "slot_bonus": _("Bonus for the last trick of a pit (slag)"),
    "no_nat": _("No nat: the bidder keeps what they made"),
    "nat_on_tie": _("Nat on a tie (exactly half)"),
    "verzaakt_bonus": _("Verzaakt bonus for the other side"),
    "verzaakt_penalty": _("What a verzaakt costs"),
    "verzaakt_points": _("Points a verzaakt costs (fixed points)"),
    "nil_bid": _("Nil bid allowed"),
    "target_score": _("Play to a target score"),
    "target_winner": _("When both sides pass the target in one deal"),
    "max_deals": _("At most this many deals with a target score"),
    "tiebreak_deals": _("Extra deals on a tie"),
    "trump_choice": _("How trump is chosen"),
    "play_rule": _("Play rules (troefplicht)"),
    "must_undertrump": _("Undertrumping is compulsory"),
    "challenges": _("Kraken (Wilde Boom challenges)"),
    "spades_double": _("Spades count double"),
    "hand_roem": _("Roem from the hand (five-runs included)"),
    "hand_roem_rule": _("Who scores roem from the hand"),
    "stuk": _("When the stuk (trump king and queen) counts"),
}

#: The choices of the options that are one of a few words, as the engine names them.
CHOICE_LABELS = {
    "verzaakt_penalty": {
        "whole-deal": _("the other side scores the whole deal and all roem"),
        "fixed-points": _("the deal stands; the offenders lose fixed points"),
        "replay": _("the deal is played again"),
    },
    "trump_choice": {
        "free": _("free choice"),
        "dealer-first": _("the dealer's left-hand player first"),
        "verplicht": _("verplicht: the player after the dealer must choose"),
        "turned-card": _("the turned card"),
        "turned-card-other": _("the turned card, or another suit"),
        "dealer-card": _("the dealer's last card (South African)"),
    },
    "play_rule": {
        "amsterdam": _("Amsterdam"),
        "rotterdam": _("Rotterdam (always trump and overtrump)"),
        "south-african": _("South African"),
    },
    "target_winner": {
        "higher": _("the higher total wins"),
        "bidder": _("the bidder's side wins"),
    },
    "hand_roem_rule": {
        "each-side": _("each side its own combinations"),
        "highest": _("only the side with the highest combination (Wilde Boom)"),
    },
    "stuk": {
        "same-trick": _("king and queen fall in the same trick"),
        "one-player": _("one player holds both and announces them (Wilde Boom)"),
    },
}


def _engine_choices(key: str) -> tuple:
    """The values the engine accepts for a one-of-a-few option (its tuple constant)."""
    known = {
        "verzaakt_penalty": engine.VERZAAKT_PENALTIES,
        "trump_choice": engine.TRUMP_CHOICES,
        "play_rule": engine.PLAY_RULES,
        "stuk": engine.STUK_RULES,
    }
    if key in known:
        return known[key]
    return tuple(getattr(engine, f"{key.upper()}S", ()) or CHOICE_LABELS.get(key, {}))


@dataclass(frozen=True)
class HouseRule:
    key: str
    label: object
    kind: str  # "int", "optional_int", "bool", "choice", "ranks"
    low: int | None = None
    high: int | None = None
    choices: tuple = ()

    def choice_label(self, value) -> str:
        return str(CHOICE_LABELS.get(self.key, {}).get(value, value))


def _kind(key: str, spec) -> str:
    if spec is bool:
        return "bool"
    if spec is int:
        return "int"
    if spec is list:
        return "ranks"
    if spec is str:
        return "choice"
    return "optional_int"


def house_rules() -> list[HouseRule]:
    """Every editable option, in the order of the catalogue (then any the catalogue lacks)."""
    keys = [k for k in LABELS if k in EDITABLE_OPTIONS] + [k for k in EDITABLE_OPTIONS if k not in LABELS]
    found = []
    for key in keys:
        kind = _kind(key, EDITABLE_OPTIONS[key])
        low, high = engine.LIMITS.get(key, (None, None))
        found.append(
            HouseRule(
                key=key,
                label=LABELS.get(key, key),
                kind=kind,
                low=low,
                high=high,
                choices=_engine_choices(key) if kind == "choice" else (),
            )
        )
    return found


def json_value(rule: HouseRule, value):
    """An engine value as stored in ``rule_options`` (ranks as their short names, sorted)."""
    if rule.kind == "ranks":
        order = [code for code, _label in FOUR_OF_A_KIND_CHOICES]
        names = {Rank(str(r).upper()).value for r in value}
        return sorted(names, key=lambda n: order.index(n) if n in order else len(order))
    return value


def preset_values(preset: str) -> dict:
    """The preset's value of every editable option, in stored (JSON) terms."""
    rules = RULESETS[preset]
    return {rule.key: json_value(rule, getattr(rules, rule.key)) for rule in house_rules()}


def effective_values(preset: str, options: dict) -> dict:
    """The value of every editable option: the preset's, overridden by the stored options."""
    values = preset_values(preset)
    for key, value in (options or {}).items():
        if key in values:
            rule = next(r for r in house_rules() if r.key == key)
            values[key] = json_value(rule, value) if rule.kind == "ranks" else value
    return values


def differences(preset: str, values: dict) -> dict:
    """What to store: only the options whose value differs from the preset's."""
    base = preset_values(preset)
    return {key: value for key, value in values.items() if key in base and value != base[key]}
