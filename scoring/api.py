"""API of matches (contract 3): read a match; replace its deals; confirm it — with a bearer token.

``GET /api/matches/<id>`` is public for public competitions (a private one needs a token of its
club's staff). ``PUT /api/matches/<id>/deals`` and ``POST /api/matches/<id>/confirm`` need
``Authorization: Bearer <token>`` (``clubs.tokens``) and the right to enter (or confirm) the match.
The body is checked by ninja against the strict schemas of ``scoring.matches.schemas`` (what a JSON
schema can say), then by the scoring services (the game's rules). Every refusal answers the one
error shape of ``core.api_errors`` and changes nothing: each service runs in one transaction.
Resending the sheet that is stored, at the current version, is a no-op (same version, same status).
"""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from ninja import Field, Path, Router, Status

from clubs import tokens
from clubs.tokens import BearerToken
from competitions import permissions
from competitions.base.rulesets import ruleset_for_match
from competitions.models import Match
from competitions.selectors import is_visible_match, play_seen
from core.api_errors import ApiErrors, Problem, problems_body, refusal
from scoring import services
from scoring.duplicate.selectors import board_numbers
from scoring.matches.schemas import (
    BIG_INT,
    MOST_DEALS,
    ConfirmIn,
    ConflictOut,
    MatchOut,
    SheetIn,
    clears_without_saying,
    deals_for_service,
)
from scoring.phones.selectors import table_url
from scoring.selectors import match_for_api, match_with_club, sheet_for_api, sides_of


class MatchStaffOut(MatchOut):
    """The staff view of a match (a token that may enter it): also its table link."""

    table_url: str = Field(description="the private link with which the table enters its own sheet on a phone")


router = Router(tags=["matches"])

#: Tie-break deals are played again while the sides stay tied: four rounds of them at most.
TIEBREAK_ROUNDS = 4

MATCH_ID = Path(..., ge=1, le=BIG_INT, description="the match's id (as in the round's matches)")
WRITE_RESPONSES = {
    200: MatchOut,
    400: ApiErrors,
    401: ApiErrors,
    403: ApiErrors,
    404: ApiErrors,
    409: ConflictOut,
    413: ApiErrors,
}


def deal_limit(rules) -> int:
    """The most deals a match under ``rules`` can have: its planned deals plus tie-break deals."""
    if rules.boom:
        return MOST_DEALS
    planned = rules.max_deals if rules.target_score is not None else rules.deals_per_match
    if planned is None:
        return MOST_DEALS
    return min(MOST_DEALS, planned + TIEBREAK_ROUNDS * rules.tiebreak_deals)


def match_out(match: Match) -> dict:
    """The API form of a match loaded by ``match_for_api``."""
    competition = match.round.competition
    sides = sides_of(match)
    boards = board_numbers(match)  # duplicate: the wallet's board numbers (issue 24 item 2); else {}
    return {
        "id": match.pk,
        "competition": competition.slug,
        "round": match.round.number,
        "table": match.table,
        "sides": [{"name": side.name, "players": side.players} for side in sides],
        "rules": competition.ruleset,
        "rule_options": competition.rule_options or {},
        "deals_per_match": competition.deals_per_match,
        "version": match.version,
        "status": match.status,
        "deals": [{**deal, "board": boards.get(deal["number"])} for deal in services.stored_deals(match)],
        "totals": [side.total for side in sides],
    }


def _token_user(request):
    header = request.headers.get("Authorization", "")
    scheme, _sep, key = header.partition(" ")
    return tokens.authenticate(key.strip()) if scheme.lower() == "bearer" else None


def _match_for(request, match_id: int) -> Match:
    """The match a write names, or 404 — also for a match the token's user may not see (a private
    competition's, a draft round's): a write answers as the read does, so a 403 never tells that a
    hidden match exists; so does a duplicate table whose play is hidden to someone who may not enter
    it. A visible match without the right to write stays a 403."""
    match = match_with_club(match_id)
    if match is None or not is_visible_match(request.auth, match):
        raise Http404
    if not permissions.can_enter(request.auth, match) and not play_seen(request.auth, match.round.competition).match(
        match.pk
    ):  # a duplicate table whose play is still hidden: not found either (issue 34 item 13)
        raise Http404
    return match


def _conflict(exc: services.StaleVersion) -> Status:
    return Status(409, refusal(409, str(exc), field="version", version=exc.current_version, deals=exc.current_deals))


def _forbidden(message: str) -> Status:
    return Status(403, refusal(403, message, field="Authorization"))


