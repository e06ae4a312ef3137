"""The organiser's pages: attendance, draws, fixtures, Swiss rounds.

Thin: each view finds the competition, checks the club boundary (``clubs.permissions``: organiser
of the competition's club or league, or site admin; anyone else gets 403), reads through
``selectors_staff``, writes through ``services`` and turns a ``DrawError`` into a message or a
form error.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs.permissions import clubs_managed_by, is_organiser_of, is_site_admin
from competitions import services
from competitions.models import Competition, Evening, Round
from competitions.organiser import selectors
from competitions.organiser.forms import AttendanceForm, DrawForm, EveningForm, FixturesForm, SwapForm
from competitions.services import DrawError


def _competition(request, slug: str) -> Competition:
    competition = get_object_or_404(Competition.objects.select_related("club"), slug=slug)
    if not is_organiser_of(request.user, competition.club_id):
        raise PermissionDenied
    return competition


def _round(competition: Competition, number: int) -> Round:
    round = get_object_or_404(Round.objects.select_related("evening"), competition=competition, number=number)
    round.competition = competition
    return round


def _evening(competition: Competition, number: int) -> Evening:
    evening = get_object_or_404(Evening, competition=competition, number=number)
    evening.competition = competition
    return evening


def _posted(request):
    """The POST data for a bound form (even when nothing is ticked), or None on GET."""
    return request.POST if request.method == "POST" else None


def _draw_url(round: Round) -> str:
    return reverse("staff:draw", kwargs={"slug": round.competition.slug, "number": round.number})


@login_required
def dashboard(request):
    if not is_site_admin(request.user) and not clubs_managed_by(request.user).exists():
        raise PermissionDenied
    competitions = list(selectors.managed_competitions(request.user))
    with_competitions = {c.club_id for c in competitions}
    new_clubs = [club for club in clubs_managed_by(request.user).order_by("name") if club.pk not in with_competitions]
    context = {"competitions": competitions, "new_clubs": new_clubs}
    return render(request, "staff/competitions/dashboard.html", context)


@login_required
def competition_detail(request, slug):
    competition = _competition(request, slug)
    context = {"competition": competition, "evening_form": EveningForm()}
    if competition.format == Competition.Format.INDIVIDUAL:
        context["evenings"] = selectors.evenings_of(competition)
    else:
        context["rounds"] = selectors.rounds_of(competition)
    return render(request, "staff/competitions/competition.html", context)


@login_required
@require_POST
def evening_create(request, slug):
    competition = _competition(request, slug)
    form = EveningForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Please enter a valid date."))
        return redirect("staff:competition", slug=slug)
    try:
        evening = services.create_evening(competition=competition, date=form.cleaned_data["date"])
    except DrawError as error:
        messages.error(request, str(error))
        return redirect("staff:competition", slug=slug)
    return redirect("staff:attendance", slug=slug, number=evening.number)


@login_required
def attendance(request, slug, number):
    competition = _competition(request, slug)
    evening = _evening(competition, number)
    members = selectors.attendance_list(evening)
    by_id = {m.player.pk: m.player for m in members}
    form = AttendanceForm(_posted(request), member_ids=list(by_id))
    if request.method == "POST" and form.is_valid():
        try:
            present = services.register_attendance(
                evening=evening,
                players=[by_id[pk] for pk in form.cleaned_data["present"]],
                late=[by_id[pk] for pk in form.cleaned_data["late"]],
            )
        except DrawError as error:
            form.add_error(None, str(error))
        else:
            count = len(present)
            messages.success(
                request, ngettext("%(count)s player present.", "%(count)s players present.", count) % {"count": count}
            )
            return redirect("staff:attendance", slug=slug, number=number)
    if form.is_bound:  # show what was ticked, not what is saved
        ticked, late = set(form.data.getlist("present")), set(form.data.getlist("late"))
        for member in members:
            member.present, member.late = str(member.player.pk) in ticked, str(member.player.pk) in late
    context = {
        "competition": competition,
        "evening": evening,
        "members": members,
        "form": form,
        "present": sum(m.present or m.late for m in members),
        "rounds": evening.rounds.order_by("number"),
        **_evening_forms(evening),
    }
    status = 400 if form.is_bound and form.errors and not form.non_field_errors() else 200  # an invalid choice
    return render(request, "staff/competitions/attendance.html", context, status=status)


def _evening_forms(evening: Evening) -> dict:
    from competitions.evenings.forms import EveningTablesForm, WalkInForm

    odd = {True: "three", False: "byes"}.get(evening.three_player_tables, "")
    return {"walk_in_form": WalkInForm(), "tables_form": EveningTablesForm(initial={"odd": odd})}


def _render_draw(request, round: Round, *, draw_form=None, swap_form=None, status=200, **evening_forms):
    from competitions.evenings.views_staff import evening_round_context  # undo, reseat, sit-outs

    draw = selectors.round_draw(round)
    context = {
        "competition": round.competition,
        "round": round,
        "draw": draw,
        "draw_form": draw_form or DrawForm(),
        "swap_form": swap_form or SwapForm(choices=draw.choices),
        "individual": round.competition.format == Competition.Format.INDIVIDUAL,
        **evening_round_context(round, draw, **evening_forms),
    }
    return render(request, "staff/competitions/draw.html", context, status=status)


@login_required
def round_draw(request, slug, number):
    """The draw of a round; a POST draws a round that has no tables yet."""
    competition = _competition(request, slug)
    round = _round(competition, number)
    if request.method != "POST":
        return _render_draw(request, round)
    form = DrawForm(request.POST)
    if not form.is_valid():
        return _render_draw(request, round, draw_form=form, status=400)
    try:
        services.draw_round(round=round, seed=form.cleaned_data["seed"])
    except DrawError as error:
        messages.error(request, str(error))
    return HttpResponseRedirect(_draw_url(round))


@login_required
@require_POST
def round_redraw(request, slug, number):
    competition = _competition(request, slug)
    round = _round(competition, number)
    form = DrawForm(request.POST)
    if not form.is_valid():
        return _render_draw(request, round, draw_form=form, status=400)
    try:
        services.redraw(round=round, seed=form.cleaned_data["seed"])
    except DrawError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(round)s is drawn anew.") % {"round": round.label})
    return HttpResponseRedirect(_draw_url(round))


@login_required
@require_POST
def round_swap(request, slug, number):
    competition = _competition(request, slug)
    round = _round(competition, number)
    draw = selectors.round_draw(round)
    form = SwapForm(request.POST, choices=draw.choices)
    if form.is_valid():
        players = selectors.player_map(draw)
        swap = services.swap_pairs if form.cleaned_data["what"] == SwapForm.PAIRS else services.swap_players
        try:
            swap(
                round=round,
                player_a=players[form.cleaned_data["player_a"]],
                player_b=players[form.cleaned_data["player_b"]],
            )
        except DrawError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Swapped."))
            return HttpResponseRedirect(_draw_url(round))
    return _render_draw(request, round, swap_form=form, status=400)


@login_required
@require_POST
def round_publish(request, slug, number):
    return round_action(request, slug, number, services.publish_round, _("%(round)s is published."))


def round_action(request, slug, number, service, success: str):
    """A one-click change of a round (publish, unpublish): call the service, report its refusal or
    ``success`` (a message with ``%(round)s``), and go back to the round's draw page."""
    round = _round(_competition(request, slug), number)
    try:
        service(round=round)
    except DrawError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, success % {"round": round.label})
    return HttpResponseRedirect(_draw_url(round))


