"""How an individual competition draws its rounds (``Competition.draw_method``). No models here,
so that ``competitions.models`` can import the choices without a cycle."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class DrawMethod(models.TextChoices):
    LOT = "lot", _("by lot (every round drawn anew)")
    WHIST = "whist", _("whist schedule (fixed group: everyone partners everyone once)")
