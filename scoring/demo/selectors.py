"""Reads of the demo: what removing it takes away (a fixed number of queries)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef, QuerySet

from clubs.models import Club, Player, StaffRole
from competitions.models import Competition

#: The logins seed_demo makes: these two, and a helper scorer "scorer-<slug>" per neighbouring club.
DEMO_LOGINS = ("organiser", "scorer")


@dataclass(frozen=True)
class DemoContents:
    clubs: list[str]  # names, name order
    competitions: int
    players: int
    logins: list[str]  # usernames, name order

    @property
    def is_empty(self) -> bool:
        return not self.clubs


def demo_club_ids() -> list[int]:
    return list(Club.objects.filter(is_demo=True).values_list("pk", flat=True))


def demo_logins(club_ids: list[int]) -> QuerySet:
    """The demo's logins that only the demo uses: named as seed_demo names them, a role at a demo club,
    no role at a club of its own, no superuser and not a member's own account (``Player.account``) at a
    club of its own."""
    User = get_user_model()
    slugs = Club.objects.filter(pk__in=club_ids).values_list("slug", flat=True)
    names = [*DEMO_LOGINS, *(f"scorer-{slug}" for slug in slugs)]
    roles = StaffRole.objects.filter(user=OuterRef("pk"))
    return (
        User.objects.filter(**{f"{User.USERNAME_FIELD}__in": names}, is_superuser=False)
        .filter(Exists(roles.filter(club_id__in=club_ids)))
        .exclude(Exists(roles.exclude(club_id__in=club_ids)))
        .exclude(Exists(Player.objects.filter(account=OuterRef("pk")).exclude(club_id__in=club_ids)))
        .order_by(User.USERNAME_FIELD)
    )


def demo_contents() -> DemoContents:
    ids = demo_club_ids()
    User = get_user_model()
    return DemoContents(
        clubs=list(Club.objects.filter(pk__in=ids).order_by("name").values_list("name", flat=True)),
        competitions=Competition.objects.filter(club_id__in=ids).count(),
        players=Player.objects.filter(club_id__in=ids).count(),
        logins=list(demo_logins(ids).values_list(User.USERNAME_FIELD, flat=True)),
    )
