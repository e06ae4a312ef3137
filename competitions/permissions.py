"""Rights on a match: who may enter, correct and confirm its result.

They build on the club roles of ``clubs.permissions``: the organising club's staff, plus in a league
the staff of the clubs whose teams play the match. Club-level checks are imported from there.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from clubs.permissions import ORGANISER, is_organiser_of, is_site_admin, is_staff_of, roles_by_club
from competitions.models import Competition, Entrant, MatchSide


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


def team_clubs_by_side(match) -> dict[int, int]:
    """In a league: the club of each side's team (side -> club id)."""
    return dict(
        MatchSide.objects.filter(match=match, entrant__team__isnull=False).values_list("side", "entrant__team__club_id")
    )


def entering_club_ids(match, sides: dict[int, int]) -> set[int]:
    """The clubs of this league match that entered its result: the clubs (of the match's teams) where
    the person who entered it has a role, or the club of the side that typed it at the table. Nothing
    when the league's own staff entered it (then either club may confirm)."""
    clubs = set(sides.values())
    entered = set()
    if match.table_entered_side is not None and match.table_entered_side in sides:
        entered.add(sides[match.table_entered_side])
    if match.entered_by_id is not None:
        enterer_roles = roles_by_club(match.entered_by)
        if not enterer_roles.get(match.round.competition.club_id):
            entered |= {club_id for club_id in clubs if enterer_roles.get(club_id)}
    return entered


def league_confirm_refused(user, match) -> bool:
    """A league match's second confirmation comes from the opposing club or the league's organiser,
    never from the club that entered it (issue 34 item 10: a club confirmed its own match alone)."""
    competition = match.round.competition
    if not competition.club.is_league or is_site_admin(user):
        return False
    roles = roles_by_club(user)
    if ORGANISER in roles.get(competition.club_id, set()):
        return False
    sides = team_clubs_by_side(match)
    mine = {club_id for club_id in sides.values() if roles.get(club_id)}
    return not (mine - entering_club_ids(match, sides))


def can_confirm(user, match) -> bool:
    """Confirm a result: the organiser, or a scorer of a club in this match (the other side's scorer);
    in a league not the club that entered it (``league_confirm_refused``). That the confirmer is not the
    person who entered it is checked by the service and the database."""
    if not can_enter(user, match):
        return False
    return match.status != match.Status.ENTERED or not league_confirm_refused(user, match)


def organised_competition(request, slug: str, *, hidden: bool = False) -> Competition:
    """The competition of ``slug`` for its club's organiser (or a site admin): the one gate of the
    organiser's pages about a competition. A private one that the user may not see (not its club's staff)
    is not found, as one that does not exist (a 403 would tell that it exists: issue 34 item 13); anyone
    else gets 403, an unknown slug 404. With ``hidden`` anyone but its organiser finds nothing (404), as
    the pages of an evening's calling off do."""
    competition = get_object_or_404(Competition.objects.select_related("club"), slug=slug)
    if is_organiser_of(request.user, competition.club_id):
        return competition
    if hidden or (not competition.is_public and not is_staff_of(request.user, competition.club_id)):
        raise Http404
    raise PermissionDenied
