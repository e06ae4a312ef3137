"""A club's people: one-time invitations to a role, and the audit of who changed whose role.

Part of the clubs models (imported at the top of ``clubs.models``); the core models are named as
strings (``"clubs.Club"``), so that import makes no cycle. Rows are written by
``clubs.people.services`` only, in the same transaction as the change they describe.

An invitation's link carries a random token; only its SHA-256 hash is stored, so the database
never holds a usable link. An invitation is usable once, for 14 days, until it is revoked.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

#: How long an invitation link stays usable.
INVITATION_VALID_FOR = timedelta(days=14)


def hash_token(token: str) -> str:
    """What is stored of an invitation's token: its SHA-256 (hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def invitation_expiry():
    return timezone.now() + INVITATION_VALID_FOR


class Invitation(models.Model):
    class Role(models.TextChoices):
        ORGANISER = "organiser", _("organiser")
        SCORER = "scorer", _("scorer")
        MEMBER = "member", _("member")

    class State(models.TextChoices):
        OPEN = "open", _("open")
        ACCEPTED = "accepted", _("used")
        EXPIRED = "expired", _("expired")
        REVOKED = "revoked", _("revoked")

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="invitations", verbose_name=_("club"))
    role = models.CharField(_("role"), max_length=12, choices=Role.choices)
    #: For a member's invitation: the member (player) whose account it makes.
    player = models.ForeignKey(
        "clubs.Player",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="invitations",
        verbose_name=_("member"),
    )
    email = models.EmailField(_("email"), blank=True)
    #: SHA-256 of the link's token (hex); the token itself is shown once and never stored.
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("invited by"),
    )
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    expires_at = models.DateTimeField(_("valid until"), default=invitation_expiry)
    accepted_at = models.DateTimeField(_("accepted"), null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("accepted by"),
    )
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["club", "-created_at", "-id"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [
            models.CheckConstraint(
                condition=Q(role="member", player__isnull=False) | (~Q(role="member") & Q(player__isnull=True)),
                name="invitation_player_for_member_only",
            ),
        ]
        indexes = [models.Index(fields=["club", "accepted_at", "revoked_at"], name="invitation_club_open")]

    def __str__(self) -> str:
        return f"{self.club_id} {self.role} {self.created_at:%Y-%m-%d}"

    def state(self, now=None) -> str:
        """What the link does now: open, or why not (used, revoked, expired — in that order)."""
        if self.accepted_at is not None:
            return self.State.ACCEPTED
        if self.revoked_at is not None:
            return self.State.REVOKED
        if (now or timezone.now()) >= self.expires_at:
            return self.State.EXPIRED
        return self.State.OPEN

    @property
    def is_usable(self) -> bool:
        """Not used, not revoked and not past its 14 days."""
        return self.state() == self.State.OPEN


class PeopleChange(models.Model):
    """The audit of a club's people: who invited, granted, revoked or reset what, and when."""

    class Action(models.TextChoices):
        INVITE = "invite", _("invited")
        REVOKE_INVITATION = "uninvite", _("invitation revoked")
        ACCEPT = "accept", _("invitation accepted")
        GRANT = "grant", _("role granted")
        REVOKE_ROLE = "revoke", _("role revoked")
        RESET_LINK = "reset", _("password reset link made")
        CREATE_CLUB = "club", _("club created")

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="people_changes")
    #: Who did it (None once that account is gone).
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=8, choices=Action.choices)
    role = models.CharField(max_length=12, blank=True)
    #: Whose role or account it concerns, and their username as it was then.
    subject = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    subject_name = models.CharField(max_length=150, blank=True)
    invitation = models.ForeignKey(Invitation, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["club", "-at", "-id"]
        verbose_name = _("change of people")
        verbose_name_plural = _("changes of people")

    def __str__(self) -> str:
        return f"{self.club_id} {self.action} {self.subject_name} {self.at:%Y-%m-%d %H:%M}"
