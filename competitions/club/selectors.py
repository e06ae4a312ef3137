"""Reads of the club's page: its competitions and whether the demo is still there (three queries)."""

from __future__ import annotations

from django.db.models import QuerySet

from clubs.models import Club
from competitions.models import Competition


def competitions_of(club: Club) -> QuerySet[Competition]:
    return Competition.objects.filter(club=club).order_by("-season_start", "name")


def demo_is_left(club: Club) -> bool:
    """True when this install still holds the demo and ``club`` is not one of its clubs."""
    return not club.is_demo and Club.objects.filter(is_demo=True).exists()
