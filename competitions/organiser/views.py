"""The organiser's pages: the dashboard, evenings and attendance, draws, fixtures, Swiss rounds; and the
evening without friction: walk-ins, odd numbers, sit-outs, and undo (a draft round, unpublish, reseat
after publishing). Removing or calling off a whole evening is ``views_evening.py``; finding a round or
evening from the URL is ``lookups.py``.

Thin: each view finds the competition, checks the club boundary (``clubs.permissions``: organiser
of the competition's club or league, or site admin; anyone else gets 403), reads through
``competitions.organiser.selectors``, writes through ``services`` and turns a ``DrawError`` into a message or a
form error.

One idea past 500 lines: every page here finds the competition for its organiser, its round or evening, and
the draw page, which the evening's undo, reseat and sit-out views render again with their errors; split,
the two halves imported each other's private helpers.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs.models import Player
from clubs.names import player_sort_key
from clubs.permissions import clubs_managed_by, is_site_admin
from competitions import services
from competitions.draws.selectors import rotation_rows
from competitions.draws.tables import RotationTable
from competitions.evenings.forms import (
    EveningTablesForm,
    ReseatForm,
    SitOutForm,
    SubstituteForm,
    WalkInForm,
)
from competitions.models import Attendance, Competition, Evening, Round, SitOut
from competitions.organiser import selectors
from competitions.organiser import selectors as organiser_selectors
from competitions.organiser.forms import AttendanceForm, DrawForm, EveningForm, FixturesForm, SwapForm
from competitions.organiser.lookups import attendance_url, draw_url, evening_of, posted, round_of
from competitions.organiser.selectors import Draw
from competitions.permissions import organised_competition
from competitions.services import DrawError
from core import outbox
from core.compass import seat_label
from core.refusals import show_refusal
from core.site_address import phones_reach


@login_required
def dashboard(request):
    if not is_site_admin(request.user) and not clubs_managed_by(request.user).exists():
        raise PermissionDenied
    competitions = list(selectors.managed_competitions(request.user))
    with_competitions = {c.club_id for c in competitions}
    new_clubs = [club for club in clubs_managed_by(request.user).order_by("name") if club.pk not in with_competitions]
    context = {"competitions": competitions, "new_clubs": new_clubs}
    return render(request, "competitions/organiser/dashboard.html", context)


@login_required
@require_POST
def outbox_resend(request):
    """The dashboard's "send again": the mails of a worker that died while sending go back in the queue,
    once the organiser has ticked that a mail may arrive twice (core.outbox.resend_stale)."""
    if not is_site_admin(request.user) and not clubs_managed_by(request.user).exists():
        raise PermissionDenied
    if request.POST.get("may_arrive_twice") != "1":
        messages.error(request, _("Nothing sent again: tick that a mail may arrive twice first."))
    else:
        count = outbox.resend_stale(by=f"user {request.user.pk} ({request.user.get_username()})")
        messages.success(
            request,
            ngettext("%(count)d mail will be sent again.", "%(count)d mails will be sent again.", count)
            % {"count": count},
        )
    return redirect("staff:dashboard")


@login_required
def competition_detail(request, slug):
    competition = organised_competition(request, slug)
    context = {"competition": competition, "evening_form": EveningForm()}
    if competition.format == Competition.Format.INDIVIDUAL:
        context["evenings"] = selectors.evenings_of(competition)
    else:
        context["rounds"] = selectors.rounds_of(competition)
    return render(request, "competitions/organiser/competition.html", context)


@login_required
@require_POST
def evening_create(request, slug):
    competition = organised_competition(request, slug)
    form = EveningForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Please enter a valid date."))
        return redirect("staff:competition", slug=slug)
    try:
        evening = services.create_evening(competition=competition, date=form.cleaned_data["date"])
    except DrawError as error:
        show_refusal(request, error)
        return redirect("staff:competition", slug=slug)
    return redirect("staff:attendance", slug=slug, number=evening.number)


@login_required
def attendance(request, slug, number):
    competition = organised_competition(request, slug)
    evening = evening_of(competition, number)
    members = selectors.attendance_list(evening)
    by_id = {m.player.pk: m.player for m in members}
    form = AttendanceForm(posted(request), member_ids=list(by_id))
    if request.method == "POST" and form.is_valid():
        try:
            present = services.register_attendance(
                evening=evening,
                players=[by_id[pk] for pk in form.cleaned_data["present"]],
                late=[by_id[pk] for pk in form.cleaned_data["late"]],
                called_off=[by_id[pk] for pk in form.cleaned_data["called_off"]],
            )
        except DrawError as error:
            show_refusal(request, error, form)
        else:
            count = len(present)
            messages.success(
                request, ngettext("%(count)s player present.", "%(count)s players present.", count) % {"count": count}
            )
            return redirect("staff:attendance", slug=slug, number=number)
    if form.is_bound:  # show what was ticked, not what is saved
        ticked, late = set(form.data.getlist("present")), set(form.data.getlist("late"))
        called_off = set(form.data.getlist("called_off"))
        for member in members:
            member.present, member.late = str(member.player.pk) in ticked, str(member.player.pk) in late
            member.called_off = str(member.player.pk) in called_off
    context = {
        "competition": competition,
        "evening": evening,
        "members": members,
        "form": form,
        "present": sum(m.present or m.late for m in members),
        "rounds": evening.rounds.order_by("number"),
        "substitutions": evening.substitutions.select_related("member", "substitute").order_by("from_round"),
        **_evening_forms(evening),
    }
    status = 400 if form.is_bound and form.errors and not form.non_field_errors() else 200  # an invalid choice
    return render(request, "competitions/organiser/attendance.html", context, status=status)


def _evening_forms(evening: Evening) -> dict:
    odd = {True: "three", False: "byes", None: ""}[evening.three_player_tables]
    return {"walk_in_form": WalkInForm(), "tables_form": EveningTablesForm(initial={"odd": odd})}


def _render_draw(request, round: Round, *, draw_form=None, swap_form=None, status=200, **evening_forms):
    draw = selectors.round_draw(round)
    context = {
        "competition": round.competition,
        "round": round,
        "draw": draw,
        "draw_form": draw_form or DrawForm(),
        "swap_form": swap_form or SwapForm(choices=draw.choices),
        "individual": round.competition.format == Competition.Format.INDIVIDUAL,
        "phones_reach": phones_reach(request),
        **evening_round_context(round, draw, **evening_forms),
    }
    return render(request, "competitions/organiser/draw.html", context, status=status)


@login_required
def round_draw(request, slug, number):
    """The draw of a round; a POST draws a round that has no tables yet."""
    competition = organised_competition(request, slug)
    round = round_of(competition, number)
    if request.method != "POST":
        return _render_draw(request, round)
    form = DrawForm(request.POST)
    if not form.is_valid():
        return _render_draw(request, round, draw_form=form, status=400)
    try:
        services.draw_round(round=round, seed=form.cleaned_data["seed"])
    except DrawError as error:
        show_refusal(request, error)
    return HttpResponseRedirect(draw_url(round))


@login_required
@require_POST
def round_redraw(request, slug, number):
    competition = organised_competition(request, slug)
    round = round_of(competition, number)
    form = DrawForm(request.POST)
    if not form.is_valid():
        return _render_draw(request, round, draw_form=form, status=400)
    try:
        services.redraw(round=round, seed=form.cleaned_data["seed"])
    except DrawError as error:
        show_refusal(request, error)
    else:
        messages.success(request, _("%(round)s is drawn anew.") % {"round": round.label})
    return HttpResponseRedirect(draw_url(round))


@login_required
@require_POST
def round_swap(request, slug, number):
    competition = organised_competition(request, slug)
    round = round_of(competition, number)
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
            show_refusal(request, error, form)
        else:
            messages.success(request, _("Swapped."))
            return HttpResponseRedirect(draw_url(round))
    return _render_draw(request, round, swap_form=form, status=400)


@login_required
@require_POST
def round_publish(request, slug, number):
    return round_action(request, slug, number, services.publish_round, _("%(round)s is published."))


def round_action(request, slug, number, service, success: str):
    """A one-click change of a round (publish, unpublish): call the service, report its refusal or
    ``success`` (a message with ``%(round)s``), and go back to the round's draw page."""
    round = round_of(organised_competition(request, slug), number)
    try:
        service(round=round)
    except DrawError as error:
        show_refusal(request, error)
    else:
        messages.success(request, success % {"round": round.label})
    return HttpResponseRedirect(draw_url(round))


