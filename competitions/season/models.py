"""The audit of a competition's settings: who created or changed them, when, through which door
(the organiser's pages or the API), and every field's value before and after.

Part of the competitions models (imported at the end of ``competitions.models``). Rows are written
by ``competitions.season.services`` only, in the same transaction as the change they describe.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class SettingsChange(models.Model):
    class Action(models.TextChoices):
        CREATE = "create", _("created")
        CHANGE = "change", _("changed")
        NEW_SEASON = "season", _("copied as a new season")
        IMPORT = "import", _("evening totals imported")
        REMOVE_EVENING = "evening", _("evening removed")
        CANCEL_EVENING = "cancel", _("evening cancelled")
        UNCANCEL_EVENING = "uncancel", _("evening on again")

    class Via(models.TextChoices):
        PAGE = "page", _("the organiser's pages")
        API = "api", _("the API")

    competition = models.ForeignKey(
        "competitions.Competition", on_delete=models.CASCADE, related_name="settings_changes"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=8, choices=Action.choices)
    via = models.CharField(max_length=4, choices=Via.choices)
    #: ``{field: [before, after]}`` in JSON terms (dates as ISO text); on create ``before`` is null.
    changes = models.JSONField(default=dict)

    class Meta:
        ordering = ["competition", "-at", "-id"]
        verbose_name = _("settings change")
        verbose_name_plural = _("settings changes")

    def __str__(self) -> str:
        return f"{self.competition_id} {self.action} {self.at:%Y-%m-%d %H:%M}"
