"""The organiser's API (DESIGN.md contract 3): the clubs a token's user organises, and creating and
changing a competition's settings — through ``competitions.season.services``, the same service,
rights, checks and audit as the settings page (``via="api"``).

Refusals use the one error shape (``core.api_errors``): 400 names every field at fault (``rules``,
``rule_options.pit_bonus``, ``count_best`` …) and nothing is created or changed; 401 without a
token; 403 when the user is not an organiser of the club; 404 for an unknown competition; 409 when
a change would recompute the standings of confirmed results and ``confirm`` is not true.
Importing this module adds ``POST /competitions`` to the public competitions router (same address).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Path, Router
from ninja.responses import Status

from clubs.models import Club
from clubs.permissions import clubs_managed_by, is_staff_of
from clubs.tokens import BearerToken
from competitions import api as competitions_api
from competitions.models import Competition
from competitions.season import services
from competitions.season.api_schemas import (
    ClubOut,
    CompetitionSettingsOut,
    api_name,
    settings_from_body,
)
from competitions.season.models import SettingsChange
from competitions.season.reglementen import BY_KEY
from competitions.season.validation import settings_of
from competitions.standings.plain import plain_rules
from core.api_errors import ApiErrors, Problem, problems_body, refusal

if TYPE_CHECKING:  # built by pydantic's create_model, which mypy cannot follow: to mypy a schema like any other
    from pydantic import BaseModel as CompetitionCreateIn
    from pydantic import BaseModel as CompetitionPatchIn
else:
    from competitions.season.api_schemas import CompetitionCreateIn, CompetitionPatchIn

router = Router(tags=["organiser"])
#: ``POST /competitions`` shares its address with the public list (``GET``): one address is one
#: router's, so it is added to the public router (ninja answers 405 for a method of another router).
public_router = competitions_api.router

SLUG = Path(..., min_length=1, max_length=80, pattern=r"^[-a-zA-Z0-9_]+$", description="the competition's short name")
WRITE = {400: ApiErrors, 401: ApiErrors, 403: ApiErrors, 404: ApiErrors, 409: ApiErrors, 413: ApiErrors}


#: Where a created competition's slug leads (OpenAPI links: the generated client's and schemathesis's
#: stateful phase follow them from ``POST /competitions`` to the calls on that competition).
_COMPETITION_LINKS = {
    "Settings": {"operationId": "get_competition_settings", "parameters": {"slug": "$response.body#/slug"}},
    "PatchCompetition": {"operationId": "patch_competition", "parameters": {"slug": "$response.body#/slug"}},
    "ImportEveningTotals": {"operationId": "import_evening_totals", "parameters": {"slug": "$response.body#/slug"}},
    "Standings": {"operationId": "get_standings", "parameters": {"slug": "$response.body#/slug"}},
}


def settings_out(competition: Competition) -> dict:
    values = {api_name(k): v for k, v in settings_of(competition).items()}
    return {
        "slug": competition.slug,
        "club": competition.club.slug,
        "url": competition.get_absolute_url(),
        "previous": competition.previous.slug if competition.previous else None,
        "plain_rules": plain_rules(competition),
        **values,
    }


def _refused(errors: dict[str, str]) -> Status:
    return Status(400, problems_body([Problem(0, api_name(field), message) for field, message in errors.items()]))


def _competition_for(request, slug: str) -> Competition:
    """The competition a call names, or 404 — also a private one the token's user may not see (not
    its club's staff): as for a match (issue 25), a 403 would tell that it exists. A public one the
    user may not change stays a 403."""
    competition = get_object_or_404(Competition.objects.select_related("club", "previous"), slug=slug)
    if not competition.is_public and not is_staff_of(request.auth, competition.club_id):
        raise Http404
    return competition


def _forbidden(message: str) -> Status:
    return Status(403, refusal(403, message, field="Authorization"))


@router.get(
    "/clubs",
    response={200: list[ClubOut], 401: ApiErrors},
    auth=BearerToken(),
    operation_id="list_my_clubs",
    summary="The clubs and leagues the token's user organises",
    openapi_extra={
        "responses": {
            200: {
                "links": {
                    "CreateCompetition": {
                        "operationId": "create_competition",
                        "requestBody": {"club": "$response.body#/0/slug"},
                    }
                }
            }
        }
    },
)
def list_clubs(request):
    return [
        {"slug": c.slug, "name": c.name, "is_league": c.is_league}
        for c in clubs_managed_by(request.auth).order_by("name")
    ]


@public_router.post(
    "/competitions",
    tags=["organiser"],
    response={201: CompetitionSettingsOut, **WRITE},
    auth=BearerToken(),
    operation_id="create_competition",
    summary="Create a competition (optionally from a season template)",
    openapi_extra={"responses": {201: {"links": _COMPETITION_LINKS}}},
)
def create_competition(request, payload: CompetitionCreateIn):
    body = payload.model_dump(exclude_unset=True)
    club_slug = body.pop("club")
    template = body.pop("template", None)
    club = Club.objects.filter(slug=club_slug).first()
    if club is None:
        return _refused({"club": _("There is no club with the short name %(slug)s.") % {"slug": club_slug}})
    values = (BY_KEY[template].settings() if template else {}) | settings_from_body(body)
    try:
        competition = services.create_competition(
            club=club, user=request.auth, values=values, via=SettingsChange.Via.API
        )
    except services.NotOrganiser as refused:
        return _forbidden(str(refused))
    except services.SettingsRefused as refused:
        return _refused(refused.errors)
    return Status(201, settings_out(competition))


@router.get(
    "/competitions/{slug}/settings",
    response={200: CompetitionSettingsOut, 400: ApiErrors, 401: ApiErrors, 403: ApiErrors, 404: ApiErrors},
    auth=BearerToken(),
    operation_id="get_competition_settings",
    summary="A competition's settings, as the organiser sees them",
)
def competition_settings(request, slug: str = SLUG):
    competition = _competition_for(request, slug)
    if not services.may_set_up(request.auth, competition.club):
        return _forbidden(_("Only an organiser of this club may see these settings."))
    return settings_out(competition)


@router.patch(
    "/competitions/{slug}",
    response={200: CompetitionSettingsOut, **WRITE},
    auth=BearerToken(),
    operation_id="patch_competition",
    summary="Change a competition's settings (only the fields sent)",
)
def patch_competition(request, payload: CompetitionPatchIn, slug: str = SLUG):
    competition = _competition_for(request, slug)
    body = payload.model_dump(exclude_unset=True)
    confirmed = bool(body.pop("confirm", False))
    try:
        services.update_competition(
            competition=competition,
            user=request.auth,
            changes=settings_from_body(body),
            via=SettingsChange.Via.API,
            confirmed=confirmed,
        )
    except services.NotOrganiser as refused:
        return _forbidden(str(refused))
    except services.SettingsRefused as refused:
        return _refused(refused.errors)
    except services.NeedsConfirmation as asked:
        return Status(
            409,
            problems_body(
                [Problem(0, api_name(field), str(asked)) for field in asked.fields],
                detail=str(asked) + " " + _('Send the change again with "confirm": true to recompute the standings.'),
            ),
        )
    return settings_out(competition)
