"""Match pages and score entry. Thin: services write, selectors read, the form reads what was typed;
a domain error of a service becomes an error at the deal and field, a conflict, or a message."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import Http404, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from competitions import permissions
from competitions.base.rulesets import first_dealer_of, ruleset_for_match
from competitions.models import Match, MatchSeat, MatchSide
from competitions.selectors import is_visible_match, play_seen
from scoring import selectors, services
from scoring.duplicate.selectors import board_numbers
from scoring.matches.tables import AuditTable, DifferenceTable, StatsTable, deal_rows, deal_table, stat_rows
from scoring.sheet.deal_input import sheet_words
from scoring.sheet.forms import SheetForm
from scoring.sheet.layout import initial_from_deals, layout_for, side_labels, whole_number
from scoring.sheet.offenders import offender_label
from scoring.sheet.preview import sheet_preview
from scoring.totals import views as views_totals


def _staff_match(request, pk: int) -> Match:
    """The match, if this user may enter its results (the club boundary); else 403."""
    queryset = Match.objects.select_related(
        "round__competition__club", "round__evening", "entered_by", "confirmed_by"
    ).prefetch_related(
        Prefetch("seats", queryset=MatchSeat.objects.select_related("player")),
        Prefetch("match_sides", queryset=MatchSide.objects.select_related("entrant")),
    )
    match = get_object_or_404(queryset, pk=pk)
    if not permissions.can_enter(request.user, match):
        raise PermissionDenied(_("You may not enter results for this match."))
    return match


def _layout(request, match: Match, stored: list[dict] | None = None):
    """The sheet's rows and columns; a trump column also where trumps are stored or posted."""
    competition = match.round.competition
    if request.method == "POST":
        show_trump = any(key.endswith("-trump") for key in request.POST)
    else:
        stored = services.stored_deals(match) if stored is None else stored
        show_trump = any(d.get("trump") for d in stored)
    layout = layout_for(
        ruleset_for_match(match),
        first_dealer=first_dealer_of(competition),
        stored=match.deals_played,
        show_trump=show_trump,
    )
    layout.boards = board_numbers(match)  # duplicate: the wallet's board numbers
    return layout


def _bound_initial(initial: dict):
    """Initial values as form data, so the engine's preview can be shown before anyone types."""
    data = QueryDict(mutable=True)
    for key, value in initial.items():
        if value is True:
            data[key] = "on"
        elif value is not None and value is not False:
            data[key] = str(value)
    return data


def _sheet_context(request, match: Match, form: SheetForm, *, mode: str, **extra) -> dict:
    layout = form.layout
    with sheet_words(side_labels(layout.sides)):
        preview = sheet_preview(form)
    rows = form.rows(preview)
    sides = selectors.sides_of(match)
    context = {
        "match": match,
        "competition": match.round.competition,
        "form": form,
        "layout": layout,
        "rows": rows,
        "preview": preview,
        "labels": side_labels(layout.sides),
        "sides": sides,
        "mode": mode,
        "totals_url": reverse("scoring:totals", kwargs={"pk": match.pk}),
        "can_correct": permissions.can_correct_confirmed(request.user, match),
        "is_confirmed": match.status == Match.Status.CONFIRMED,
    }
    context.update(extra)
    return context


@login_required
def enter(request, pk: int):
    """The whole score sheet on one page; saves through ``services.save_deals``."""
    match = _staff_match(request, pk)
    if match.round.competition.entry_mode == "totals":  # totals-only clubs: one row per side, no sheet
        return views_totals.enter_totals(request, match)
    stored = services.stored_deals(match) if request.method == "GET" else None
    layout = _layout(request, match, stored)
    status = 200
    conflict = None
    if request.method == "POST":
        form = SheetForm(request.POST, layout=layout, seats=selectors.offender_seats(match))
        if form.is_valid():
            version = form.cleaned_data["version"]
            overwrite = whole_number(request.POST.get("overwrite", ""))
            if overwrite is not None:
                version = overwrite  # the user saw the conflict and chose to save over it
            deals = form.cleaned_data["deals"]
            if not deals and request.POST.get("clear") != "1":
                # An empty post (a lost form, a script) never wipes a sheet: clearing is its own button.
                form.add_error(
                    None,
                    _("Nothing was typed in the sheet, so nothing was saved. To empty the sheet, use 'Clear sheet'."),
                )
                context = _sheet_context(request, match, form, mode="enter")
                return render(request, "scoring/entry/enter.html", context, status=400)
            try:
                with sheet_words(side_labels(match.sides)):
                    saved = services.save_deals(match=match, user=request.user, deals=deals, version=version)
            except services.SheetInvalid as refused:
                form.add_deal_errors(refused.errors)
                status = 400
            except services.StaleVersion as stale:
                services.record_conflict(match=match, user=request.user, stale=stale, mine=deals)
                conflict = _conflict(match, stale, deals, form.layout.sides)
                status = 409
            except services.NotAllowed as refused:
                messages.error(request, str(refused))
                status = 403
            else:
                return _after_save(request, saved)
        else:
            status = 400
    else:
        assert stored is not None  # read above for a GET
        initial = initial_from_deals(layout, stored, match.version)
        form = SheetForm(_bound_initial(initial), layout=layout, seats=selectors.offender_seats(match))
    context = _sheet_context(request, match, form, mode="enter", conflict=conflict)
    return render(request, "scoring/entry/enter.html", context, status=status)