@login_required
def fixtures(request, slug):
    competition = organised_competition(request, slug)
    form = FixturesForm(posted(request), initial={"double": competition.double_round_robin})  # the season's plan
    if request.method == "POST" and form.is_valid():
        try:
            rounds = services.generate_fixtures(competition=competition, **form.cleaned_data)
        except DrawError as error:
            show_refusal(request, error, form)
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
    return render(request, "competitions/organiser/fixtures.html", context, status=400 if form.errors else 200)


@login_required
def swiss(request, slug):
    competition = organised_competition(request, slug)
    error = None
    if request.method == "POST":
        try:
            round = services.next_swiss_round(competition=competition)
        except DrawError as refused:
            error = str(refused)
        else:
            messages.success(request, _("%(round)s is paired.") % {"round": round.label})
            return HttpResponseRedirect(draw_url(round))
    last = selectors.rounds_of(competition).last()
    context = {"competition": competition, "last": last, "error": error}
    return render(request, "competitions/organiser/swiss.html", context, status=400 if error else 200)


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
            called_off=[members[pk] for pk in form.cleaned_data["called_off"]],
        )
    except DrawError as error:
        show_refusal(request, error)
        return False
    return True


@login_required
@require_POST
def walk_in(request, slug, number):
    """Add a guest or a new member; the attendance page posts its unsaved ticks along, saved first."""
    competition = organised_competition(request, slug)
    evening = evening_of(competition, number)
    if request.POST.get("ticks") == "1" and not _save_ticks(request, evening):
        return redirect(attendance_url(slug, number))
    form = WalkInForm(request.POST)
    if not form.is_valid():
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            messages.error(request, f"{label}: {' '.join(errors)}" if label else " ".join(errors))
        return redirect(attendance_url(slug, number))
    try:
        player = services.add_walk_in(evening=evening, **form.cleaned_data)
    except services.NearMatches as near:
        context = {"competition": competition, "evening": evening, "near": near, "data": form.cleaned_data}
        return render(request, "competitions/organiser/walk_in_confirm.html", context)
    except DrawError as error:
        show_refusal(request, error)
    else:
        text = (
            _("%(name)s is added as a guest and present.")
            if player.guest
            else _("%(name)s is a new member and present.")
        )
        messages.success(request, text % {"name": player.name})
    return redirect(attendance_url(slug, number))


