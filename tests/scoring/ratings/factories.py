"""Confirmed matches built directly (no scoring services): a league of results in a few lines."""

from __future__ import annotations

import datetime
import itertools

from django.utils import timezone

from clubs.models import Club, Player
from competitions.models import Competition, Match, MatchSeat, MatchSide, Round

_numbers = itertools.count(1)


def make_players(club: Club, names: str, *, guest: bool = False) -> dict[str, Player]:
    return {
        name: Player.objects.create(
            club=club, member_number=f"m{next(_numbers)}", first_name=name, last_name="Test", guest=guest
        )
        for name in names.split()
    }


def make_competition(club: Club, slug: str, **fields) -> Competition:
    return Competition.objects.create(club=club, name=f"Competitie {slug}", slug=slug, **fields)


def play(
    competition: Competition,
    round_number: int,
    sides: list[list[Player]],
    totals: list[int],
    *,
    table: int = 1,
    day: datetime.date | None = None,
    status: str = Match.Status.CONFIRMED,
) -> Match:
    """One match: the players of each side (two sides of two, or three sides of one) and their totals."""
    round_, _ = Round.objects.get_or_create(
        competition=competition, number=round_number, defaults={"status": Round.Status.PUBLISHED, "date": day}
    )
    now = timezone.now()
    confirmed = status == Match.Status.CONFIRMED
    match = Match.objects.create(
        round=round_,
        table=table,
        sides=len(sides),
        status=status,
        deals_played=16,
        version=1,
        changed_at=now,
        confirmed_at=now if confirmed else None,
        entered_at=now,
    )
    seats = iter("NESW")
    if len(sides) == 3:
        for side, (player,) in enumerate(sides):
            MatchSeat.objects.create(match=match, seat=next(seats), side=side, player=player)
    else:
        for first, second in zip(*sides):  # N=a1, E=b1, S=a2, W=b2
            MatchSeat.objects.create(match=match, seat=next(seats), side=0, player=first)
            MatchSeat.objects.create(match=match, seat=next(seats), side=1, player=second)
    for side, total in enumerate(totals):
        others = sum(totals) - total
        result = "" if not confirmed else "win" if total > max(t for k, t in enumerate(totals) if k != side) else "loss"
        MatchSide.objects.create(match=match, side=side, total=total, opponents_total=others, result=result)
    return match
