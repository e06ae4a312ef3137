"""The club boundary: who may do what, at which club or league.

Site administrators (superusers) may do everything. An organiser manages one club's (or league's)
members, competitions and rounds and may enter and correct any of its results. A scorer enters results
of its club's matches (who may enter which match is in ``competitions.permissions``, which builds on
these club roles). Everyone may read public pages.

Every staff view and API call asks these functions; none of them trusts the request for the club.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import CharField, Q, QuerySet, Value
from django.shortcuts import get_object_or_404

from clubs.models import Club, Player, StaffRole
from core.prepared import PreparedQuery

#: A club where the user is a member (a player linked to the account, ``Player.account``): read in the
#: same query as the staff roles (the header's "My page" link costs no query of its own), kept apart
#: from them — a member is never staff.
MEMBER = "member"
#: Asked on every staff page and API write: its SQL is built once per process.
_ROLES = PreparedQuery(
    lambda user_id: (
        StaffRole.objects.filter(user_id=user_id)
        .values_list("club_id", "role")
        .order_by()
        .union(
            Player.objects.filter(account_id=user_id)
            .values_list("club_id", Value(MEMBER, output_field=CharField()))
            .order_by(),
            all=True,
        )
    ),
    int,
)
ORGANISER = StaffRole.Role.ORGANISER
SCORER = StaffRole.Role.SCORER


def roles_by_club(user) -> dict[int, set[str]]:
    """The user's roles by club id, cached on the user object for the request."""
    if not getattr(user, "is_authenticated", False):
        return {}
    cached = getattr(user, "_klaverjas_roles", None)
    if cached is None:
        cached, member_of = {}, set()
        for club_id, role in _ROLES.rows(user.pk):
            if role == MEMBER:
                member_of.add(club_id)
            else:
                cached.setdefault(club_id, set()).add(role)
        user._klaverjas_roles = cached
        user._klaverjas_member_of = member_of
    return cached


def member_club_ids(user) -> set[int]:
    """The clubs where this account is linked to a member (a player): read with the roles, cached too."""
    if not getattr(user, "is_authenticated", False):
        return set()
    roles_by_club(user)
    return user._klaverjas_member_of


def is_site_admin(user) -> bool:
    return bool(getattr(user, "is_authenticated", False) and user.is_superuser)


def is_staff_of(user, club: Club | int) -> bool:
    """Organiser or scorer at this club."""
    club_id = club if isinstance(club, int) else club.pk
    return is_site_admin(user) or bool(roles_by_club(user).get(club_id))


def is_organiser_of(user, club: Club | int) -> bool:
    club_id = club if isinstance(club, int) else club.pk
    return is_site_admin(user) or ORGANISER in roles_by_club(user).get(club_id, set())


def clubs_managed_by(user) -> QuerySet[Club]:
    """The clubs whose organiser pages this user may open."""
    if is_site_admin(user):
        return Club.objects.all()
    ids = [club_id for club_id, roles in roles_by_club(user).items() if ORGANISER in roles]
    return Club.objects.filter(pk__in=ids)


def clubs_staffed_by(user) -> QuerySet[Club]:
    if is_site_admin(user):
        return Club.objects.all()
    return Club.objects.filter(pk__in=list(roles_by_club(user)))


def staff_q(user, club_field: str = "club") -> Q:
    """A filter that keeps only rows of clubs the user is staff of (for staff listings)."""
    if is_site_admin(user):
        return Q()
    return Q(**{f"{club_field}__in": list(roles_by_club(user))})


def organised_club(request, slug: str) -> Club:
    """The club of ``slug`` for its organiser (or a site admin); anyone else gets 403, an unknown club 404.
    The one gate of the organiser's pages about a club."""
    club = get_object_or_404(Club, slug=slug)
    if not is_organiser_of(request.user, club.pk):
        raise PermissionDenied
    return club