@login_required
@require_POST
def substitute(request, slug, number):
    """A substitute (invaller) takes over a member's seat for the rest of the evening."""
    competition = organised_competition(request, slug)
    evening = evening_of(competition, number)
    listed = organiser_selectors.attendance_list(evening)
    members = {m.player.pk: m.player for m in listed}
    present = [(m.player.pk, m.player.name) for m in listed if m.present]
    form = SubstituteForm(request.POST, present=present, players=[(pk, p.name) for pk, p in members.items()])
    if not form.is_valid():
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            messages.error(request, f"{label}: {' '.join(errors)}" if label else " ".join(errors))
        return redirect(attendance_url(slug, number))
    data = form.cleaned_data
    try:
        record = services.substitute(
            evening=evening,
            member=members[data["member"]],
            substitute=members[data["substitute"]],
            from_round=data["from_round"],
        )
    except DrawError as error:
        show_refusal(request, error)
    else:
        messages.success(
            request,
            _("%(substitute)s plays for %(member)s from round %(round)s.")
            % {"substitute": record.substitute.name, "member": record.member.name, "round": record.from_round},
        )
    return redirect(attendance_url(slug, number))


@login_required
@require_POST
def evening_tables(request, slug, number):
    competition = organised_competition(request, slug)
    evening = evening_of(competition, number)
    form = EveningTablesForm(request.POST)
    if form.is_valid():
        services.set_evening_tables(evening=evening, three_player_tables=form.choice())
        messages.success(
            request,
            _("Saved: odd numbers tonight get %(choice)s.")
            % {"choice": dict(form.fields["odd"].choices)[form.cleaned_data["odd"]]},
        )
    else:
        messages.error(request, _("Choose tables of three or byes."))
    return redirect(attendance_url(slug, number))


