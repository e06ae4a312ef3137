"""Forms of the evening's extra steps: walk-ins, reseating after publishing, sit-outs, odd numbers."""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _

from core.text import validate_single_line

ONE_LINE = [validate_single_line]


class WalkInForm(forms.Form):
    """One line on the attendance page: a guest or a new member, ticked present at once."""

    first_name = forms.CharField(label=_("First name"), max_length=60, required=False, validators=ONE_LINE)
    last_name = forms.CharField(label=_("Surname"), max_length=80, validators=ONE_LINE)
    guest = forms.BooleanField(label=_("Guest (introducé)"), required=False, initial=True)
    guest_club = forms.CharField(label=_("Guest's own club"), max_length=120, required=False, validators=ONE_LINE)
    #: Set by the question after a near match ("Henk Hebers sr." next to "Henk Hebers"): add anyway.
    confirm_new = forms.BooleanField(required=False, widget=forms.HiddenInput)


class SubstituteForm(forms.Form):
    """A substitute (invaller) for a member present, for the rest of the evening from a round on."""

    member = forms.TypedChoiceField(label=_("Member"), coerce=int)
    substitute = forms.TypedChoiceField(label=_("Substitute"), coerce=int)
    from_round = forms.IntegerField(label=_("From round"), min_value=1, max_value=99, initial=1)

    def __init__(self, *args, present: list[tuple[int, str]], players: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["member"]).choices = present
        cast(forms.ChoiceField, self.fields["substitute"]).choices = players


class ReseatForm(forms.Form):
    """After publishing: a seated player, and who takes their seat (or swaps with them)."""

    player_a = forms.TypedChoiceField(label=_("Seated player"), coerce=int)
    player_b = forms.TypedChoiceField(label=_("swaps with / is replaced by"), coerce=int)

    def __init__(self, *args, seated: list[tuple[int, str]], others: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["player_a"]).choices = seated
        cast(forms.ChoiceField, self.fields["player_b"]).choices = seated + others

    def clean(self):
        data = super().clean()
        if data.get("player_a") is not None and data.get("player_a") == data.get("player_b"):
            raise forms.ValidationError(_("Choose two different players."))
        return data


class SitOutForm(forms.Form):
    sit_out = forms.TypedMultipleChoiceField(label=_("Sits out this round"), coerce=int, required=False)

    def __init__(self, *args, present: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["sit_out"]).choices = present


class EveningTablesForm(forms.Form):
    CHOICES = [("", _("as the competition says")), ("three", _("tables of three")), ("byes", _("byes"))]
    odd = forms.ChoiceField(label=_("Odd numbers tonight"), choices=CHOICES, required=False)

    def choice(self) -> bool | None:
        return {"three": True, "byes": False}.get(self.cleaned_data["odd"])


class CancelEveningForm(forms.Form):
    """Calling an evening off: why (the members who signed up read it in their mail)."""

    reason = forms.CharField(
        label=_("Reason"),
        max_length=200,
        validators=ONE_LINE,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. the hall is closed")}),
        error_messages={
            "required": _("Give a reason: the members who signed up read it in their mail."),
            "max_length": _("Keep the reason under %(limit_value)d characters."),
        },
    )
