"""The organiser's evening without friction: walk-ins, odd numbers, sit-outs, and undo (delete an
evening or a draft round, unpublish, reseat after publishing). Thin, as ``views_staff``: find,
check the club boundary, call a service, turn a ``DrawError`` into a message."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Exists, OuterRef
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.members.names import player_sort_key
from clubs.models import Player
from competitions import services
from competitions.draws.selectors import rotation_rows
from competitions.draws.tables import RotationTable
from competitions.evenings import guests, odd_numbers, undo
from competitions.evenings.forms import EveningTablesForm, ReseatForm, SitOutForm, WalkInForm
from competitions.models import Attendance, Round, SitOut
from competitions.organiser import selectors as organiser_selectors
from competitions.organiser.forms import AttendanceForm
from competitions.organiser.selectors import Draw
from competitions.organiser.views import _competition, _draw_url, _evening, _round, round_action
from competitions.services import DrawError
from core.compass import seat_label


def _attendance_url(slug: str, number: int) -> str:
    return reverse("staff:attendance", kwargs={"slug": slug, "number": number})


def _save_ticks(request, evening) -> bool:
    """The attendance page's ticks posted along with a walk-in (``ticks=1``), saved first so none is
    lost; False (with the reason as a message) when they could not be saved."""
    members = {m.player.pk: m.player for m in organiser_selectors.attendance_list(evening)}
    form = AttendanceForm(request.POST, member_ids=list(members))
    if not form.is_valid():
        messages.error(request, _("The ticks could not be saved: the list changed meanwhile. Tick again."))
        return False
    try:
        services.register_attendance(
            evening=evening,
            players=[members[pk] for pk in form.cleaned_data["present"]],
            late=[members[pk] for pk in form.cleaned_data["late"]],
        )
    except DrawError as error:
        messages.error(request, str(error))
        return False
    return True


@login_required
@require_POST
def walk_in(request, slug, number):
    """Add a guest or a new member; the attendance page posts its unsaved ticks along, saved first."""
    competition = _competition(request, slug)
    evening = _evening(competition, number)
    if request.POST.get("ticks") == "1" and not _save_ticks(request, evening):
        return redirect(_attendance_url(slug, number))
    form = WalkInForm(request.POST)
    if not form.is_valid():
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            messages.error(request, f"{label}: {' '.join(errors)}" if label else " ".join(errors))
        return redirect(_attendance_url(slug, number))
    try:
        player = guests.add_walk_in(evening=evening, **form.cleaned_data)
    except DrawError as error:
        messages.error(request, str(error))
    else:
        text = (
            _("%(name)s is added as a guest and present.")
            if player.guest
            else _("%(name)s is a new member and present.")
        )
        messages.success(request, text % {"name": player.name})
    return redirect(_attendance_url(slug, number))


@login_required
@require_POST
def evening_delete(request, slug, number):
    competition = _competition(request, slug)
    evening = _evening(competition, number)
    try:
        undo.delete_evening(evening=evening)
    except DrawError as error:
        messages.error(request, str(error))
        return redirect(_attendance_url(slug, number))
    messages.success(request, _("Evening %(number)s is deleted.") % {"number": number})
    return redirect("staff:competition", slug=slug)


@login_required
@require_POST
def evening_tables(request, slug, number):
    competition = _competition(request, slug)
    evening = _evening(competition, number)
    form = EveningTablesForm(request.POST)
    if form.is_valid():
        odd_numbers.set_evening_tables(evening=evening, three_player_tables=form.choice())
        messages.success(
            request,
            _("Saved: odd numbers tonight get %(choice)s.")
            % {"choice": dict(form.fields["odd"].choices)[form.cleaned_data["odd"]]},
        )
    else:
        messages.error(request, _("Choose tables of three or byes."))
    return redirect(_attendance_url(slug, number))


@login_required
@require_POST
def round_next(request, slug, number):
    """Draw the evening's next round; past the competition's rounds per evening only when confirmed."""
    competition = _competition(request, slug)
    evening = _evening(competition, number)
    drawn = evening.rounds.count()
    if drawn >= competition.rounds_per_evening and request.POST.get("confirm") != "1":
        context = {"competition": competition, "evening": evening, "drawn": drawn}
        return render(request, "staff/competitions/round_next_confirm.html", context)
    try:
        round = services.draw_next_round(evening=evening)
    except DrawError as error:
        messages.error(request, str(error))
        return redirect(_attendance_url(slug, number))
    return HttpResponseRedirect(_draw_url(round))


@login_required
@require_POST
def round_delete(request, slug, number):
    competition = _competition(request, slug)
    round = _round(competition, number)
    label = round.label
    try:
        undo.delete_round(round=round)
    except DrawError as error:
        messages.error(request, str(error))
        return HttpResponseRedirect(_draw_url(round))
    messages.success(request, _("%(round)s is deleted.") % {"round": label})
    if round.evening_id:
        return redirect(_attendance_url(slug, round.evening.number))
    return redirect("staff:competition", slug=slug)


@login_required
@require_POST
def round_unpublish(request, slug, number):
    return round_action(
        request,
        slug,
        number,
        undo.unpublish_round,
        _("%(round)s is a draft again; its table links pause until it is published again (the same links)."),
    )


def evening_round_context(
    round: Round, draw: Draw, *, reseat_form=None, sit_out_form=None, with_rotation: bool = True
) -> dict:
    """The draw page's extra forms for a round of a club evening (one query: who is present), and
    with ``with_rotation`` the present players' tables of three and rounds out (one more query)."""
    if round.evening_id is None:
        return {}
    seated = {p.pk: p for t in draw.tables for p in t.seats.values()}
    out = SitOut.objects.filter(round=round, player_id=OuterRef("pk"))
    late = Attendance.objects.filter(evening_id=round.evening_id, player_id=OuterRef("pk"), arrived_late=True)
    present = sorted(
        Player.objects.filter(attendances__evening_id=round.evening_id).annotate(
            sits_out=Exists(out), late=Exists(late)
        ),
        key=player_sort_key,
    )
    labels = {p.pk: _("%(name)s (late)") % {"name": p.name} if p.late else p.name for p in present}
    seated_choices = [
        (p.pk, f"{table.match.table} {seat_label(seat)} — {p.name}")
        for table in draw.tables
        for seat, p in table.seats.items()
    ]
    others = [(p.pk, f"— {p.name}") for p in present if p.pk not in seated]
    sitting_out = {p.pk for p in present if p.sits_out}
    return {
        "reseat_choices": (seated_choices, others),
        "reseat_form": reseat_form or ReseatForm(seated=seated_choices, others=others),
        "sit_out_form": sit_out_form
        or SitOutForm(present=list(labels.items()), initial={"sit_out": sorted(sitting_out)}),
        "sitting_out": [labels.get(pk, "?") for pk in sitting_out],
        "can_reseat": round.status == Round.Status.PUBLISHED and draw.tables,
        "can_delete": round.status == Round.Status.DRAFT and not draw.has_results,
        "can_unpublish": round.status == Round.Status.PUBLISHED and not draw.has_results,
        "rotation_table": RotationTable(rotation_rows(round=round, players=present)) if with_rotation else None,
    }


