"""Club evenings: the evening and who came to it; and who does not play a round (a bye, or
sitting out). Part of the
competitions models (imported at the end of ``competitions.models``, which re-exports them)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Player


class Evening(models.Model):
    """A club evening of an individual competition: several rounds on one date."""

    competition = models.ForeignKey("competitions.Competition", on_delete=models.CASCADE, related_name="evenings")
    number = models.PositiveSmallIntegerField(_("evening"))
    date = models.DateField(_("date"), null=True, blank=True)
    three_player_tables = models.BooleanField(
        _("tables of three"),
        null=True,
        blank=True,
        help_text=_("This evening only: tables of three (yes) or byes (no); empty: as the competition says."),
    )
    #: Brought in by the evening-totals import (a season played before the club used this system).
    imported = models.BooleanField(_("imported"), default=False)
    #: Called off by the club: nobody can sign up for it any more (competitions.evenings.cancel).
    cancelled = models.BooleanField(_("cancelled"), default=False)
    #: Why the organiser called it off, as told to the members who signed up.
    cancel_reason = models.CharField(_("reason for cancelling"), max_length=200, blank=True)

    class Meta:
        ordering = ["competition", "number"]
        verbose_name = _("club evening")
        verbose_name_plural = _("club evenings")
        constraints = [models.UniqueConstraint(fields=["competition", "number"], name="evening_unique_number")]

    def __str__(self) -> str:
        return f"{self.competition} — {_('avond')} {self.number}"


class Attendance(models.Model):
    """A player who came to an evening (and so takes part in its draws)."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="attendances")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="attendances")
    arrived_late = models.BooleanField(_("arrived late"), default=False)

    class Meta:
        verbose_name = _("attendance")
        verbose_name_plural = _("attendance")
        constraints = [models.UniqueConstraint(fields=["evening", "player"], name="attendance_unique")]


class SitOut(models.Model):
    """A player present at the evening who sits this round out (no seat, no bye, no compensation)."""

    round = models.ForeignKey("competitions.Round", on_delete=models.CASCADE, related_name="sit_outs")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name = _("sits out")
        verbose_name_plural = _("sit out")
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="sitout_unique")]


class Bye(models.Model):
    """A player (individual) or entrant drawn out for a round; scored as the competition chose."""

    round = models.ForeignKey("competitions.Round", on_delete=models.CASCADE, related_name="byes")
    entrant = models.ForeignKey("competitions.Entrant", on_delete=models.CASCADE, related_name="byes")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "entrant"], name="bye_unique")]


class CallOff(models.Model):
    """A player who called off for an evening (afgemeld): absent, compensated as an excused absence."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="call_offs")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = _("called off")
        verbose_name_plural = _("called off")
        constraints = [models.UniqueConstraint(fields=["evening", "player"], name="calloff_unique")]


class Substitution(models.Model):
    """A substitute (invaller) who takes over a member's seat for the rest of an evening, from its
    round ``from_round`` (the round of the evening, 1, 2, 3 …); whom the score counts for is the
    competition's ``substitute_counts_for``."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="substitutions")
    member = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    substitute = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    from_round = models.PositiveSmallIntegerField(_("from round"), default=1)

    class Meta:
        verbose_name = _("substitute")
        verbose_name_plural = _("substitutes")
        constraints = [
            models.UniqueConstraint(fields=["evening", "substitute"], name="substitution_unique_substitute"),
            models.CheckConstraint(condition=~models.Q(member=models.F("substitute")), name="substitution_two_players"),
        ]


class EveningTotal(models.Model):
    """A player's evening total brought in from the club's own records (the evening-totals import)."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="imported_totals")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    points = models.IntegerField(_("points"))

    class Meta:
        verbose_name = _("imported evening total")
        verbose_name_plural = _("imported evening totals")
        constraints = [models.UniqueConstraint(fields=["evening", "player"], name="eveningtotal_unique")]


class SignUp(models.Model):
    """A member's own answer for an evening: "ik kom" (``coming``) or "ik kom niet" (an apology), and
    when. An answer after the club's deadline is kept and marked ``late``; an apology in time makes the
    member "afgemeld" (a ``CallOff``), a late one does not (competitions.evenings.signups)."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="sign_ups")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="sign_ups")
    coming = models.BooleanField(_("coming"))
    answered_at = models.DateTimeField(_("answered at"))
    late = models.BooleanField(_("after the deadline"), default=False)

    class Meta:
        ordering = ["evening", "player"]
        verbose_name = _("sign-up")
        verbose_name_plural = _("sign-ups")
        constraints = [models.UniqueConstraint(fields=["evening", "player"], name="signup_once_per_evening")]

    def __str__(self) -> str:
        return f"{self.evening} {self.player_id} {'yes' if self.coming else 'no'}"
