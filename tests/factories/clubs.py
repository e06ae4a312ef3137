"""Clubs, their members, teams, accounts and roles.

``ClubFactory`` is the one way a test makes a club; ``UserFactory(organiser_of=club)`` (or ``scorer_of=``)
an account with a role. Every account's password is ``PASSWORD``.
"""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from factory.django import DjangoModelFactory

from clubs.models import Club, Player, StaffRole, Team, TeamMember

PASSWORD = "pw"

FIRST = [
    "Jan",
    "Piet",
    "Kees",
    "Marijke",
    "Anneke",
    "Joëlle",
    "Sjaak",
    "Geertruida",
    "Ĳsbrand",
    "Henk",
    "Truus",
    "Bram",
]
LAST = ["de Vries", "Jansen", "van den Berg", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder", "Dekker"]


class ClubFactory(DjangoModelFactory):
    """A club: slug ``club<n>``, name ``Club <slug>``; ``ClubFactory(slug="troef")`` is "Club troef"."""

    class Meta:
        model = Club
        django_get_or_create = ("slug",)

    slug = factory.Sequence(lambda n: f"club{n}")
    name = factory.LazyAttribute(lambda o: f"Club {o.slug}")


class UserFactory(DjangoModelFactory):
    """An account (password ``PASSWORD``); ``organiser_of=`` / ``scorer_of=`` a club (or a list) gives it the role."""

    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password(PASSWORD)

    @factory.post_generation
    def organiser_of(self, create, extracted, **kwargs):
        _grant(self, extracted, StaffRole.Role.ORGANISER)

    @factory.post_generation
    def scorer_of(self, create, extracted, **kwargs):
        _grant(self, extracted, StaffRole.Role.SCORER)


def _grant(user, clubs, role: str) -> None:
    if clubs is None:
        return
    for club in clubs if isinstance(clubs, list | tuple) else [clubs]:
        StaffRole.objects.create(user=user, club=club, role=role)


class StaffRoleFactory(DjangoModelFactory):
    class Meta:
        model = StaffRole

    user = factory.SubFactory(UserFactory)
    club = factory.SubFactory(ClubFactory)
    role = StaffRole.Role.ORGANISER


class PlayerFactory(DjangoModelFactory):
    """A member of a club (a new club unless given) with a Dutch name and the club's next member number
    (the highest number there + 1: "1", "2", … in a new club).

    ``name="First Last"`` sets both names at once (the last name ``X`` when there is only one word)."""

    class Meta:
        model = Player

    class Params:
        name = None

    club = factory.SubFactory(ClubFactory)
    member_number = factory.LazyAttribute(lambda o: str(_highest_member_number(o.club) + 1))
    first_name = factory.LazyAttributeSequence(
        lambda o, n: o.name.partition(" ")[0] if o.name else FIRST[n % len(FIRST)]
    )
    last_name = factory.LazyAttributeSequence(
        lambda o, n: (o.name.partition(" ")[2] or "X") if o.name else LAST[(n // len(FIRST)) % len(LAST)]
    )


def _highest_member_number(club: Club) -> int:
    numbers = club.players.values_list("member_number", flat=True) if club.pk else []
    return max((int(n) for n in numbers if n.isdigit()), default=0)


class TeamFactory(DjangoModelFactory):
    """A pair (or, with four ``players=``, a team of four) of a club; ``players=[...]`` become its members in order."""

    class Meta:
        model = Team
        skip_postgeneration_save = True

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Team {n}")
    kind = Team.Kind.PAIR

    @factory.post_generation
    def players(self, create, extracted, **kwargs):
        if not extracted:
            return
        if len(extracted) == 4 and self.kind != Team.Kind.FOUR:
            self.kind = Team.Kind.FOUR
            self.save(update_fields=["kind"])
        TeamMember.objects.bulk_create(
            [TeamMember(team=self, player=player, position=k) for k, player in enumerate(extracted, start=1)]
        )


class TeamMemberFactory(DjangoModelFactory):
    class Meta:
        model = TeamMember

    team = factory.SubFactory(TeamFactory)
    player = factory.SubFactory(PlayerFactory, club=factory.SelfAttribute("..team.club"))
    position = 1
