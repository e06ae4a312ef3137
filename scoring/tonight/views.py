"""Tonight's dashboard for the organiser and the scorers of a club: every table of the current round
with its state and how long since its last change, refreshing by itself; confirm from the list; draw
the next round once the last table is in.

Thin: the club boundary (organiser or scorer of the competition's club, or site admin; anyone else
403), ``scoring.tonight.selectors`` reads, ``services.confirm_match`` writes. The tables part is served on
its own (``?part=tables``) with an ETag from ``competitions.pagecache.live.stamp``, so the page's
poll every few seconds costs two small queries while nothing changes.
"""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_POST

from clubs.permissions import clubs_staffed_by, is_organiser_of, is_site_admin, is_staff_of, roles_by_club
from competitions.models import Competition, Match
from competitions.pagecache.live import stamp
from scoring import services
from scoring.sheet.layout import whole_number
from scoring.tonight.selectors import tonight

POLL_MS = 2000  # how often the page asks whether anything changed


def _competition(request, slug: str) -> Competition:
    competition = get_object_or_404(Competition.objects.select_related("club"), slug=slug)
    if not is_staff_of(request.user, competition.club_id):
        raise PermissionDenied
    return competition


def _round_number(request) -> int | None:
    return whole_number(request.GET.get("round", ""))


@login_required
def index(request):
    """Tonight's dashboard straight away when exactly one competition plays today (an evening or a
    round dated today); otherwise the competitions of every club the user organises or scores for,
    those playing today first."""
    clubs = clubs_staffed_by(request.user)
    if not is_site_admin(request.user) and not roles_by_club(request.user):
        raise PermissionDenied
    today = timezone.localdate()
    playing = Q(evenings__date=today) | Q(rounds__date=today)
    competitions = list(
        Competition.objects.filter(club__in=clubs)
        .annotate(today=Exists(Competition.objects.filter(playing, pk=OuterRef("pk"))))
        .select_related("club")
        .order_by("-today", "club__name", "name")
    )
    tonight_ones = [c for c in competitions if c.today]
    if len(tonight_ones) == 1:
        return redirect("tonight:dashboard", slug=tonight_ones[0].slug)
    return render(request, "scoring/tonight/tonight_index.html", {"competitions": competitions})


def tables_etag(request, slug) -> str | None:
    """The dashboard's competition (staff only) and its ETag, found once and kept on the request for
    the view; the polled tables (``?part=tables``) are answered 304 by Django's ``condition()`` while
    it holds. "How long ago" moves on by the minute even when nothing is saved."""
    competition = _competition(request, slug)
    number = _round_number(request)
    etag = f'"{stamp(competition)}-{number or 0}-{timezone.now():%H%M}-{request.LANGUAGE_CODE}"'
    request.tonight = (competition, number, etag)
    return etag if request.GET.get("part") == "tables" else None


@login_required
@condition(etag_func=tables_etag)
def dashboard(request, slug):
    competition, number, etag = request.tonight
    if request.GET.get("part") == "tables":
        response = render(request, "scoring/tonight/tonight_tables.html", _context(request, competition, number))
        response["Cache-Control"] = "no-cache"
        return response
    return render(request, "scoring/tonight/tonight.html", dict(_context(request, competition, number), etag=etag))


def _context(request, competition: Competition, number: int | None) -> dict:
    night = tonight(competition, number)
    now = timezone.now()
    base = reverse("tonight:dashboard", kwargs={"slug": competition.slug})
    query: dict[str, int | str] = {"round": number} if number else {}
    return {
        "competition": competition,
        "night": night,
        "organiser": is_organiser_of(request.user, competition.club_id),
        "poll_url": f"{base}?{urlencode({**query, 'part': 'tables'})}",
        "poll_ms": POLL_MS,
        "now": now,
        "a_minute_ago": now - datetime.timedelta(minutes=1),  # newer: "just now", not "0 minutes ago"
    }


@login_required
@require_POST
def confirm(request, slug, pk):
    """Confirm one table from the list (the service decides who may); back to the list."""
    competition = _competition(request, slug)
    match = get_object_or_404(Match.objects.select_related("round"), pk=pk, round__competition=competition)
    version = whole_number(request.POST.get("version", ""))
    try:
        services.confirm_match(match=match, user=request.user, version=version)
    except services.StaleVersion:
        messages.error(
            request,
            _("Table %(table)s changed since the list was shown; check it and confirm again.") % {"table": match.table},
        )
    except services.NotAllowed as refused:
        messages.error(request, _("Table %(table)s: %(reason)s") % {"table": match.table, "reason": refused})
    else:
        messages.success(request, _("Table %(table)s is confirmed.") % {"table": match.table})
    url = reverse("tonight:dashboard", kwargs={"slug": slug})
    number = whole_number(request.POST.get("round", ""))
    return redirect(f"{url}?round={number}" if number else url)
