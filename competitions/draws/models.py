"""Which round of a whist schedule a drawn round follows. Part of the competitions models
(imported at the end of ``competitions.models``, which re-exports it)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class WhistRound(models.Model):
    """A round drawn from the competition's whist schedule (``competitions.pairings.whist_schedule``).

    ``players``: the member ids in schedule order (schedule player *i* is ``players[i]``), the
    group the schedule was started with; ``number``: the schedule round (0-based) this round
    follows. The next whist round of the competition follows ``number + 1``."""

    round = models.OneToOneField(
        "competitions.Round", on_delete=models.CASCADE, related_name="whist_round", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("schedule round"))
    players = models.JSONField(_("players in schedule order"), default=list)

    class Meta:
        verbose_name = _("whist schedule round")
        verbose_name_plural = _("whist schedule rounds")

    def __str__(self) -> str:
        return f"{self.round} · {self.number + 1}"