@login_required
def fixtures(request, slug):
    competition = _competition(request, slug)
    form = FixturesForm(_posted(request), initial={"double": competition.double_round_robin})  # the season's plan
    if request.method == "POST" and form.is_valid():
        try:
            rounds = services.generate_fixtures(competition=competition, **form.cleaned_data)
        except DrawError as error:
            form.add_error(None, str(error))
        else:
            count = len(rounds)
            messages.success(
                request,
                ngettext("The fixture list has %(count)s round.", "The fixture list has %(count)s rounds.", count)
                % {"count": count},
            )
            return redirect("staff:competition", slug=slug)
    context = {
        "competition": competition,
        "form": form,
        "divisions": selectors.divisions_of(competition),
        "rounds": competition.rounds.count(),
    }
    return render(request, "staff/competitions/fixtures.html", context, status=400 if form.errors else 200)


@login_required
def swiss(request, slug):
    competition = _competition(request, slug)
    error = None
    if request.method == "POST":
        try:
            round = services.next_swiss_round(competition=competition)
        except DrawError as refused:
            error = str(refused)
        else:
            messages.success(request, _("%(round)s is paired.") % {"round": round.label})
            return HttpResponseRedirect(_draw_url(round))
    last = selectors.rounds_of(competition).last()
    context = {"competition": competition, "last": last, "error": error}
    return render(request, "staff/competitions/swiss.html", context, status=400 if error else 200)
