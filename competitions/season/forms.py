"""The settings form of a competition: every setting a labelled field, never JSON.

- Model settings come from the model (``fields_for_model``: labels, help texts, choices and
  validators as the model has them), grouped for the page by ``GROUPS``; a setting no group names
  (a new model field) still appears, under "Other settings".
- Every house rule of the rules engine is a field ``rule__<option>`` showing the preset's value (or
  the competition's own); only the values that differ from the preset are stored.
- Tie-breakers are an ordered pick-list: ``tie_1`` … ``tie_5``, each one metric.
- The planned dates are typed one per line (2026-09-12 or 12-09-2026).

The form checks shapes only; ``services`` checks the whole (``validation.settings_errors``), and
``add_service_errors`` puts its findings on the right fields.
"""

from __future__ import annotations

import datetime
import re

from django import forms
from django.utils.translation import gettext_lazy as _

from competitions.base.options import FOUR_OF_A_KIND_CHOICES, differences, effective_values, house_rules
from competitions.models import Competition
from competitions.season.validation import setting_names
from competitions.standings import tie_breakers_of
from competitions.standings.metrics import HEAD_TO_HEAD, METRICS
from core.dates import implausible_date
from core.text import validate_single_line

TIE_SLOTS = 5
#: Settings that get a field of their own below rather than the model's (JSON on the model).
OWN_FIELDS = ("rule_options", "tie_breakers", "evening_dates")

GROUPS = [
    (
        _("Competition"),
        ["name", "format", "ruleset", "deals_per_match", "rounds_per_evening", "first_dealer", "is_public"],
    ),
    (_("The season's evenings"), ["planned_evenings", "evening_dates", "evening_start", "season_start", "season_end"]),
    (
        _("Entering results"),
        ["entry_mode", "second_check", "organiser_entry_counts", "draw_method", "three_player_tables"],
    ),
    (
        _("Season standings"),
        [
            "standings_method",
            "count_best",
            "best_from",
            "min_evenings",
            "points_champion",
            "period_length",
            "period_best",
            "periods_counted",
            "verzaakt_player_penalty",
            "guests_in_standings",
            "rank_by_average",
        ],
    ),
    (
        _("Absence, late arrival, substitutes and byes"),
        [
            "absence_policy",
            "absence_points",
            "unexcused_policy",
            "unexcused_points",
            "missed_round_policy",
            "missed_round_points",
            "bye_policy",
            "bye_points",
            "compensation_limit",
            "substitute_counts_for",
        ],
    ),
    (
        _("Match points"),
        [
            "double_round_robin",
            "points_win",
            "points_draw",
            "points_loss",
            "match_points_scheme",
            "table_win_points",
            "table_draw_points",
            "total_bonus",
        ],
    ),
    (_("Prizes"), ["prize_places", "prize_every", "prize_per_players", "booby_prize", "booby_prize_partial"]),
]


def model_setting_names() -> list[str]:
    return [name for name in setting_names() if name not in OWN_FIELDS]


def tie_choices() -> list[tuple[str, object]]:
    choices: list[tuple[str, object]] = [("", "—")]  # the labels are lazy translations
    choices += [(key, metric.label) for key, metric in METRICS.items()]
    choices += [("fewest_nat", _("fewest nat")), ("fewest_verzaakt", _("fewest verzaakt"))]
    choices += [(HEAD_TO_HEAD, _("results against each other (head to head)"))]
    seen, unique = set(), []
    for key, label in choices:
        if key not in seen:
            seen.add(key)
            unique.append((key, label))
    return unique


def _rule_field(rule) -> forms.Field:
    help_text = ""
    if rule.low is not None:
        help_text = _("From %(low)s to %(high)s.") % {"low": rule.low, "high": rule.high}
    if rule.kind == "bool":
        return forms.BooleanField(label=rule.label, required=False)
    if rule.kind == "ranks":
        return forms.MultipleChoiceField(
            label=rule.label, required=False, choices=FOUR_OF_A_KIND_CHOICES, widget=forms.CheckboxSelectMultiple
        )
    if rule.kind == "choice":
        return forms.ChoiceField(label=rule.label, choices=[(c, rule.choice_label(c)) for c in rule.choices])
    required = rule.kind == "int"
    if not required:
        help_text = _("Empty: none. %(range)s") % {"range": help_text}
    return forms.IntegerField(
        label=rule.label, required=required, min_value=rule.low, max_value=rule.high, help_text=help_text
    )


