"""``/manage/clubs/<slug>/``: organisers of the club (or a site admin); anyone else gets 403."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, render

from clubs.models import Club
from clubs.permissions import is_organiser_of
from competitions.club import selectors


@login_required
def club_page(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not is_organiser_of(request.user, club):
        raise PermissionDenied
    context = {
        "club": club,
        "competitions": list(selectors.competitions_of(club)),
        "demo_is_left": selectors.demo_is_left(club),
    }
    return render(request, "competitions/club/club.html", context)