@login_required
@require_POST
def round_next(request, slug, number):
    """Draw the evening's next round; past the competition's rounds per evening only when confirmed."""
    competition = organised_competition(request, slug)
    evening = evening_of(competition, number)
    drawn = evening.rounds.count()
    if drawn >= competition.rounds_per_evening and request.POST.get("confirm") != "1":
        context = {"competition": competition, "evening": evening, "drawn": drawn}
        return render(request, "competitions/organiser/round_next_confirm.html", context)
    try:
        round = services.draw_next_round(evening=evening)
    except DrawError as error:
        show_refusal(request, error)
        return redirect(attendance_url(slug, number))
    return HttpResponseRedirect(draw_url(round))


@login_required
@require_POST
def round_delete(request, slug, number):
    competition = organised_competition(request, slug)
    round = round_of(competition, number)
    label = round.label
    if request.POST.get("confirm") != "1":  # asks first (issue 33 item 6): nothing deleted without the tick
        messages.error(request, _("Tick “Yes: delete this round with its tables” first; nothing was deleted."))
        return HttpResponseRedirect(draw_url(round))
    try:
        services.delete_round(round=round)
    except DrawError as error:
        show_refusal(request, error)
        return HttpResponseRedirect(draw_url(round))
    messages.success(request, _("%(round)s is deleted.") % {"round": label})
    if round.evening_id:
        return redirect(attendance_url(slug, round.evening.number))
    return redirect("staff:competition", slug=slug)


@login_required
@require_POST
def round_unpublish(request, slug, number):
    return round_action(
        request,
        slug,
        number,
        services.unpublish_round,
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
    competition = organised_competition(request, slug)
    round = round_of(competition, number)
    seated, others = evening_round_context(round, _draw_for(round), with_rotation=False)["reseat_choices"]
    form = ReseatForm(request.POST, seated=seated, others=others)
    if form.is_valid():
        players = Player.objects.in_bulk([form.cleaned_data["player_a"], form.cleaned_data["player_b"]])
        try:
            tables = services.reseat(
                round=round,
                player_a=players[form.cleaned_data["player_a"]],
                player_b=players[form.cleaned_data["player_b"]],
            )
        except DrawError as error:
            show_refusal(request, error, form)
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
            return HttpResponseRedirect(draw_url(round))
    return _render_draw(request, round, reseat_form=form, status=400)


@login_required
@require_POST
def round_sit_out(request, slug, number):
    """Mark who sits this round out, then draw the round anew without them (draft rounds only)."""
    competition = organised_competition(request, slug)
    round = round_of(competition, number)
    present = list(Player.objects.filter(attendances__evening_id=round.evening_id).values_list("pk", "last_name"))
    form = SitOutForm(request.POST, present=present)
    if not form.is_valid():
        messages.error(request, _("Choose players present at the evening."))
        return HttpResponseRedirect(draw_url(round))
    try:
        services.set_sit_outs(round=round, player_ids=form.cleaned_data["sit_out"])
        if round.matches.exists() or round.byes.exists():
            services.redraw(round=round)
        else:
            services.draw_round(round=round)
    except DrawError as error:
        show_refusal(request, error)
    else:
        messages.success(request, _("%(round)s is drawn anew.") % {"round": round.label})
    return HttpResponseRedirect(draw_url(round))


def _draw_for(round: Round) -> Draw:
    return selectors.round_draw(round)
