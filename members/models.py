"""A member's own choices (which mails, language, the private calendar) and the mails written to them.

Keyed by the club's ``Player`` (a member linked to an account through ``Player.account``): a person who
plays at two clubs chooses for each club."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Player

#: Kind of mail -> the MemberSettings field that switches it.
SWITCHES = {
    "draw": "draw_mail",
    "result": "result_mail",
    "reminder": "reminder_mail",
    "confirm": "confirm_mail",
}


def new_calendar_token() -> str:
    return secrets.token_urlsafe(24)


class MemberSettings(models.Model):
    """What a member wants to hear about. No row: every kind of mail on, in Dutch."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="member_settings")
    draw_mail = models.BooleanField(_("mail the draw"), default=True)
    result_mail = models.BooleanField(_("mail the evening's result"), default=True)
    reminder_mail = models.BooleanField(_("mail a reminder before an evening"), default=True)
    #: A league: the other club entered our team's match result; it waits for our club's confirmation.
    confirm_mail = models.BooleanField(_("mail a league result waiting for our confirmation"), default=True)
    language = models.CharField(_("language of the mails"), max_length=8, choices=settings.LANGUAGES, default="nl")
    #: The secret of the private calendar feed (/me/calendar/<token>.ics): whoever has it reads the feed.
    calendar_token = models.CharField(max_length=64, unique=True, default=new_calendar_token, editable=False)
    #: The member asked to be removed (AVG); the organiser then anonymises them (members.removal).
    removal_requested_at = models.DateTimeField(_("asked to be removed at"), null=True, blank=True)

    class Meta:
        verbose_name = _("member's settings")
        verbose_name_plural = _("members' settings")

    def __str__(self) -> str:
        return str(self.player)


class Notice(models.Model):
    """A mail written to a member: which round or evening it was about and what it said (``signature``:
    table, seat, partner and opponents of a draw), so that a republished or reseated round mails only
    those whose seat changed, and an evening's result is mailed once."""

    class Kind(models.TextChoices):
        DRAW = "draw", _("the draw")
        RESULT = "result", _("the evening's result")
        REMINDER = "reminder", _("a reminder")
        CONFIRM = "confirm", _("a league result to confirm")

    kind = models.CharField(max_length=10, choices=Kind.choices)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="notices")
    round = models.ForeignKey("competitions.Round", on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    evening = models.ForeignKey(
        "competitions.Evening", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    signature = models.CharField(max_length=200, blank=True)
    written_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "player", "round"], name="notice_once_per_round"),
            models.UniqueConstraint(fields=["kind", "player", "evening"], name="notice_once_per_evening"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.player_id} {self.round_id or self.evening_id}"
