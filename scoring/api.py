"""API of matches (contract 3): read a match; replace its deals with a bearer token.

``GET /api/matches/<id>`` is public for public competitions. ``PUT /api/matches/<id>/deals``
needs ``Authorization: Bearer <token>`` (``clubs.tokens``) and the right to enter the match
(``clubs.permissions``). The request body is read here rather than by ninja's model validation,
so that every problem — malformed JSON, a missing version, a string where a number belongs —
answers 400 ``{"errors": [{"deal", "field", "message"}]}`` with the scoring services' own
field-level messages; the schema below still documents the body for the OpenAPI page.
Every refusal (400, 401, 403, 409) changes nothing: the service runs in one transaction.
"""

from __future__ import annotations

import json

from django.http import Http404
from django.utils.translation import gettext as _
from ninja import Field, Router, Schema, Status
from ninja.security import HttpBearer

from clubs import tokens
from competitions import permissions
from competitions.models import Match
from scoring import services
from scoring.deal_input import DealError
from scoring.selectors import match_with_sheet, sides_of

router = Router(tags=["matches"])

READ_ONLY_DEAL_KEYS = frozenset({"scores", "nat", "mark"})


# --- schemas (for the OpenAPI page and for checking our own answers) ---------------------------


class SideOut(Schema):
    name: str
    players: list[str]


class DealOut(Schema):
    number: int
    bidder: int | None = Field(description="side that chose trump: 0 = A (N+S), 1 = B (E+W), 2 = third player")
    points: list[int] = Field(description="card points per side, last trick included")
    roem: list[int] = Field(description="roem declared per side, pit bonus not included")
    pit: int | None
    verzaakt: int | None
    trump: str | None = None
    challenge: int = 0
    nil: bool = False
    scores: list[int]
    nat: bool
    mark: str = Field("", description="N (nat), P (pit), TP (tegenpit) or V (verzaakt)")


class MatchOut(Schema):
    id: int
    competition: str
    round: int
    table: int
    sides: list[SideOut]
    rules: str
    rule_options: dict
    deals_per_match: int
    version: int
    status: str = Field(description="open, draft, entered or confirmed")
    deals: list[DealOut]
    totals: list[int]


class DealIn(Schema):
    number: int | None = Field(None, description="optional; if sent, must be the deal's place in the list")
    bidder: int | None = Field(None, description="0, 1 (or 2 with three players); also \"A\"/\"B\"")
    points: list[int] = Field(description="one number per side; together 162 (146 South African)")
    roem: list[int] = Field([0, 0], description="one number per side: 0 or sums of 20, 50, 100, 200")
    pit: int | None = None
    verzaakt: int | None = None
    trump: str | None = Field(None, description="C, D, H or S; where the rules need it (Wilde Boom)")
    challenge: int = Field(0, description="Wilde Boom: 0 none, 1 kraak, 2 rekraak, 3 superkraak")
    nil: bool = False


class SheetIn(Schema):
    version: int = Field(description="the match's version when the sheet was loaded")
    deals: list[DealIn]


class ErrorOut(Schema):
    deal: int = Field(description="the deal's number (1-based); 0 for the request as a whole")
    field: str
    message: str


class ErrorsOut(Schema):
    errors: list[ErrorOut]


class DetailOut(Schema):
    detail: str


class ConflictOut(Schema):
    detail: str
    version: int = Field(description="the match's current version")
    deals: list[DealOut] = Field(description="the deals as saved now")


def sheet_request_body() -> dict:
    """The OpenAPI request body of the PUT, inlined (the body is read by hand, see the module doc)."""
    schema = SheetIn.model_json_schema()
    defs = schema.pop("$defs", {})

    def inline(node):
        if isinstance(node, dict):
            ref = node.get("$ref")
            if ref:
                return inline(defs[ref.rsplit("/", 1)[-1]])
            return {k: inline(v) for k, v in node.items()}
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node

    return {"required": True, "content": {"application/json": {"schema": inline(schema)}}}