def parse_dates(text: str) -> list[datetime.date]:
    """Dates typed one per line (or separated by commas): 2026-09-12, 12-09-2026, 12/9/2026."""
    found = []
    for part in re.split(r"[\s,;]+", text or ""):
        if not part:
            continue
        iso = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", part)
        dutch = re.fullmatch(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})", part)
        try:
            if iso:
                found.append(datetime.date(int(iso[1]), int(iso[2]), int(iso[3])))
            elif dutch:
                found.append(datetime.date(int(dutch[3]), int(dutch[2]), int(dutch[1])))
            else:
                raise ValueError
        except ValueError:
            raise forms.ValidationError(
                _("%(value)s is not a date: write 2026-09-12 or 12-09-2026, one date per line."),
                params={"value": part[:40]},
            ) from None
        refusal = implausible_date(found[-1])
        if refusal:
            raise forms.ValidationError(refusal)
    return found


class DatesField(forms.CharField):
    widget = forms.Textarea(attrs={"rows": 4, "cols": 14})

    def clean(self, value):
        return parse_dates(super().clean(value))


class SettingsForm(forms.Form):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, field in forms.fields_for_model(Competition, fields=model_setting_names()).items():
            if isinstance(field, forms.DateField):
                field.widget = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
            elif isinstance(field, forms.TimeField):
                field.widget = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
            self.fields[name] = field
        self.fields["name"].required = True
        self.fields["evening_dates"] = DatesField(
            label=_("Dates of the evenings"),
            required=False,
            help_text=_("One date per line, for example 2026-09-12 or 12-09-2026."),
        )
        for rule in house_rules():
            self.fields[f"rule__{rule.key}"] = _rule_field(rule)
        for slot in range(1, TIE_SLOTS + 1):
            self.fields[f"tie_{slot}"] = forms.ChoiceField(
                label=_("Tie-breaker %(n)s") % {"n": slot}, choices=tie_choices(), required=False
            )

    # --- from and to the model's terms ------------------------------------------------------
    @staticmethod
    def initial_for(values: dict, competition: Competition | None = None) -> dict:
        """The form's initial data for these settings (model field names)."""
        initial = {k: v for k, v in values.items() if k not in OWN_FIELDS}
        initial["evening_dates"] = "\n".join(str(d) for d in values.get("evening_dates") or [])
        rules = effective_values(values.get("ruleset") or "amsterdam", values.get("rule_options") or {})
        initial.update({f"rule__{k}": v for k, v in rules.items()})
        probe = competition or Competition(**{k: v for k, v in values.items() if k in setting_names()})
        ties = list(values.get("tie_breakers") or tie_breakers_of(probe))
        for slot in range(1, TIE_SLOTS + 1):
            initial[f"tie_{slot}"] = ties[slot - 1] if slot <= len(ties) else ""
        return initial

    def values(self) -> dict:
        """The cleaned settings in model terms (call after ``is_valid``)."""
        data = self.cleaned_data
        values = {name: data[name] for name in model_setting_names() if name in data}
        values["evening_dates"] = [d.isoformat() for d in data.get("evening_dates") or []]
        rules = {rule.key: data.get(f"rule__{rule.key}") for rule in house_rules()}
        values["rule_options"] = differences(values.get("ruleset") or "amsterdam", rules)
        values["tie_breakers"] = [data[f"tie_{n}"] for n in range(1, TIE_SLOTS + 1) if data.get(f"tie_{n}")]
        return values

    def add_service_errors(self, errors: dict[str, str]) -> None:
        for field, message in errors.items():
            self.add_error(self.field_for(field), message)

    def field_for(self, name: str) -> str | None:
        if name.startswith("rule_options."):
            name = "rule__" + name.split(".", 1)[1]
        elif name == "tie_breakers":
            name = "tie_1"
        return name if name in self.fields else None

    # --- for the template -------------------------------------------------------------------
    def groups(self):
        """(title, bound fields) per group; settings no group names come last."""
        named = {n for _title, names in GROUPS for n in names}
        out = []
        for title, names in GROUPS:
            fields = [self[n] for n in names if n in self.fields]
            if fields:
                out.append((title, fields))
        rest = [self[n] for n in model_setting_names() if n not in named]
        if rest:
            out.append((_("Other settings"), rest))
        return out

    def rule_fields(self):
        return [self[f"rule__{rule.key}"] for rule in house_rules()]

    def tie_fields(self):
        return [self[f"tie_{n}"] for n in range(1, TIE_SLOTS + 1)]


class NewSeasonForm(forms.Form):
    name = forms.CharField(label=_("Name of the new season"), max_length=120, validators=[validate_single_line])
    evening_dates = DatesField(
        label=_("Dates of the evenings"),
        required=False,
        help_text=_("One date per line; proposed: last season's dates a year (52 weeks) later."),
    )
