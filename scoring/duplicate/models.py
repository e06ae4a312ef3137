"""The dealt boards of a duplicate (portefeuille) competition.

The evening itself is made of the ordinary rows: a Round per round of the Mitchell movement, a
Match per table (side 0 = the N–S pair, side 1 = the E–W pair, entered and checked as any score
sheet), its Deals numbered 1..deals-per-round. Which boards a table plays follows from the round
and table number by the movement (``competitions.pairings.mitchell``); only the cards, fixed once
dealt, need rows of their own. Loaded by ``scoring.models``.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from competitions.pairings import mitchell


class DuplicateSetup(models.Model):
    """How a duplicate competition is played: tables, boards, the seed they were dealt from."""

    class Method(models.TextChoices):
        MATCHPOINTS = "matchpoints", _("matchpoint percentage")
        DIFFERENCE = "difference", _("difference to each deal's average")

    competition = models.OneToOneField("competitions.Competition", on_delete=models.CASCADE, related_name="duplicate")
    tables = models.PositiveSmallIntegerField(_("tables"))
    boards = models.PositiveSmallIntegerField(_("deals"))
    seed = models.BigIntegerField(_("dealing seed"))

    class Movement(models.TextChoices):
        ONCE = "once", _("every pair meets every pair of the other line once")
        SKIP = "skip", _("Mitchell (with a skip for an even number of tables)")

    class MissedAverage(models.IntegerChoices):
        MINUS = 40, _("40% (average minus)")
        AVERAGE = 50, _("50% (average)")
        PLUS = 60, _("60% (average plus)")

    method = models.CharField(_("ranking"), max_length=12, choices=Method.choices, default=Method.MATCHPOINTS)
    #: Choice: evenings dealt before the "once" movement existed keep the skip Mitchell they were
    #: played with (the migration gives them "skip"), since the boards a table played follow from it.
    movement = models.CharField(_("movement"), max_length=8, choices=Movement.choices, default=Movement.ONCE)
    #: What a pair that missed a board scores: the club's average, a percentage of the top (RULES.md §9).
    missed_percentage = models.PositiveSmallIntegerField(
        _("a missed deal scores"), choices=MissedAverage.choices, default=MissedAverage.AVERAGE
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("duplicate evening")
        verbose_name_plural = _("duplicate evenings")
        constraints = [
            models.CheckConstraint(condition=Q(tables__gte=2), name="duplicate_at_least_two_tables"),
            models.CheckConstraint(condition=Q(boards__gte=models.F("tables")), name="duplicate_a_deal_per_table"),
            models.CheckConstraint(condition=Q(missed_percentage__in=[40, 50, 60]), name="duplicate_missed_average"),
            models.CheckConstraint(condition=Q(movement__in=["once", "skip"]), name="duplicate_movement_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.competition} ({self.tables} × {self.boards})"

    @property
    def per_round(self) -> int:
        return self.boards // self.tables

    @property
    def movement_played(self) -> str:
        """The movement the tables really follow ("skip" where "once" cannot be made)."""
        return mitchell.effective_kind(self.tables, self.movement)


class Board(models.Model):
    """One board (the cards of one wallet): the four hands by seat as text, dealer and maker."""

    setup = models.ForeignKey(DuplicateSetup, on_delete=models.CASCADE, related_name="board_rows")
    number = models.PositiveSmallIntegerField(_("deal"))
    dealer = models.PositiveSmallIntegerField(_("dealer"), help_text="0 = N, 1 = E, 2 = S, 3 = W")
    maker = models.PositiveSmallIntegerField(
        _("maker"), null=True, blank=True, help_text="verplicht: who must choose trump"
    )
    hands = models.CharField(_("hands"), max_length=200)

    class Meta:
        ordering = ["setup", "number"]
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        constraints = [
            models.UniqueConstraint(fields=["setup", "number"], name="board_unique_number"),
            models.CheckConstraint(condition=Q(dealer__lte=3), name="board_dealer_seat"),
            models.CheckConstraint(condition=Q(maker__isnull=True) | Q(maker__lte=3), name="board_maker_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.setup.competition} — {_('spel')} {self.number}"
