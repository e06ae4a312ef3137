"""Forms of the organiser's pages. They check the input's shape; the services decide what is allowed."""

from __future__ import annotations

import datetime
from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _

from core.dates import implausible_date


class EveningForm(forms.Form):
    """A new evening needs its date (today unless changed): an evening without one cannot be told apart."""

    # A date input shows only ISO dates (2026-11-25): in the Dutch format (25-11-2026) it starts empty.
    date = forms.DateField(
        label=_("Date"),
        initial=datetime.date.today,
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date", "required": True}),
    )

    def clean_date(self):
        day = self.cleaned_data["date"]
        refusal = implausible_date(day)
        if refusal:
            raise forms.ValidationError(refusal)
        return day


class AttendanceForm(forms.Form):
    """Members ticked present, and those who came late. Choices: the ids of the members listed."""

    present = forms.TypedMultipleChoiceField(label=_("Present"), coerce=int, required=False)
    late = forms.TypedMultipleChoiceField(label=_("Arrived late"), coerce=int, required=False)
    called_off = forms.TypedMultipleChoiceField(label=_("Called off"), coerce=int, required=False)

    def __init__(self, *args, member_ids: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(pk, pk) for pk in member_ids]
        cast(forms.ChoiceField, self.fields["present"]).choices = choices
        cast(forms.ChoiceField, self.fields["late"]).choices = choices
        cast(forms.ChoiceField, self.fields["called_off"]).choices = choices


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        label=_("Seed"),
        required=False,
        min_value=0,
        max_value=2**62,
        help_text=_("Leave empty for a new random draw; the same seed gives the same draw."),
    )


class SwapForm(forms.Form):
    """Two players of the round; the button pressed says whether the players or their pairs move."""

    PLAYERS = "players"
    PAIRS = "pairs"

    player_a = forms.TypedChoiceField(label=_("Player"), coerce=int)
    player_b = forms.TypedChoiceField(label=_("with"), coerce=int)
    what = forms.ChoiceField(choices=[(PLAYERS, _("Swap players")), (PAIRS, _("Swap pairs"))])

    def __init__(self, *args, choices: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["player_a"]).choices = choices
        cast(forms.ChoiceField, self.fields["player_b"]).choices = choices

    def clean(self):
        data = super().clean()
        if data.get("player_a") is not None and data.get("player_a") == data.get("player_b"):
            raise forms.ValidationError(_("Choose two different players."))
        return data


class FixturesForm(forms.Form):
    double = forms.BooleanField(label=_("Double round robin (home and away)"), required=False)
    replace = forms.BooleanField(
        label=_("Replace the fixture list"),
        required=False,
        help_text=_("Only while no round is published or has results."),
    )
