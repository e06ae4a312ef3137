from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _


class AnswerForm(forms.Form):
    answer = forms.ChoiceField(
        choices=[("yes", _("I am coming")), ("no", _("I am not coming"))],
        error_messages={
            "required": _("Choose “I am coming” or “I am not coming”."),
            "invalid_choice": _("Choose “I am coming” or “I am not coming”."),
        },
    )


class MailChoicesForm(forms.Form):
    draw = forms.BooleanField(label=_("The draw: my table, seat, partner and opponents"), required=False)
    result = forms.BooleanField(label=_("The evening's result: my place and the top 5"), required=False)
    reminder = forms.BooleanField(label=_("A reminder before an evening"), required=False)
    confirm = forms.BooleanField(
        label=_("A league result of my team that the other club entered, waiting for our confirmation"),
        required=False,
    )
    language = forms.ChoiceField(label=_("Language of the mails"), choices=settings.LANGUAGES)
