"""The set-up form: the club's name (a league's, when ticked), the organiser's username, e-mail address
(may be empty) and password twice, checked by Django's password validators (their own Dutch messages)."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from clubs.setup.services import club_name_problem, username_problem
from core.text import single_line, validate_single_line

#: Django's own message that its Dutch catalogue lacks (its 5.2 wording): translated in ours, named here
#: so that makemessages keeps it.
PASSWORD_TOO_SHORT = ngettext_lazy(
    "This password is too short. It must contain at least %d character.",
    "This password is too short. It must contain at least %d characters.",
    "min_length",
)


class SetupForm(UserCreationForm):
    club_name = forms.CharField(
        label=_("Name of your club"),
        max_length=120,
        validators=[validate_single_line],
        help_text=_("As members know it, e.g. KV De Troefboer."),
        error_messages={"required": _("Fill in the club's name.")},
    )
    is_league = forms.BooleanField(
        label=_("This is a league"),
        required=False,
        help_text=_("Tick when this site runs a league with teams from several clubs instead of one club."),
    )
    email = forms.EmailField(
        label=_("E-mail address"),
        required=False,
        help_text=_("May stay empty; with it you can ask for a new password when you forget yours."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    field_order = ["club_name", "is_league", "username", "email", "password1", "password2"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("Your username")
        self.fields["username"].error_messages["required"] = _("Choose a username.")

    def clean_club_name(self) -> str:
        name = single_line(self.cleaned_data["club_name"])
        if problem := club_name_problem(name):
            raise forms.ValidationError(problem)
        return name

    def clean_username(self) -> str:
        username = self.cleaned_data.get("username", "")
        if problem := username_problem(username):
            raise forms.ValidationError(problem)
        return username