@login_required
@require_POST
def round_reseat(request, slug, number):
    """After publishing: a late arrival or a leaver; reprint the sheets of the tables involved."""
    from competitions.organiser.views import _render_draw

    competition = _competition(request, slug)
    round = _round(competition, number)
    seated, others = evening_round_context(round, _draw_for(round), with_rotation=False)["reseat_choices"]
    form = ReseatForm(request.POST, seated=seated, others=others)
    if form.is_valid():
        players = Player.objects.in_bulk([form.cleaned_data["player_a"], form.cleaned_data["player_b"]])
        try:
            tables = undo.reseat(
                round=round,
                player_a=players[form.cleaned_data["player_a"]],
                player_b=players[form.cleaned_data["player_b"]],
            )
        except DrawError as error:
            form.add_error(None, str(error))
        else:
            links = format_html_join(
                ", ",
                '<a href="{}">{}</a>',
                (
                    (
                        reverse("scoring_exports:match_sheet", kwargs={"pk": m.pk}),
                        _("table %(table)s") % {"table": m.table},
                    )
                    for m in tables
                ),
            )
            messages.success(
                request,
                format_html(
                    "{} {}", _("Reseated; the table links stay the same. Print the new sheets (new names):"), links
                ),
            )
            return HttpResponseRedirect(_draw_url(round))
    return _render_draw(request, round, reseat_form=form, status=400)


@login_required
@require_POST
def round_sit_out(request, slug, number):
    """Mark who sits this round out, then draw the round anew without them (draft rounds only)."""
    competition = _competition(request, slug)
    round = _round(competition, number)
    present = list(Player.objects.filter(attendances__evening_id=round.evening_id).values_list("pk", "last_name"))
    form = SitOutForm(request.POST, present=present)
    if not form.is_valid():
        messages.error(request, _("Choose players present at the evening."))
        return HttpResponseRedirect(_draw_url(round))
    try:
        odd_numbers.set_sit_outs(round=round, player_ids=form.cleaned_data["sit_out"])
        if round.matches.exists() or round.byes.exists():
            services.redraw(round=round)
        else:
            services.draw_round(round=round)
    except DrawError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(round)s is drawn anew.") % {"round": round.label})
    return HttpResponseRedirect(_draw_url(round))


def _draw_for(round: Round) -> Draw:
    from competitions.organiser import selectors as selectors_staff

    return selectors_staff.round_draw(round)
