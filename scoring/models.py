"""Deals (one row of a score sheet), blind second entries and the audit trail of results.

Every field of RULES.md §3 is a column; sides are 0 (A, "wij"), 1 (B, "zij") and 2 (the third
player at a three-player table). The computed scores are stored beside the input so pages and
standings never recompute them; ``scoring.services`` is the only writer.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from competitions.models import Match
from scoring.duplicate.models import Board, DuplicateSetup
from scoring.ratings.models import PlayerRating, RatingPoint, RatingRun


class Deal(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField(_("deal"))
    bidder = models.PositiveSmallIntegerField(_("bidder"), null=True, blank=True)
    points_a = models.PositiveSmallIntegerField(_("points wij"))
    points_b = models.PositiveSmallIntegerField(_("points zij"))
    points_c = models.PositiveSmallIntegerField(_("points third"), null=True, blank=True)
    roem_a = models.PositiveSmallIntegerField(_("roem wij"), default=0)
    roem_b = models.PositiveSmallIntegerField(_("roem zij"), default=0)
    roem_c = models.PositiveSmallIntegerField(_("roem third"), null=True, blank=True)
    pit = models.PositiveSmallIntegerField(_("pit"), null=True, blank=True)
    verzaakt = models.PositiveSmallIntegerField(_("verzaakt"), null=True, blank=True)
    #: Individual play: the seat (N, E, S, W) of the player who verzaakt, on the verzaakt side; "" not named.
    verzaakt_seat = models.CharField(_("verzaakt by"), max_length=1, blank=True, default="")
    trump = models.CharField(_("trump"), max_length=1, blank=True, default="")
    challenge = models.PositiveSmallIntegerField(_("challenge"), default=0)
    nil = models.BooleanField(_("nil"), default=False)
    #: South African klawerjas: the side declared four jacks or a run of five this hand (a boom of 2 strokes)
    big_roem_a = models.BooleanField(_("big roem wij"), default=False)
    big_roem_b = models.BooleanField(_("big roem zij"), default=False)
    score_a = models.IntegerField(_("score wij"))
    score_b = models.IntegerField(_("score zij"))
    score_c = models.IntegerField(_("score third"), null=True, blank=True)
    nat = models.BooleanField(_("nat"), default=False)
    mark = models.CharField(_("mark"), max_length=4, blank=True, default="", help_text="N, P, TP, V")

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="deal_unique_number_per_match"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deal_number_positive"),
            models.CheckConstraint(condition=Q(challenge__lte=3), name="deal_challenge_0_to_3"),
            models.CheckConstraint(condition=Q(bidder__isnull=True) | Q(bidder__lte=2), name="deal_bidder_side"),
            models.CheckConstraint(condition=Q(pit__isnull=True) | Q(pit__lte=2), name="deal_pit_side"),
            models.CheckConstraint(condition=Q(verzaakt__isnull=True) | Q(verzaakt__lte=2), name="deal_verzaakt_side"),
            models.CheckConstraint(
                condition=Q(pit__isnull=True) | Q(verzaakt__isnull=True), name="deal_not_pit_and_verzaakt"
            ),
            models.CheckConstraint(
                condition=Q(verzaakt_seat="") | Q(verzaakt__isnull=False), name="deal_verzaakt_seat_needs_side"
            ),
            # A score is below zero only under the "fixed-points" verzaakt penalty, and by at most
            # the engine's largest penalty (``verzaakt_points`` ≤ 1000).
            models.CheckConstraint(
                condition=Q(score_a__gte=-1000)
                & Q(score_b__gte=-1000)
                & (Q(score_c__isnull=True) | Q(score_c__gte=-1000)),
                name="deal_scores_not_below_the_penalty",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} — {_('spel')} {self.number}"

    @property
    def points(self) -> tuple[int, ...]:
        return (
            (self.points_a, self.points_b) if self.points_c is None else (self.points_a, self.points_b, self.points_c)
        )

    @property
    def roem(self) -> tuple[int, ...]:
        return (self.roem_a, self.roem_b) if self.roem_c is None else (self.roem_a, self.roem_b, self.roem_c or 0)

    @property
    def scores(self) -> tuple[int, ...]:
        return (self.score_a, self.score_b) if self.score_c is None else (self.score_a, self.score_b, self.score_c)


class BlindEntry(models.Model):
    """A second person's independent entry of the same sheet, compared deal by deal before confirming."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="blind_entries")
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    deals = models.JSONField(default=list)

    class Meta:
        verbose_name = _("blind entry")
        verbose_name_plural = _("blind entries")
        constraints = [models.UniqueConstraint(fields=["match", "entered_by"], name="blindentry_one_per_person")]


class AuditEntry(models.Model):
    """Who changed a result, when, and what it was before and after."""

    class Action(models.TextChoices):
        SAVE = "save", _("saved")
        CONFIRM = "confirm", _("confirmed")
        CORRECT = "correct", _("corrected after confirmation")
        REOPEN = "reopen", _("reopened")
        ACCEPT = "accept", _("accepted at the table")
        SEND_BACK = "sendback", _("sent back at the table")
        #: A save refused because the sheet changed meanwhile: ``before`` is the stored sheet (theirs),
        #: ``after`` the refused one (mine), so the audit keeps both versions of a conflict.
        CONFLICT = "conflict", _("refused: two versions")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="audit_entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=10, choices=Action.choices)
    version = models.PositiveIntegerField(default=0)
    before = models.JSONField(default=list)
    after = models.JSONField(default=list)
    #: Through the table link (no account): the side that entered, accepted or sent back; and the
    #: phone's key for that sheet, so that a sheet sent again (a dropped connection) is written once.
    table_side = models.PositiveSmallIntegerField(null=True, blank=True)
    table_key = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["match", "-at", "-id"]
        verbose_name = _("change")
        verbose_name_plural = _("changes")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "table_key"], condition=~Q(table_key=""), name="auditentry_table_key_once"
            ),
        ]


#: The app's models: Deal and the audit above, and its features' (duplicate/, ratings/), imported at the top so that
#: Django, which imports this module, registers them. Those import no model of this module, so no cycle.
__all__ = ["AuditEntry", "BlindEntry", "Board", "Deal", "DuplicateSetup", "PlayerRating", "RatingPoint", "RatingRun"]
