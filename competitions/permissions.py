"""Rights on a match: who may enter, correct and confirm its result.

They build on the club roles of ``clubs.permissions``: the organising club's staff, plus in a league
the staff of the clubs whose teams play the match. Club-level checks are imported from there.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from clubs.permissions import is_organiser_of, is_site_admin, roles_by_club
from competitions.models import Competition, Entrant


def match_club_ids(match) -> set[int]:
    """The clubs that may enter this match: the organising club, plus in a league the clubs of its teams."""
    competition = match.round.competition
    ids = {competition.club_id}
    if competition.club.is_league:
        ids |= set(
            Entrant.objects.filter(match_sides__match=match, team__isnull=False).values_list("team__club_id", flat=True)
        )
    return ids


def can_enter(user, match) -> bool:
    """May enter (or correct, while not confirmed) the deals of this match."""
    if is_site_admin(user):
        return True
    roles = roles_by_club(user)
    if not roles:
        return False
    competition = match.round.competition
    if roles.get(competition.club_id):  # the organising club's staff: no need to ask for the teams' clubs
        return True
    return competition.club.is_league and any(roles.get(club_id) for club_id in match_club_ids(match))


def can_correct_confirmed(user, match) -> bool:
    """Changing a confirmed result: the organiser of the organising club only."""
    return is_organiser_of(user, match.round.competition.club_id)


def can_confirm(user, match) -> bool:
    """Confirm a result: the organiser, or a scorer of a club in this match (the other side's scorer).
    That the confirmer is not the person who entered it is checked by the service and the database."""
    return can_enter(user, match)


def organised_competition(request, slug: str) -> Competition:
    """The competition of ``slug`` for its club's organiser (or a site admin); anyone else gets 403, an
    unknown slug 404. The one gate of the organiser's pages about a competition."""
    competition = get_object_or_404(Competition.objects.select_related("club"), slug=slug)
    if not is_organiser_of(request.user, competition.club_id):
        raise PermissionDenied
    return competition
