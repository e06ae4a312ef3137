"""What the organiser's writes refuse, and why: :class:`DrawError` and the checks that raise it."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Player
from competitions.models import (
    Competition,
    Match,
    Round,
)

INDIVIDUAL = Competition.Format.INDIVIDUAL
PAIRS = Competition.Format.PAIRS
TEAMS = Competition.Format.TEAMS


class DrawError(ValueError):
    """An organiser's request that cannot be done; the message says why, in their words."""


def require_format(competition: Competition, format: str, message: str) -> None:
    if competition.format != format:
        raise DrawError(message)


def require_league(competition: Competition) -> None:
    if competition.format not in (PAIRS, TEAMS):
        raise DrawError(
            _("Fixture lists are for pairs and teams competitions; club evenings are drawn round by round.")
        )


def require_individual_round(round: Round) -> None:
    require_format(round.competition, INDIVIDUAL, _("Only rounds of individual club evenings are drawn by lot."))
    if round.evening_id is None:
        raise DrawError(_("%(round)s belongs to no club evening.") % {"round": round.label})


REFUSALS = {  # action: (when the round has results, when it is published) — whole sentences for translators
    "draw": (
        gettext_lazy("%(round)s already has results; it cannot be drawn."),
        gettext_lazy("%(round)s is published; it cannot be drawn."),
    ),
    "redraw": (
        gettext_lazy("%(round)s already has results; it cannot be redrawn."),
        gettext_lazy("%(round)s is published; it cannot be redrawn."),
    ),
    "swap": (
        gettext_lazy("%(round)s already has results; its seats can no longer be swapped."),
        gettext_lazy("%(round)s is published; its seats can no longer be swapped."),
    ),
    "replace": (
        gettext_lazy("%(round)s already has results; the fixture list cannot be replaced."),
        gettext_lazy("%(round)s is published; the fixture list cannot be replaced."),
    ),
}


def require_changeable(round: Round, action: str) -> None:
    """Refuse when the round has results (any deal, or a table past "not entered yet") or is published."""
    with_results, published = REFUSALS[action]
    has_results = Match.objects.filter(round=round).filter(
        Q(deals__isnull=False) | ~Q(status=Match.Status.OPEN) | Q(deals_played__gt=0)
    )
    if has_results.exists():
        raise DrawError(str(with_results) % {"round": round.label})
    if round.status == Round.Status.PUBLISHED:
        raise DrawError(str(published) % {"round": round.label})


def require_members(competition: Competition, players: Iterable[Player]) -> None:
    clubs = {competition.club_id}
    if competition.club.is_league:
        clubs |= set(competition.club.member_clubs.values_list("pk", flat=True))
    for player in players:
        if player.club_id not in clubs:
            raise DrawError(
                _("%(name)s is not a member of %(club)s.") % {"name": player.name, "club": competition.club.name}
            )
