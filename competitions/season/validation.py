"""Whether a competition's settings hold together: one check behind the settings page and the API.

``settings_errors(values)`` takes every setting by its model field name (the whole set: the stored
competition with the requested changes applied) and answers ``{field: message}``, empty when all
is well. House rules are named ``rule_options.<option>``. It checks, in this order: each field on
its own (the model's choices and validators, by ``Model.clean_fields`` on an unsaved copy), the rule
set as the engine builds it (ranges, options that exclude each other, totals-only entry), the
tie-breakers, and the season's plan (best N of at most the planned evenings, periods, dates).

Which settings may change once results are in, chosen per field (``LOCKED`` and ``QUIET``):

- ``LOCKED``: what a stored deal's score was computed with (format, preset, house rules, deals per
  match, first dealer). Changing them would make stored sheets wrong, so they are refused once any
  table of the competition has results (entered or confirmed): a new competition, or "Nieuw seizoen",
  is the way to change the game mid-season. The format is locked as soon as a round is drawn
  (``services.update_competition``): a draw belongs to its format.
- ``QUIET``: what never changes a result or a standing (name, dates, start time, public, entry and
  checking, the draw). Changed at any time without a warning.
- Everything else decides the standings from stored results (method, best N, compensation,
  tie-breakers, match points, prizes, and the standings options of RULES.md §9). The standings are
  computed afresh on every read, so such a change recomputes everything at once; once results are
  confirmed it is saved only after the organiser has seen what changes (the page shows the
  standings before and after) and confirmed it (the API: ``"confirm": true``).
"""

from __future__ import annotations

import datetime
from types import SimpleNamespace

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from competitions.base.rulesets import RuleOptionError, option_error_message, ruleset_for
from competitions.models import Competition
from competitions.season.entry_modes import totals_refusal
from competitions.standings import tie_breaker_errors
from core.dates import implausible_date

LOCKED = frozenset({"format", "ruleset", "rule_options", "deals_per_match", "first_dealer"})
QUIET = frozenset(
    {
        "name",
        "evening_dates",
        "evening_start",
        "season_start",
        "season_end",
        "is_public",
        "entry_mode",
        "second_check",
        "organiser_entry_counts",
        "draw_method",
        "three_player_tables",
        "rounds_per_evening",
        "double_round_robin",
    }
)
#: Fields that are not settings (identity, links, bookkeeping).
NOT_SETTINGS = frozenset({"id", "club", "slug", "previous", "created"})


def setting_names() -> list[str]:
    """Every setting of a competition: its concrete model fields but identity and bookkeeping."""
    return [
        f.name
        for f in Competition._meta.get_fields()
        if getattr(f, "concrete", False) and not f.auto_created and f.name not in NOT_SETTINGS
    ]


def settings_of(competition: Competition) -> dict:
    """The competition's settings as a dict of model field names (lists and dicts copied)."""
    values = {}
    for name in setting_names():
        value = getattr(competition, name)
        values[name] = list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value
    return values


def settings_errors(values: dict) -> dict[str, str]:
    errors: dict[str, str] = {}
    probe = Competition(**{k: v for k, v in values.items() if k in setting_names()})
    try:
        probe.clean_fields(exclude=["club", "slug", "previous", "evening_dates", "rule_options", "tie_breakers"])
    except ValidationError as exc:
        for field, messages in exc.message_dict.items():
            errors[field] = " ".join(str(m) for m in messages)
    if not errors:  # the model's own cross-field checks (Competition.clean), on fields that are each fine
        try:
            probe.clean()
        except ValidationError as exc:
            for field, messages in _by_field(exc).items():
                errors.setdefault(field, " ".join(str(m) for m in messages))
    _rules(values, errors)
    if not isinstance(values.get("tie_breakers"), list):
        errors["tie_breakers"] = _("Tie-breakers must be a list.")
    else:
        found = tie_breaker_errors(values["tie_breakers"])
        if found:
            errors["tie_breakers"] = " ".join(found)
        elif len(set(values["tie_breakers"])) != len(values["tie_breakers"]):
            errors["tie_breakers"] = _("Each tie-breaker may be chosen once.")
    rounds = values.get("rounds_per_evening")
    if "rounds_per_evening" not in errors and isinstance(rounds, int) and not isinstance(rounds, bool) and rounds < 1:
        errors["rounds_per_evening"] = _("An evening has at least 1 round, not %(value)s.") % {"value": rounds}
    _plan(values, errors)
    return errors


