"""Stored player ratings: derived data, rebuilt from scratch by ``scoring.ratings.services.recompute``.

A *pool* is one club or one league: the ratings of a club come from the confirmed matches of the
club's own competitions, those of a league from the league's competitions. Per pool: one
``RatingRun`` (when it was computed and from which results), one ``PlayerRating`` per player who
played, and one ``RatingPoint`` per player per evening (club evenings) or round (everything else),
so the course chart is one indexed read.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player


class RatingRun(models.Model):
    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="rating_run", verbose_name=_("club"))
    computed_at = models.DateTimeField(_("computed at"))
    #: What the ratings were computed from (services.fingerprint): differs as soon as a result changes.
    fingerprint = models.CharField(max_length=64)
    matches = models.PositiveIntegerField(_("matches rated"), default=0)
    skipped = models.PositiveIntegerField(_("matches skipped"), default=0)
    players = models.PositiveIntegerField(_("players"), default=0)

    class Meta:
        verbose_name = _("rating computation")
        verbose_name_plural = _("rating computations")

    def __str__(self) -> str:
        return f"{self.club} — {self.computed_at:%Y-%m-%d %H:%M}"


class PlayerRating(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+", verbose_name=_("club"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player"))
    mu = models.FloatField()
    sigma = models.FloatField()
    #: mu − 3σ: what the ranking shows and sorts on.
    rating = models.FloatField(_("rating"))
    matches = models.PositiveIntegerField(_("matches"), default=0)
    wins = models.PositiveIntegerField(_("won"), default=0)
    draws = models.PositiveIntegerField(_("drawn"), default=0)
    losses = models.PositiveIntegerField(_("lost"), default=0)
    last_date = models.DateField(_("last played"), null=True, blank=True)

    class Meta:
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")
        constraints = [models.UniqueConstraint(fields=["club", "player"], name="playerrating_one_per_pool")]
        indexes = [models.Index(fields=["club", "-rating"], name="playerrating_ranking")]

    def __str__(self) -> str:
        return f"{self.player}: {self.rating:.1f}"


class RatingPoint(models.Model):
    """A player's rating at the end of an evening or round in which they played."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    seq = models.PositiveIntegerField()
    date = models.DateField(null=True, blank=True)
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField()
    matches = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["club", "player", "seq"]
        constraints = [models.UniqueConstraint(fields=["club", "player", "seq"], name="ratingpoint_unique_seq")]
