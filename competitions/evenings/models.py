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
