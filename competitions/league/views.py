"""Public league pages (no login): the fixture list per competition and division, its iCalendar feed
(all fixtures, or one team's), and a team's page. Thin: ``competitions.standings.fixtures`` reads, ``competitions.league.calendar``
writes the feed, ``charts`` draws. A fixed number of queries each.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from competitions import selectors
from competitions.league import calendar
from competitions.models import Competition, Division, Entrant, Evening
from competitions.standings import charts, standings, team_members
from competitions.standings.course import season_course
from competitions.standings.fixtures import fixture_lines


def _division(competition: Competition, value) -> Division | None:
    if not value:
        return None
    try:
        return Division.objects.get(competition=competition, pk=int(value))
    except (ValueError, Division.DoesNotExist):
        raise Http404 from None


def fixtures_page(request, slug):
    competition = selectors.public_competition(slug)
    division = _division(competition, request.GET.get("division"))
    lines = fixture_lines(competition)
    if division is not None:
        ids = set(Entrant.objects.filter(division=division).values_list("id", flat=True))
        lines = [line for line in lines if line.home_id in ids]
    evenings = []
    if competition.format == Competition.Format.INDIVIDUAL:
        evenings = list(Evening.objects.filter(competition=competition).order_by("number").values("number", "date"))
    rounds: dict[int, list] = {}
    for line in lines:
        rounds.setdefault(line.round, []).append(line)
    context = {
        "competition": competition,
        "division": division,
        "divisions": list(Division.objects.filter(competition=competition).order_by("order", "name")),
        "rounds": sorted(rounds.items()),
        "evenings": evenings,
        "webcal": calendar.webcal_url(request, competition),
    }
    return render(request, "competitions/league/fixtures.html", context)


def site_address(request) -> str:
    """The site's address for absolute links in a feed: ``SITE_URL`` when it is set (a cached feed
    then carries the same links whatever host name it was asked at), else the request's own."""
    return (getattr(settings, "SITE_URL", "") or request.build_absolute_uri("/")).rstrip("/") + "/"


def _ics(content: bytes, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{name}.ics"'
    return response


def calendar_feed(request, slug):
    competition = selectors.public_competition(slug)
    lines = fixture_lines(competition)
    evenings = []
    if competition.format == Competition.Format.INDIVIDUAL:
        evenings = list(Evening.objects.filter(competition=competition).exclude(date=None).order_by("number"))
    content = calendar.feed(competition, lines, evenings=evenings, url=site_address(request), with_planned=True)
    return _ics(content, competition.slug)


def _entrant(competition: Competition, entrant_id: int) -> Entrant:
    return get_object_or_404(
        Entrant.objects.select_related("team__club", "division"), competition=competition, pk=entrant_id
    )


def team_calendar(request, slug, entrant_id):
    competition = selectors.public_competition(slug)
    entrant = _entrant(competition, entrant_id)
    lines = [line for line in fixture_lines(competition) if line.involves(entrant.pk)]
    content = calendar.feed(competition, lines, url=site_address(request), name=f"{entrant.name} · {competition.name}")
    return _ics(content, f"{competition.slug}-{entrant.pk}")


def team_page(request, slug, entrant_id):
    """A team's (or pair's) page: its place, its fixtures and results, and its season in pictures."""
    competition = selectors.public_competition(slug)
    if competition.format == Competition.Format.INDIVIDUAL:
        raise Http404
    lines = fixture_lines(competition)
    rows = standings(competition)
    row = next((r for r in rows if r.entrant_id == entrant_id), None)
    if row is None:
        raise Http404
    team_members([row])
    mine = [line for line in lines if line.involves(entrant_id)]
    points_per_round = [
        (str(line.round), line.home_total if line.home_id == entrant_id else line.away_total)
        for line in mine
        if line.result is not None
    ]
    figures = [
        ("roem", row.roem),
        ("nat", row.nat),
        (_("pits"), row.pits),
        (_("tegenpits"), row.tegenpits),
        ("verzaakt", row.verzaakt),
    ]
    context = {
        "competition": competition,
        "row": row,
        "lines": mine,
        "teams": competition.format == Competition.Format.TEAMS,
        "points_chart": charts.bar_chart(_("Points per round"), points_per_round),
        "figures_chart": charts.figure_bars(_("roem, nat and pits"), figures) if row.played else "",
        "course": season_course(competition, rows, follow=entrant_id, lines=lines),
        "webcal": calendar.webcal_url(request, competition, entrant_id),
    }
    return render(request, "competitions/league/team.html", context)