def _by_field(exc: ValidationError) -> dict:
    """A model's ValidationError by field; one without a field is the settings' as a whole ("__all__")."""
    if hasattr(exc, "error_dict"):
        return exc.message_dict
    return {"__all__": exc.messages}


def _rules(values: dict, errors: dict) -> None:
    options = values.get("rule_options")
    if not isinstance(options, dict):
        errors["rule_options"] = _("The house rules must be an object of option: value.")
        return
    if "ruleset" in errors or "deals_per_match" in errors:
        return
    probe = SimpleNamespace(
        ruleset=values.get("ruleset"), rule_options=options, deals_per_match=values.get("deals_per_match") or 16
    )
    try:
        rules = ruleset_for(probe)
    except RuleOptionError as exc:
        errors[_option_field(exc, options)] = option_error_message(exc)
        return
    if values.get("entry_mode") == Competition.EntryMode.TOTALS:
        refusal = totals_refusal(rules)
        if refusal:
            errors["entry_mode"] = refusal


def _option_field(exc: RuleOptionError, options: dict) -> str:
    """The field a refused option is shown at: ``rule_options.<option>`` where the option is known."""
    option = getattr(exc.__cause__, "option", None)
    if option is None:
        text = str(exc)
        option = next((key for key in options if repr(key) in text or text.startswith(key)), None)
    if option == "deals_per_match":
        return "deals_per_match"
    return f"rule_options.{option}" if option else "rule_options"


def _plan(values: dict, errors: dict) -> None:
    planned = values.get("planned_evenings")
    method = values.get("standings_method")
    best = values.get("count_best")
    if method in (Competition.StandingsMethod.BEST_N, Competition.StandingsMethod.BEST_AVERAGE) and not best:
        errors.setdefault("count_best", _("Best N evenings needs N: how many evenings count."))
    if best and planned and best > planned and "count_best" not in errors:
        errors["count_best"] = _("Best %(n)s cannot be more than the %(planned)s planned evenings.") % {
            "n": best,
            "planned": planned,
        }
    minimum = values.get("min_evenings")
    if minimum and planned and minimum > planned and "min_evenings" not in errors:
        errors["min_evenings"] = _("At least %(n)s evenings cannot be more than the %(planned)s planned.") % {
            "n": minimum,
            "planned": planned,
        }
    if method == Competition.StandingsMethod.PERIODS:
        length, per = values.get("period_length"), values.get("period_best")
        if not length:
            errors.setdefault("period_length", _("Periods need their length: evenings per period."))
        elif per and per > length:
            errors.setdefault(
                "period_best",
                _("Best %(n)s per period cannot be more than the %(length)s evenings of a period.")
                % {"n": per, "length": length},
            )
    _dates(values, errors, planned)


def _dates(values: dict, errors: dict, planned: int | None) -> None:
    for field in ("season_start", "season_end"):
        day = values.get(field)
        if isinstance(day, str):
            try:
                day = datetime.date.fromisoformat(day)
            except ValueError:
                continue
        refusal = implausible_date(day) if isinstance(day, datetime.date) else None
        if refusal and field not in errors:
            errors[field] = refusal
    dates = values.get("evening_dates")
    if not isinstance(dates, list):
        errors["evening_dates"] = _("The dates must be a list of dates (YYYY-MM-DD).")
        return
    parsed = []
    for text in dates:
        try:
            parsed.append(text if isinstance(text, datetime.date) else datetime.date.fromisoformat(str(text)))
        except ValueError:
            errors["evening_dates"] = _("%(value)s is not a date (YYYY-MM-DD).") % {"value": str(text)[:40]}
            return
    refusal = next((r for r in map(implausible_date, parsed) if r), None)
    if refusal:
        errors["evening_dates"] = refusal
    elif len(set(parsed)) != len(parsed):
        errors["evening_dates"] = _("A date is listed twice.")
    elif parsed != sorted(parsed):
        errors["evening_dates"] = _("List the dates in order, the first evening first.")
    elif planned and len(parsed) > planned:
        errors["evening_dates"] = _("%(n)s dates for %(planned)s planned evenings: remove some or plan more.") % {
            "n": len(parsed),
            "planned": planned,
        }
    start, end = values.get("season_start"), values.get("season_end")
    if start and end and end < start and not {"season_start", "season_end"} & set(errors):
        errors["season_end"] = _("The season cannot end before it starts.")
