"""Row-level building blocks of the organiser's writes: locks, new rounds and seeds, entrants, seats, and
writing a draw's plans in bulk. Called inside the services' transactions."""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.db.models import Max

from clubs.models import Player
from competitions.base import pairing as draws
from competitions.models import (
    Bye,
    Competition,
    Entrant,
    Fixture,
    Match,
    MatchSeat,
    MatchSide,
    Round,
)
from competitions.pagecache.keys import bump_competition


def lock_competition(competition: Competition) -> Competition:
    locked = Competition.objects.select_for_update(of=("self",)).select_related("club").get(pk=competition.pk)
    bump_competition(locked.pk)  # the organiser changes it: public pages render afresh
    return locked


def lock_round(round: Round) -> Round:
    locked = (
        Round.objects.select_for_update(of=("self",)).select_related("competition__club", "evening").get(pk=round.pk)
    )
    bump_competition(locked.competition_id)  # the organiser changes it: public pages render afresh
    return locked


def new_round(competition: Competition, **fields) -> Round:
    """The next round of the season; within an evening it is also numbered 1, 2, 3 … from the
    evening's last round (what players see, see ``Round.label``)."""
    last = competition.rounds.aggregate(last=Max("number"))["last"] or 0
    evening = fields.get("evening")
    if evening is not None and "evening_round" not in fields:
        fields["evening_round"] = (evening.rounds.aggregate(last=Max("evening_round"))["last"] or 0) + 1
    return Round.objects.create(competition=competition, number=last + 1, **fields)


def new_seed(avoid: int | None = None) -> int:
    seed = secrets.randbelow(2**31)
    return seed if seed != avoid else seed + 1


def players_in_rounds(rounds, player_ids: set[int]) -> dict[int, int]:
    """Player id → the first round number in which they have a seat or a bye, among ``rounds``."""
    if not player_ids:
        return {}
    found: dict[int, int] = {}
    seated = MatchSeat.objects.filter(match__round__in=rounds, player_id__in=player_ids)
    out = Bye.objects.filter(round__in=rounds, entrant__player_id__in=player_ids)
    for player, number in [
        *seated.values_list("player_id", "match__round__number"),
        *out.values_list("entrant__player_id", "round__number"),
    ]:
        found[player] = min(number, found.get(player, number))
    return found


def ensure_entrants(competition: Competition, player_ids: Iterable[int]) -> dict[int | None, Entrant]:
    """The Entrant of each of these players in an individual competition, made where missing."""
    ids = set(player_ids)
    have = {e.player_id: e for e in Entrant.objects.filter(competition=competition, player_id__in=ids)}
    missing = [p for p in Player.objects.filter(pk__in=ids - set(have))]
    Entrant.objects.bulk_create([Entrant(competition=competition, player=p, name=p.name) for p in missing])
    if missing:
        have = {e.player_id: e for e in Entrant.objects.filter(competition=competition, player_id__in=ids)}
    return have


def reseat(moves: dict[MatchSeat, int]) -> None:
    """Give each seat a new player. Deleted and recreated, so no (match, player) is ever taken twice."""
    MatchSeat.objects.filter(pk__in=[s.pk for s in moves]).delete()
    MatchSeat.objects.bulk_create(
        [
            # the seat keeps its verzaakt count: it belongs to the deals (Deal.verzaakt_seat), which stay
            MatchSeat(match_id=s.match_id, seat=s.seat, side=s.side, player_id=player, verzaakt=s.verzaakt)
            for s, player in moves.items()
        ]
    )


def write_plans(plans: list[tuple[Round, draws.RoundPlan]]) -> None:
    """Create the fixtures, tables (matches), sides, seats and byes of these plans in bulk."""
    fixtures: dict[tuple[int, int, int], Fixture] = {}
    for round, plan in plans:
        for table in plan.tables:
            if table.fixture is not None:
                home, away = table.fixture
                fixtures.setdefault((round.pk, home.pk, away.pk), Fixture(round=round, home=home, away=away))
    Fixture.objects.bulk_create(list(fixtures.values()))

    matches = []
    for round, plan in plans:
        for table in plan.tables:
            key = (round.pk, table.fixture[0].pk, table.fixture[1].pk) if table.fixture else None
            fixture = fixtures.get(key) if key else None
            matches.append(Match(round=round, table=table.table, sides=table.sides, fixture=fixture))
    Match.objects.bulk_create(matches)

    tables = [table for _round, plan in plans for table in plan.tables]
    MatchSide.objects.bulk_create(
        [
            MatchSide(match=match, side=side, entrant=entrant)
            for match, table in zip(matches, tables)
            for side, entrant in enumerate(table.entrants)
        ]
    )
    MatchSeat.objects.bulk_create(
        [
            MatchSeat(match=match, seat=seat, side=side, player_id=player)
            for match, table in zip(matches, tables)
            for seat, side, player in table.seats
        ]
    )
    Bye.objects.bulk_create(
        [Bye(round=round, entrant=entrant) for round, plan in plans for entrant in plan.bye_entrants]
    )
