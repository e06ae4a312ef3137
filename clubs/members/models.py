"""The audit of the organiser's changes to members (issue 31 item 6): a rename, a new member number,
guest or member, and two members merged into one — who did it, when, and what it was before and after.

Part of the clubs models (imported at the top of ``clubs.models``, which lists it in ``__all__``);
it names the core models as strings, so that import makes no cycle. Written by
``clubs.members.edit`` and ``clubs.members.merge`` only, never changed afterwards.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class MemberChange(models.Model):
    class Action(models.TextChoices):
        EDIT = "edit", _("changed")
        MERGE = "merge", _("merged")

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="member_changes")
    #: The member changed, or the one kept by a merge (the other one's name and number are in ``changes``).
    player = models.ForeignKey(
        "clubs.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="changes_made"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=8, choices=Action.choices)
    #: EDIT: ``{field: [before, after]}``; MERGE: ``{"merged": {the other member}, "moved": {what: rows}}``.
    changes = models.JSONField(default=dict)

    class Meta:
        ordering = ["club", "-at", "-id"]
        verbose_name = _("change to a member")
        verbose_name_plural = _("changes to members")

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.at:%Y-%m-%d %H:%M}"
