"""Forms of the people pages: an invitation, accepting one with a new account, a league's new
member club, one's own e-mail address, an API token's name. Passwords are checked by Django's own
validators (AUTH_PASSWORD_VALIDATORS); the messages are Django's Dutch ones."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from clubs.models import Invitation


class InviteForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Invitation.Role.choices)
    player = forms.IntegerField(label=_("Member"), required=False, min_value=1)
    email = forms.EmailField(label=_("Email address (optional)"), required=False)

    def clean(self):
        data = super().clean()
        if data.get("role") == Invitation.Role.MEMBER and not data.get("player"):
            self.add_error("player", _("Choose the member this invitation is for."))
        return data


class AcceptForm(UserCreationForm):
    """A new account: username, password twice (Django's checks: taken name, differing or weak
    passwords), and an e-mail address for a forgotten password (optional)."""

    email = forms.EmailField(label=_("Email address (optional)"), required=False)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class MemberClubForm(forms.Form):
    name = forms.CharField(label=_("Name of the club"), max_length=120)
    city = forms.CharField(label=_("Place"), max_length=80, required=False)
    email = forms.EmailField(label=_("Email address of its organiser (optional)"), required=False)


class EmailForm(forms.Form):
    email = forms.EmailField(label=_("Email address"), required=False)


class TokenForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
