"""The organiser's page that brings a club's history along (issue 26 item 12): the template to
download, the upload of an xlsx of evening totals, the check of every row, the confirmation of the
names that are not yet members (with a checkbox for those that nearly match a member, issue 31 item
6), and the import (all rows or none). Login; organiser of the
competition's club (or site admin), else 403.

A new evening on a date the season does not expect (issue 33 item 10: not a planned date, outside the
season's dates, after today) is asked in the same confirmation step: each date named with its
question and a tick; an unticked date is asked again, and nothing is written until every one is
ticked.

Thin: ``history_xlsx`` reads the file, ``history`` checks and imports. The confirmation step carries
the checked rows in a signed form field (bound to this competition and this user, valid for an
hour), so the organiser does not upload the file twice and nothing is stored before confirming.
"""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from competitions.permissions import organised_competition
from competitions.season.history import (
    NEAR_MATCH,
    UNPLANNED,
    HistoryRefused,
    check_rows,
    import_evening_totals,
    near_names,
    unknown_names,
    unplanned_dates,
)
from competitions.season.history_xlsx import SheetRefused, header, read_rows, template_workbook
from documents.workbook import MAX_BYTES, UploadForm
from documents.xlsx import XLSX_TYPE

CONFIRM_MAX_AGE = 3600


def _salt(competition, user) -> str:
    return f"season.history:{competition.pk}:{user.pk}"


def _row_errors(errors, numbers: list[int]) -> list[str]:
    """The service's errors (rows counted from 1 in the list) named by sheet row and column header."""
    named = []
    for error in errors:
        if error.row < 1:
            named.append(error.message)
            continue
        column = header(error.column) if error.column in ("player", "date", "points") else error.column
        named.append(
            _("Row %(row)s, column %(column)s: %(why)s")
            % {"row": numbers[error.row - 1], "column": column, "why": error.message}
        )
    return named


def _confirmation(request, competition, rows, numbers, parsed, context: dict, status: int = 200):
    """The step that asks before importing: the names that are not members, the dates the season
    does not expect (each with its tick); the rows ride along signed."""
    unknown = unknown_names(competition, parsed)
    near = near_names(competition, parsed) if unknown else {}
    context["unknown"] = [(name, near.get(name, [])) for name in unknown]
    context["near"] = bool(near)
    context["dates"] = [(day.isoformat(), question) for day, question in unplanned_dates(competition, parsed).items()]
    context["row_count"] = len(rows)
    context["payload"] = signing.dumps([rows, numbers], salt=_salt(competition, request.user), compress=True)
    return render(request, "competitions/season/history.html", context, status=status)


def _dates(values: list[str]) -> list[datetime.date]:
    days = []
    for value in values:
        try:
            days.append(datetime.date.fromisoformat(value))
        except ValueError:
            continue
    return days


def _import(
    request,
    competition,
    rows,
    numbers,
    *,
    create_players: bool,
    context: dict,
    near_ok: bool = False,
    confirm_dates=(),
):
    try:
        result = import_evening_totals(
            competition=competition,
            user=request.user,
            rows=rows,
            create_players=create_players,
            create_near_matches=near_ok,
            confirm_dates=confirm_dates,
        )
    except HistoryRefused as refused:
        context["row_errors"] = _row_errors(refused.errors, numbers)
        if refused.errors and all(e.code in (UNPLANNED, NEAR_MATCH) for e in refused.errors):
            parsed, _errors = check_rows(competition, rows)  # a question left unanswered: ask again
            return _confirmation(request, competition, rows, numbers, parsed, context, status=400)
        return render(request, "competitions/season/history.html", context, status=400)
    messages.success(
        request,
        _(
            "Imported: %(ec)s new evenings, %(tc)s new totals, %(tu)s totals changed, %(same)s unchanged, "
            "%(pc)s new members."
        )
        % {
            "ec": result.evenings_created,
            "tc": result.totals_created,
            "tu": result.totals_changed,
            "same": result.totals_unchanged,
            "pc": len(result.players_created),
        },
    )
    return redirect("season:history", slug=competition.slug)


@login_required
def history_import(request, slug):
    competition = organised_competition(request, slug)
    context = {"competition": competition, "club": competition.club, "max_mb": MAX_BYTES // (1024 * 1024)}
    if request.method != "POST":
        return render(request, "competitions/season/history.html", context)
    if "payload" in request.POST:  # the confirmation of the unknown names
        try:
            rows, numbers = signing.loads(
                request.POST["payload"], salt=_salt(competition, request.user), max_age=CONFIRM_MAX_AGE
            )
        except signing.BadSignature:
            context["problems"] = [_("This confirmation has expired or was changed; upload the file again.")]
            return render(request, "competitions/season/history.html", context, status=400)
        near_ok = request.POST.get("confirm_near") == "1"
        return _import(
            request,
            competition,
            rows,
            numbers,
            create_players=True,
            context=context,
            near_ok=near_ok,
            confirm_dates=_dates(request.POST.getlist("confirm_date")),
        )
    form = UploadForm(request.POST, request.FILES)
    if form.upload is not None:
        context["filename"] = form.upload.name
    if not form.is_valid():
        context["problems"] = form.problems
        return render(request, "competitions/season/history.html", context, status=400)
    upload = form.cleaned_data["file"]
    try:
        rows, numbers = read_rows(upload.read())
    except SheetRefused as refused:
        context["problems"] = refused.messages
        return render(request, "competitions/season/history.html", context, status=400)
    parsed, errors = check_rows(competition, rows)
    if errors:
        context["row_errors"] = _row_errors(errors, numbers)
        return render(request, "competitions/season/history.html", context, status=400)
    if unknown_names(competition, parsed) or unplanned_dates(competition, parsed):
        return _confirmation(request, competition, rows, numbers, parsed, context)
    return _import(request, competition, rows, numbers, create_players=False, context=context)


@login_required
def history_template(request, slug):
    competition = organised_competition(request, slug)
    response = HttpResponse(template_workbook(), content_type=XLSX_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{competition.slug}-evening-totals.xlsx"'
    return response