def _after_save(request, match: Match):
    if match.status == Match.Status.DRAFT:
        saved = ngettext(
            "Saved %(n)s deal. You can continue the sheet later.",
            "Saved %(n)s deals. You can continue the sheet later.",
            match.deals_played,
        )
        messages.success(request, saved % {"n": match.deals_played})
        return redirect("scoring:enter", pk=match.pk)
    if match.status == Match.Status.CONFIRMED:
        messages.success(request, _("Saved; the result counts at once (the organiser's entry)."))
    elif match.status == Match.Status.ENTERED:
        messages.success(request, _("Saved. A second person must confirm the result before it counts."))
    else:
        messages.success(request, _("Saved; the sheet is empty."))
    return redirect("scoring:match", pk=match.pk)


def _conflict(match: Match, stale: services.StaleVersion, mine: list[dict], sides: int) -> dict:
    current = Match.objects.select_related("entered_by").get(pk=match.pk)
    differences = services.compare_sheets(stale.current_deals, mine, rules=ruleset_for_match(match))
    labels = side_labels(sides)
    return {
        "version": stale.current_version,
        "by": current.entered_by,
        "at": current.entered_at,
        "their_count": len(stale.current_deals),
        "differences": differences,
        "table": DifferenceTable(differences, labels=labels, first=_("saved by them"), second=_("yours")),
    }


@login_required
@require_POST
def live_totals(request, pk: int):
    """The engine's answer for the sheet as typed so far (JSON for static/js/entry.js).

    Takes the entry form's fields; answers ``{"deals": [{"number", "state", "scores", "marks",
    "mark", "nat", "running", "errors": [{"field", "input", "message"}]}], "totals", "valid",
    "finished", "errors"}``. Saves nothing.
    """
    match = _staff_match(request, pk)
    form = SheetForm(request.POST, layout=_layout(request, match), seats=selectors.offender_seats(match))
    with sheet_words(side_labels(match.sides)):
        return JsonResponse(sheet_preview(form))


@login_required
@require_POST
def confirm(request, pk: int):
    """A second person confirms the entered result (``services.confirm_match`` decides who may)."""
    match = _staff_match(request, pk)
    version = whole_number(request.POST.get("version", ""))
    try:
        services.confirm_match(match=match, user=request.user, version=version)
    except services.StaleVersion:
        messages.error(request, _("The sheet changed since you opened this page; check it and confirm again."))
    except services.NotAllowed as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, _("The result is confirmed."))
    return redirect("scoring:match", pk=match.pk)


@login_required
def blind_entry(request, pk: int):
    """A second person types the sheet without seeing the first entry, then sees the differences."""
    match = _staff_match(request, pk)
    layout = _layout(request, match)
    status = 200
    if request.method == "POST":
        form = SheetForm(request.POST, layout=layout, seats=selectors.offender_seats(match))
        if form.is_valid():
            deals = form.cleaned_data["deals"]
            try:
                with sheet_words(side_labels(match.sides)):
                    differences = services.submit_blind_entry(match=match, user=request.user, deals=deals)
            except services.SheetInvalid as refused:
                form.add_deal_errors(refused.errors)
                status = 400
            except services.NotAllowed as refused:
                messages.error(request, str(refused))
                status = 403
            else:
                sides = selectors.sides_of(match)
                match.refresh_from_db()
                labels = side_labels(layout.sides)
                table = DifferenceTable(differences, labels=labels, first=_("first entry"), second=_("your entry"))
                return render(
                    request,
                    "scoring/entry/blind_result.html",
                    {
                        "match": match,
                        "competition": match.round.competition,
                        "differences": differences,
                        "sides": sides,
                        "table": table,
                        "count": len(deals),
                    },
                )
        else:
            status = 400
    else:
        form = SheetForm(
            _bound_initial(initial_from_deals(layout, [], match.version)),
            layout=layout,
            seats=selectors.offender_seats(match),
        )
    context = _sheet_context(request, match, form, mode="blind")
    return render(request, "scoring/entry/enter.html", context, status=status)


def match_detail(request, pk: int):
    """The public match page: deal by deal, totals, statistics, players; the audit trail for staff."""
    match = selectors.match_with_sheet(pk)
    competition = match.round.competition
    user = request.user
    staff = bool(user.is_authenticated and permissions.can_enter(user, match))
    if not is_visible_match(user, match):  # a private competition or a draft round: its staff only
        raise Http404
    if not play_seen(user, competition).match(match.pk):  # duplicate: boards other tables still play
        raise Http404(_("The play of this table is shown once every table of the session has played its deals."))
    rules = ruleset_for_match(match)
    sides = selectors.sides_of(match)
    labels = tuple(s.label for s in sides)
    seat_names = {seat.seat: seat.player.name for seat in match.seats.all()}
    as_tally = request.GET.get("tally") == "1"
    rows = deal_rows(match, rules, first_dealer_of(competition), seat_names)
    boards = board_numbers(match)
    for row in rows:
        row["board"] = boards.get(row["number"], row["number"])
    totals = [s.total for s in sides]
    table = deal_table(rows, sides=match.sides, labels=labels, totals=totals, rules=rules, as_tally=as_tally)
    context = {
        "match": match,
        "competition": competition,
        "sides": sides,
        "rows": rows,
        "table": table,
        "stats": StatsTable(stat_rows(match, sides)),
        "totals": totals,
        "as_tally": as_tally,
        "staff": staff,
        "can_correct": staff and permissions.can_correct_confirmed(user, match),
        "may_confirm": staff and match.status == Match.Status.ENTERED and match.entered_by_id != user.pk,
        "audit": AuditTable(list(selectors.audit_trail(match)), labels=labels) if staff else None,
        # a totals-only sheet's "verzaakt by" (issue 33 item 11): a typed sheet names them at its deals
        "offenders": []
        if rows
        else [(offender_label(s.seat, seat_names), s.verzaakt) for s in selectors.seats_in_order(match) if s.verzaakt],
    }
    return render(request, "scoring/entry/match.html", context)
