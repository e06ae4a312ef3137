"""How the organiser's pages find a competition's round or evening from the URL, and the two pages
they send the organiser back to (shared by ``views.py`` and ``views_evening.py``)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse

from competitions.models import Competition, Evening, Round


def round_of(competition: Competition, number: int) -> Round:
    round = get_object_or_404(Round.objects.select_related("evening"), competition=competition, number=number)
    round.competition = competition
    return round


def evening_of(competition: Competition, number: int) -> Evening:
    evening = get_object_or_404(Evening, competition=competition, number=number)
    evening.competition = competition
    return evening


def posted(request):
    """The POST data for a bound form (even when nothing is ticked), or None on GET."""
    return request.POST if request.method == "POST" else None


def draw_url(round: Round) -> str:
    return reverse("staff:draw", kwargs={"slug": round.competition.slug, "number": round.number})


def attendance_url(slug: str, number: int) -> str:
    return reverse("staff:attendance", kwargs={"slug": slug, "number": number})
