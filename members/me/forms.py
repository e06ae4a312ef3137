from typing import cast

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from clubs.names import FULL, INITIALS, SHORT, shown_name


class AnswerForm(forms.Form):
    answer = forms.ChoiceField(
        choices=[("yes", _("I am coming")), ("no", _("I am not coming"))],
        error_messages={
            "required": _("Choose “I am coming” or “I am not coming”."),
            "invalid_choice": _("Choose “I am coming” or “I am not coming”."),
        },
    )


class NameShownForm(forms.Form):
    """How my name shows on public pages; the choices read with the member's own name as example."""

    name_shown = forms.ChoiceField(
        label=_("My name on public pages"),
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose how your name shows on public pages."),
            "invalid_choice": _("Choose how your name shows on public pages."),
        },
    )

    def __init__(self, *args, player: Player, **kwargs):
        super().__init__(*args, **kwargs)
        first, last = player.first_name, player.last_name
        cast(forms.ChoiceField, self.fields["name_shown"]).choices = [
            (FULL, _("Full name: %(name)s") % {"name": shown_name(first, last, FULL)}),
            (SHORT, _("First name and initial of the surname: %(name)s") % {"name": shown_name(first, last, SHORT)}),
            (INITIALS, _("Initials only: %(name)s") % {"name": shown_name(first, last, INITIALS)}),
        ]


class MailChoicesForm(forms.Form):
    draw = forms.BooleanField(label=_("The draw: my table, seat, partner and opponents"), required=False)
    result = forms.BooleanField(label=_("The evening's result: my place and the top 5"), required=False)
    reminder = forms.BooleanField(label=_("A reminder before an evening"), required=False)
    confirm = forms.BooleanField(
        label=_("A league result of my team that the other club entered, waiting for our confirmation"),
        required=False,
    )
    language = forms.ChoiceField(label=_("Language of the mails"), choices=settings.LANGUAGES)
