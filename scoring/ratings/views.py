"""Ratings pages: the pools, a pool's ranking, a player's course, and the organiser's "recompute now"."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from clubs.models import Club
from clubs.permissions import is_organiser_of, organised_club
from core.numbers import number_text
from scoring.ratings import chart, selectors, services
from scoring.ratings.tables import PER_PAGE, ranking_table


def _pool(request, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not selectors.is_visible(club, request.user):
        raise Http404(_("No ratings found."))
    return club


def index(request):
    return render(request, "scoring/ratings/index.html", {"pools": selectors.visible_pools(request.user)})


def ranking(request, slug: str):
    club = _pool(request, slug)
    state = services.refresh_if_stale(club)
    homes = selectors.home_club_ids(club)
    lists = []
    for prefix, queryset, ranked, title in (
        ("r-", selectors.ranking(club, homes), True, _("Ranking")),
        ("n-", selectors.not_ranked_yet(club, homes), False, _("Not ranked yet")),
        ("g-", selectors.guests(club, homes), False, _("Guests")),
    ):
        table = ranking_table(queryset, slug=club.slug, prefix=prefix, ranked=ranked)
        RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
        table.courses = selectors.courses(club, table.page_player_ids())
        lists.append((prefix, title, table))
    context = {
        "club": club,
        "state": state,
        "lists": lists,
        "min_matches": selectors.MIN_MATCHES,
        "can_recompute": is_organiser_of(request.user, club),
    }
    return render(request, "scoring/ratings/ranking.html", context)


def player(request, slug: str, player_id: int):
    club = _pool(request, slug)
    homes = selectors.home_club_ids(club)
    state = services.refresh_if_stale(club)
    person = selectors.listed_player(club, homes, player_id)
    if person is None:
        raise Http404(_("This player is not listed in these ratings."))
    rating, points = selectors.player_course(club, person)
    svg = ""
    if points:
        svg = chart.course_svg(
            [p.date for p in points],
            [p.rating for p in points],
            [p.mu for p in points],
            title=_("Rating of %(name)s") % {"name": person.name},
            description=_("The rating after each evening or round played, from %(first)s to %(last)s.")
            % {"first": number_text(points[0].rating, 1), "last": number_text(points[-1].rating, 1)},
            rating_label=_("Rating (μ − 3σ)"),
            skill_label=_("Estimated skill (μ)"),
        )
    context = {
        "club": club,
        "person": person,
        "rating": rating,
        "points": points,
        "svg": svg,
        "place": selectors.position(club, homes, rating) if rating else None,
        "min_matches": selectors.MIN_MATCHES,
        "state": state,
    }
    return render(request, "scoring/ratings/player.html", context)


@login_required
@require_POST
def recompute(request, slug: str):
    club = organised_club(request, slug)
    run = services.recompute(club=club)
    messages.success(
        request,
        _("Ratings recomputed: %(matches)s matches, %(players)s players.")
        % {"matches": run.matches, "players": run.players},
    )
    return redirect("ratings:ranking", slug=club.slug)
