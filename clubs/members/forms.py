"""Forms of the organiser's member pages. They only read the request: every check with its Dutch
reason is the service's (``clubs.members.edit``, ``clubs.members.merge``), so a form made elsewhere
(a test, the API) cannot skip one. Text is not stripped here, so a line break is seen and refused."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class MemberForm(forms.Form):
    first_name = forms.CharField(label=_("First name"), required=False, strip=False)
    last_name = forms.CharField(label=_("Surname"), required=False, strip=False)
    member_number = forms.CharField(label=_("Member number"), required=False, strip=False)
    guest = forms.TypedChoiceField(
        label=_("Member or guest"),
        choices=[("member", _("member of the club")), ("guest", _("guest (introducé)"))],
        coerce=lambda v: v == "guest",
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose member or guest."), "invalid_choice": _("Choose member or guest.")},
    )
    guest_club = forms.CharField(label=_("Guest's own club"), required=False, strip=False)

    @classmethod
    def of(cls, player):
        return cls(
            initial={
                "first_name": player.first_name,
                "last_name": player.last_name,
                "member_number": player.member_number,
                "guest": "guest" if player.guest else "member",
                "guest_club": player.guest_club,
            }
        )


class MergeForm(forms.Form):
    """Merge the page's member with ``other``; ``keep`` is the one of the two that stays."""

    other = forms.TypedChoiceField(
        label=_("Merge with"),
        coerce=int,
        error_messages={
            "required": _("Choose the member to merge with."),
            "invalid_choice": _("Choose a member of this club to merge with."),
        },
    )
    keep = forms.TypedChoiceField(
        label=_("Keep"),
        coerce=int,
        required=False,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Keep one of the two members.")},
    )

    def __init__(self, *args, player, choices, **kwargs):
        """``choices``: (id, label) of the club's members; the page's member among them, so that
        choosing them is the service's refusal ("not with themself"), not a missing choice."""
        super().__init__(*args, **kwargs)
        self.fields["other"].choices = [("", "—"), (player.pk, player.name), *choices]
        self.fields["keep"].choices = [(player.pk, player.name), *choices]