class BearerToken(HttpBearer):
    """``Authorization: Bearer <token>``: the token's user, or None (ninja then answers 401)."""

    def authenticate(self, request, token):
        return tokens.authenticate(token)


def match_out(match: Match) -> dict:
    """The API form of a match loaded by ``match_with_sheet``."""
    competition = match.round.competition
    sides = sides_of(match)
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
        "deals": services.stored_deals(match),
        "totals": [side.total for side in sides],
    }


def _token_user(request):
    header = request.headers.get("Authorization", "")
    scheme, _sep, key = header.partition(" ")
    return tokens.authenticate(key.strip()) if scheme.lower() == "bearer" else None


@router.get("/matches/{match_id}", response={200: MatchOut, 404: DetailOut}, summary="A match, deal by deal")
def get_match(request, match_id: int):
    """Public for public competitions; a match of a private competition needs a token of its club's staff."""
    match = match_with_sheet(match_id)
    if not match.round.competition.is_public:
        user = _token_user(request)
        if user is None or not permissions.can_enter(user, match):
            raise Http404
    return Status(200, match_out(match))


def _errors(errors) -> Status:
    return Status(400, {"errors": [e.as_dict() for e in errors]})


class BadBody(Exception):
    def __init__(self, *errors: DealError):
        self.errors = list(errors)


def read_sheet(body: bytes) -> tuple[int, list]:
    """``(version, deals)`` from the request body, or ``BadBody`` naming everything wrong with it."""
    try:
        data = json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadBody(DealError(0, "body", _("The request body is not valid JSON: %(error)s") % {"error": exc})) from None
    if not isinstance(data, dict):
        raise BadBody(DealError(0, "body", _('The request body must be a JSON object with "version" and "deals".')))
    problems = []
    version = data.get("version")
    if "version" not in data or version is None:
        problems.append(DealError(0, "version", _("version is required: the version of the match your sheet was loaded at")))
    elif isinstance(version, bool) or not isinstance(version, int) or version < 0:
        problems.append(DealError(0, "version", _("version must be a whole number of 0 or more, not %(value)r") % {"value": version}))
    deals = data.get("deals")
    if not isinstance(deals, list):
        problems.append(DealError(0, "deals", _("deals is required: a list with one object per deal")))
    if problems:
        raise BadBody(*problems)
    # Output-only fields may come back when a client sends a match it read: they are ignored.
    deals = [{k: v for k, v in d.items() if k not in READ_ONLY_DEAL_KEYS} if isinstance(d, dict) else d for d in deals]
    return version, deals


@router.put(
    "/matches/{match_id}/deals",
    auth=BearerToken(),
    response={200: MatchOut, 400: ErrorsOut, 401: DetailOut, 403: DetailOut, 404: DetailOut, 409: ConflictOut},
    openapi_extra={"requestBody": sheet_request_body()},
    summary="Replace the deals of a match",
)
def put_deals(request, match_id: int):
    """Replace all deals of the match (send every deal, in order). ``version`` is the match's version
    when the sheet was loaded: if someone saved since, 409 with the current version and deals.
    Fields ``scores``, ``nat`` and ``mark`` of a deal are computed, and ignored when sent."""
    user = request.auth
    match = Match.objects.select_related("round__competition").filter(pk=match_id).first()
    if match is None:
        raise Http404
    if not permissions.can_enter(user, match):
        return Status(403, {"detail": _("You may not enter results for this match.")})
    try:
        version, deals = read_sheet(request.body)
        services.save_deals(match=match, user=user, deals=deals, version=version)
    except BadBody as exc:
        return _errors(exc.errors)
    except services.NotAllowed as exc:
        return Status(403, {"detail": str(exc)})
    except services.SheetInvalid as exc:
        return _errors(exc.errors)
    except services.StaleVersion as exc:
        return Status(409, {"detail": str(exc), "version": exc.current_version, "deals": exc.current_deals})
    return Status(200, match_out(match_with_sheet(match_id)))
