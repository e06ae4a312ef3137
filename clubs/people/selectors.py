"""Reads of a club's people: who holds which role (with their last login), the members with an
account, the open invitations, a league's member clubs; an invitation by its token; a user's tokens.
Each is a fixed number of queries, whatever the number of people."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import Count, Prefetch, Q
from django.utils import timezone

from clubs.models import ApiToken, Club, Invitation, Player, StaffRole
from clubs.people.models import hash_token


@dataclass
class Person:
    """One account with a role at the club: its roles there and, for a member, the member it is."""

    user: AbstractBaseUser
    roles: list[str] = field(default_factory=list)
    player: Player | None = None

    @property
    def is_organiser(self) -> bool:
        return StaffRole.Role.ORGANISER in self.roles


def people_of(club: Club) -> list[Person]:
    """Staff (organisers first, then scorers) and members with an account, by username (two queries)."""
    people: dict[int, Person] = {}
    for role in StaffRole.objects.filter(club=club).select_related("user").order_by("user__username"):
        people.setdefault(role.user_id, Person(role.user)).roles.append(role.role)
    for player in Player.objects.filter(club=club, account__isnull=False).select_related("account"):
        account = player.account
        assert account is not None  # the query asks for members with an account
        person = people.setdefault(account.pk, Person(account))
        person.roles.append("member")
        person.player = player
    order = {StaffRole.Role.ORGANISER: 0, StaffRole.Role.SCORER: 1, "member": 2}
    for person in people.values():
        person.roles.sort(key=order.__getitem__)
    return sorted(people.values(), key=lambda p: (order[p.roles[0]], p.user.get_username().lower()))


def organiser_count(club: Club) -> int:
    return StaffRole.objects.filter(club=club, role=StaffRole.Role.ORGANISER).count()


def open_invitations(club: Club) -> list[Invitation]:
    return list(
        Invitation.objects.filter(
            club=club, accepted_at__isnull=True, revoked_at__isnull=True, expires_at__gt=timezone.now()
        )
        .select_related("player", "created_by")
        .order_by("-created_at", "-id")
    )


def invitation_by_token(token: str) -> Invitation | None:
    if not token or len(token) > 100:
        return None
    return (
        Invitation.objects.select_related("club", "player", "created_by").filter(token_hash=hash_token(token)).first()
    )


def player(player_id) -> Player | None:
    """A member by id, of any club (the service checks the club, with a message that names it)."""
    return Player.objects.filter(pk=player_id).first()


def members_without_account(club: Club):
    return Player.objects.filter(club=club, account__isnull=True, guest=False, active=True).order_by(
        "sort_name", "first_name", "last_name"
    )


def member_clubs(league: Club) -> list[Club]:
    """A league's member clubs with their number of organisers and open invitations for one."""
    now = timezone.now()
    return list(
        league.member_clubs.annotate(
            organisers=Count("staff_roles", filter=Q(staff_roles__role=StaffRole.Role.ORGANISER), distinct=True),
        )
        .prefetch_related(
            Prefetch(
                "invitations",
                queryset=Invitation.objects.filter(
                    role=Invitation.Role.ORGANISER,
                    accepted_at__isnull=True,
                    revoked_at__isnull=True,
                    expires_at__gt=now,
                ),
                to_attr="open_organiser_invitations",
            )
        )
        .order_by("name")
    )


def tokens_of(user) -> list[ApiToken]:
    return list(ApiToken.objects.filter(user=user).order_by("revoked_at", "-created", "-id"))


def has_token(user, token_id: int) -> bool:
    return ApiToken.objects.filter(pk=token_id, user=user).exists()


def staff_account(club: Club, user_id) -> object | None:
    """An account with a role at the club (staff or a member's), or None."""
    has_role = Q(staff_roles__club=club) | Q(player_accounts__club=club)
    return get_user_model().objects.filter(has_role, pk=user_id).distinct().first()
