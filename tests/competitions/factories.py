"""Small factories for competition tests: clubs, members, staff, competitions, pairs and teams."""

from __future__ import annotations

import itertools

from django.contrib.auth import get_user_model

from clubs.models import Club, Player, StaffRole, Team, TeamMember
from competitions.models import Competition, Division, Entrant, Match

_counter = itertools.count(1)


def make_club(name: str | None = None, **fields) -> Club:
    n = next(_counter)
    return Club.objects.create(name=name or f"Club {n}", slug=f"club-{n}", **fields)


def make_players(club: Club, count: int) -> list[Player]:
    start = club.players.count()
    return Player.objects.bulk_create(
        [
            Player(
                club=club, member_number=str(start + i + 1), first_name=f"P{start + i + 1}", last_name=f"{club.slug}"
            )
            for i in range(count)
        ]
    )


def make_user(
    username: str | None = None, *, organiser_of: Club | None = None, scorer_of: Club | None = None, **fields
):
    user = get_user_model().objects.create_user(username=username or f"user{next(_counter)}", password="pw", **fields)
    if organiser_of is not None:
        StaffRole.objects.create(user=user, club=organiser_of, role=StaffRole.Role.ORGANISER)
    if scorer_of is not None:
        StaffRole.objects.create(user=user, club=scorer_of, role=StaffRole.Role.SCORER)
    return user


def make_competition(club: Club, format: str = Competition.Format.INDIVIDUAL, **fields) -> Competition:
    n = next(_counter)
    return Competition.objects.create(
        club=club, name=fields.pop("name", f"Competition {n}"), slug=f"comp-{n}", format=format, **fields
    )


def make_team_entrants(
    competition: Competition, count: int, *, kind: str = Team.Kind.PAIR, division: Division | None = None
) -> list[Entrant]:
    """``count`` pairs (or teams of four) of new members, each entered in the competition."""
    size = 4 if kind == Team.Kind.FOUR else 2
    club = competition.club
    entrants = []
    for _ in range(count):
        n = next(_counter)
        team = Team.objects.create(club=club, name=f"Team {n}", kind=kind)
        for position, player in enumerate(make_players(club, size), start=1):
            TeamMember.objects.create(team=team, player=player, position=position)
        entrants.append(
            Entrant.objects.create(competition=competition, division=division, team=team, name=team.name, seed=n)
        )
    return entrants


def confirm_round(round) -> None:
    """Mark every table of a round confirmed (what the scoring services do once both sides agree)."""
    from django.utils import timezone

    Match.objects.filter(round=round).update(status=Match.Status.CONFIRMED, confirmed_at=timezone.now())
