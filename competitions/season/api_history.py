"""``POST /api/competitions/<slug>/evening-totals`` (DESIGN.md contract 3, the organiser's API): a
club's evening totals from before it used this system, through ``competitions.season.history`` —
the same checks, rights and audit as the upload on the organiser's pages; unknown names are made
members, unless a name nearly matches a member ("Henk Hebers sr." next to "Henk Hebers"): then 400
naming the row and the member, unless the request sends ``"create_near_matches": true``. A new evening
on a date the season does not expect (not a planned date, outside the season's dates, after today:
``history.unplanned_dates``) is a 400 naming its row and date, unless the request lists that date in
``"confirm_dates"`` (issue 33 item 10). All rows or none: a refusal is a 400 in the one error shape, each problem naming its row
(``deal``: the row's number in ``rows``, from 1), its column (``field``) and why; nothing is written.
Sending the same rows again changes nothing (200 with every total "unchanged").

Each row's values are checked by the service rather than by the schema, so that one answer names
every bad row (a schema refusal stops at the first).
"""

from __future__ import annotations

import datetime

from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Field, Path, Router, Schema
from ninja.responses import Status

from clubs.permissions import is_staff_of
from clubs.tokens import BearerToken
from competitions.models import Competition
from competitions.season.history import NEAR_MATCH, UNPLANNED, HistoryRefused, RowError, import_evening_totals
from competitions.season.models import SettingsChange
from competitions.season.services import may_set_up
from core.api_errors import ApiErrors, Problem, problems_body, refusal

router = Router(tags=["organiser"])

SLUG = Path(..., min_length=1, max_length=80, pattern=r"^[-a-zA-Z0-9_]+$", description="the competition's short name")


class EveningTotalIn(Schema):
    player: str | None = Field(None, description="the player's full name, e.g. 'Jan van der Berg'")
    date: str | None = Field(None, description="the evening's date, YYYY-MM-DD")
    points: int | str | None = Field(None, description="the player's total of that evening")


#: At most this many rows a request: a season of 60 players over 40 evenings. Kept so low that a body
#: one row over it still fits the API's 128 KiB (``core.api_errors.MAX_BODY_BYTES``) and is refused as
#: too many rows (400), not as too large (413), which a schema cannot promise (schemathesis checks it).
MAX_ROWS = 2_400


class EveningTotalsIn(Schema):
    rows: list[EveningTotalIn] = Field(..., max_length=MAX_ROWS)
    create_near_matches: bool = Field(
        False,
        description="create a name that nearly matches a member ('Henk Hebers sr.' next to 'Henk Hebers') as a "
        "new member; without it such a row is refused (400, naming the row and the member)",
    )
    confirm_dates: list[datetime.date] = Field(
        default_factory=list,
        max_length=MAX_ROWS,
        description="dates (YYYY-MM-DD) of new evenings the season does not expect (not a planned date, outside "
        "the season's dates, after today) to add anyway; without it such a row is refused (400, naming the row "
        "and the date)",
    )


class EveningTotalsOut(Schema):
    evenings_created: int
    totals_created: int
    totals_changed: int
    totals_unchanged: int
    players_created: list[str]


def _api_message(error: RowError) -> str:
    if error.code == NEAR_MATCH:
        return error.message + " " + _('Send "create_near_matches": true to create it as a new member.')
    if error.code == UNPLANNED:
        return error.message + " " + _('Send its date in "confirm_dates" to add it anyway.')
    return error.message


@router.post(
    "/competitions/{slug}/evening-totals",
    response={200: EveningTotalsOut, 400: ApiErrors, 401: ApiErrors, 403: ApiErrors, 404: ApiErrors, 413: ApiErrors},
    auth=BearerToken(),
    operation_id="import_evening_totals",
    summary="Import evening totals played before the club used this system (all rows or none)",
)
def evening_totals(request, payload: EveningTotalsIn, slug: str = SLUG):
    competition = get_object_or_404(Competition.objects.select_related("club"), slug=slug)
    if not competition.is_public and not is_staff_of(request.auth, competition.club_id):
        raise Http404  # a private competition is not found by who may not see it (issue 34 item 13)
    if not may_set_up(request.auth, competition.club):
        return Status(
            403, refusal(403, _("Only an organiser of this club may import its history."), field="Authorization")
        )
    rows = [row.model_dump() for row in payload.rows]
    try:
        result = import_evening_totals(
            competition=competition,
            user=request.auth,
            rows=rows,
            create_players=True,
            create_near_matches=payload.create_near_matches,
            confirm_dates=payload.confirm_dates,
            via=SettingsChange.Via.API,
        )
    except HistoryRefused as refused:
        # each error names its row in "row" ("deal" is for a sheet's deals: 0 here)
        body = problems_body([Problem(0, e.column, _api_message(e), row=e.row or None) for e in refused.errors])
        return JsonResponse(body, status=400)  # as it is: "row" is not in the problems' Schema
    return result.as_dict()