@router.get(
    "/matches/{match_id}",
    response={200: MatchStaffOut | MatchOut, 400: ApiErrors, 404: ApiErrors},
    operation_id="get_match",
    summary="A match, deal by deal",
    openapi_extra={
        "security": [{}, {"BearerToken": []}],
        "responses": {
            200: {
                "links": {
                    "PutDeals": {
                        "operationId": "put_deals",
                        "parameters": {"match_id": "$response.body#/id"},
                        "requestBody": {"version": "$response.body#/version", "deals": "$response.body#/deals"},
                    },
                    "ConfirmMatch": {
                        "operationId": "confirm_match",
                        "parameters": {"match_id": "$response.body#/id"},
                        "requestBody": {"version": "$response.body#/version"},
                    },
                }
            }
        },
    },
)
def get_match(request, match_id: int = MATCH_ID):
    """Public for public competitions. A match of a private competition needs a token of its club's
    staff (``Authorization: Bearer <token>``, optional otherwise); without one it is not found (404)."""
    match = match_for_api(match_id)
    user = _token_user(request)
    if not is_visible_match(user, match):  # private competition or draft round: staff only
        raise Http404
    if not play_seen(user, match.round.competition).match(match.pk):  # duplicate: boards still to be played
        raise Http404(_("The play of this table is shown once every table of the session has played its deals."))
    if user is not None and match.table_code and permissions.can_enter(user, match):  # staff only
        return Status(200, dict(match_out(match), table_url=table_url(request, match)))
    return Status(200, match_out(match))


@router.put(
    "/matches/{match_id}/deals",
    auth=BearerToken(),
    response=WRITE_RESPONSES,
    operation_id="put_deals",
    summary="Replace the deals of a match",
    openapi_extra={
        "responses": {
            200: {
                "links": {
                    "ConfirmMatch": {
                        "operationId": "confirm_match",
                        "parameters": {"match_id": "$response.body#/id"},
                        "requestBody": {"version": "$response.body#/version"},
                    },
                    "GetMatch": {"operationId": "get_match", "parameters": {"match_id": "$response.body#/id"}},
                }
            }
        }
    },
)
def put_deals(request, sheet: SheetIn, match_id: int = MATCH_ID):
    """Replace all deals of the match (send every deal, in order). ``version`` is the match's version
    when the sheet was loaded: if someone saved since, 409 with the current version and deals (before
    the sheet is checked: a stale sheet is looked at again before its mistakes are).
    Sending the sheet as it is stored, at the current version, changes nothing (same version and status).
    400 for a sheet the rules refuse (points not adding up to 162, impossible roem, more deals than the
    match can have...), 403 without the right to enter it (or to correct a confirmed result), 413 for a
    body over 128 KiB. Computed fields of a deal (``scores``, ``nat``, ``mark``) are ignored."""
    user = request.auth
    match = _match_for(request, match_id)
    if not permissions.can_enter(user, match):
        return _forbidden(_("You may not enter results for this match."))
    if clears_without_saying(sheet, match.status):
        message = _('An empty list would clear this sheet\'s deals: send "clear": true to clear it.')
        return Status(400, problems_body([Problem(0, "deals", message)]))
    limit = deal_limit(ruleset_for_match(match))
    if len(sheet.deals) > limit:
        message = _("This match has at most %(n)s deals (tie-break deals included), not %(given)s.") % {
            "n": limit,
            "given": len(sheet.deals),
        }
        return Status(400, problems_body([Problem(0, "deals", message)]))
    try:
        saved = services.save_deals(match=match, user=user, deals=deals_for_service(sheet), version=sheet.version)
    except services.NotAllowed as exc:
        return _forbidden(str(exc))
    except services.SheetInvalid as exc:
        return Status(400, problems_body(exc.errors))
    except services.StaleVersion as exc:
        return _conflict(exc)
    return Status(200, match_out(sheet_for_api(saved)))  # the service's fresh row: no fourth read of it


@router.post(
    "/matches/{match_id}/confirm",
    auth=BearerToken(),
    response=WRITE_RESPONSES,
    operation_id="confirm_match",
    summary="Confirm the entered result of a match (a second person)",
)
def confirm(request, body: ConfirmIn, match_id: int = MATCH_ID):
    """A second person confirms a complete, entered sheet; from then on it counts in the standings.
    The person who entered it may not confirm it (403), nor may anyone without the right to enter the
    match; a sheet that is not complete, or already confirmed, is refused (403). ``version`` is the
    version the confirmer has seen: if the sheet changed since, 409 with the current sheet."""
    user = request.auth
    match = _match_for(request, match_id)
    try:
        services.confirm_match(match=match, user=user, version=body.version)
    except services.NotAllowed as exc:
        return _forbidden(str(exc))
    except services.StaleVersion as exc:
        return _conflict(exc)
    return Status(200, match_out(match_for_api(match_id)))
