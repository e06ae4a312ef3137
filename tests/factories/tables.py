"""Tables with players and results, built straight into the database as the scoring services leave them.

Named helpers for the multi-step set-ups on top of the factories: a seated table, a played table with
its sides' totals, a pairs match, a team fixture over two tables, and whole generated seasons.
"""

from __future__ import annotations

import datetime
import itertools
import random

from django.utils import timezone

from clubs.models import Club, Player, Team
from competitions.models import Competition, Division, Entrant, Fixture, Match, MatchSeat, MatchSide, Round
from competitions.pairings import round_robin
from tests.factories.clubs import ClubFactory, PlayerFactory, TeamFactory
from tests.factories.competitions import (
    ByeFactory,
    CompetitionFactory,
    EntrantFactory,
    EveningFactory,
    RoundFactory,
)

_team_numbers = itertools.count(1)


def seated_match(
    round: Round | None = None,
    *,
    table: int | None = None,
    players: list[Player] | None = None,
    team_names=None,
    club: Club | None = None,
    **competition,
) -> Match:
    """A table in ``round`` (else round 1, published, of a new competition of ``club`` made with the
    ``competition`` fields): ``players`` N, E, S, W (sides 0, 1, 0, 1) or N, E, S (sides 0, 1, 2); by
    default four new members "Speler0 N" … "Speler3 W" (three for the driemans rules). With ``team_names``
    (two names) N+S and E+W are entered as pairs of that name; else each side is a bare ``MatchSide``."""
    if round is None:
        round = RoundFactory(competition=CompetitionFactory(club=club or ClubFactory(), **competition), number=1)
    competition_ = round.competition
    if players is None:
        seats = ("N", "E", "S") if competition_.ruleset == "driemans" else ("N", "E", "S", "W")
        players = [
            PlayerFactory(club=competition_.club, first_name=f"Speler{index}", last_name=seat)
            for index, seat in enumerate(seats)
        ]
    three = len(players) == 3
    match = Match.objects.create(round=round, table=table or round.matches.count() + 1, sides=3 if three else 2)
    seats = ("N", "E", "S") if three else ("N", "E", "S", "W")
    MatchSeat.objects.bulk_create(
        [
            MatchSeat(match=match, seat=seat, side=index if three else index % 2, player=player)
            for index, (seat, player) in enumerate(zip(seats, players))
        ]
    )
    if team_names:
        club_ = competition_.club
        pairs = [[players[0], players[2]], [players[1], players[3]]]
        for side, (name, pair) in enumerate(zip(team_names, pairs)):
            team = Team.objects.filter(club=club_, name=name).first() or TeamFactory(
                club=club_, name=name, players=pair
            )
            entrant, _ = Entrant.objects.get_or_create(competition=competition_, team=team, defaults={"name": name})
            MatchSide.objects.create(match=match, side=side, entrant=entrant)
    else:
        MatchSide.objects.bulk_create([MatchSide(match=match, side=s) for s in range(3 if three else 2)])
    return match


def seated_round(club: Club, tables: int, *, slug: str = "avond", format: str = "pairs") -> Competition:
    """A competition ``slug`` (named "Competitie <slug>") with round 1 published and ``tables`` tables of four
    new members "Lid 0", "Lid 1", … seated N, E, S, W, each side a bare ``MatchSide``."""
    competition = CompetitionFactory(club=club, name=f"Competitie {slug}", slug=slug, format=format)
    round_ = RoundFactory(competition=competition, number=1)
    for t in range(tables):
        players = [PlayerFactory(club=club, first_name="Lid", last_name=str(4 * t + k)) for k in range(4)]
        seated_match(round_, table=t + 1, players=players)
    return competition


def confirm_round(round: Round) -> None:
    """Mark every table of a round confirmed (what the scoring services do once both sides agree)."""
    Match.objects.filter(round=round).update(status=Match.Status.CONFIRMED, confirmed_at=timezone.now())


def _result(totals, side):
    best = max(totals)
    if totals[side] < best:
        return MatchSide.Result.LOSS
    return MatchSide.Result.DRAW if totals.count(best) > 1 else MatchSide.Result.WIN


def played_match(
    round_: Round,
    *,
    totals,
    players=None,
    entrants=None,
    table: int | None = None,
    confirmed: bool = True,
    stats=None,
    fixture: Fixture | None = None,
) -> Match:
    """A table with its sides as the scoring services leave them (16 deals played).

    ``players``: (N, E, S, W) — N+S side 0, E+W side 1 — or (N, E, S) for a table of three.
    ``stats``: per side a dict of roem/nat/pits/tegenpits/bids/made/verzaakt.
    """
    totals = list(totals)
    sides = len(totals)
    table = table or (round_.matches.count() + 1)
    now = timezone.now()
    match = Match.objects.create(
        round=round_,
        table=table,
        sides=sides,
        fixture=fixture,
        status=Match.Status.CONFIRMED if confirmed else Match.Status.ENTERED,
        confirmed_at=now if confirmed else None,
        entered_at=now,
        deals_played=16,
    )
    if players:
        seat_sides = {"N": 0, "E": 1, "S": 0 if sides == 2 else 2, "W": 1}
        MatchSeat.objects.bulk_create(
            [MatchSeat(match=match, seat=seat, side=seat_sides[seat], player=p) for seat, p in zip("NESW", players)]
        )
    stats = stats or [{} for _ in totals]
    MatchSide.objects.bulk_create(
        [
            MatchSide(
                match=match,
                side=side,
                entrant=(entrants[side] if entrants else None),
                total=totals[side],
                opponents_total=sum(totals) - totals[side],
                result=_result(totals, side),
                **stats[side],
            )
            for side in range(sides)
        ]
    )
    return match


def rated_match(
    competition: Competition,
    round_number: int,
    sides: list[list[Player]],
    totals: list[int],
    *,
    table: int = 1,
    day: datetime.date | None = None,
    status: str = Match.Status.CONFIRMED,
) -> Match:
    """One match for the ratings: the players of each side (two sides of two, or three sides of one) and their
    totals, in round ``round_number`` (made, published, on ``day`` when it is the first match of it)."""
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


def team_entrants(
    competition: Competition, count: int, *, kind: str = Team.Kind.PAIR, division: Division | None = None
) -> list[Entrant]:
    """``count`` pairs (or teams of four) of new members, each entered in the competition (seeded in order)."""
    size = 4 if kind == Team.Kind.FOUR else 2
    club = competition.club
    entrants = []
    for _ in range(count):
        team = TeamFactory(club=club, kind=kind, players=PlayerFactory.create_batch(size, club=club))
        entrants.append(
            EntrantFactory(competition=competition, division=division, team=team, seed=competition.entrants.count() + 1)
        )
    return entrants


def named_team_entrants(
    competition: Competition, names, *, size: int = 2, division: Division | None = None
) -> list[Entrant]:
    """One entrant per name (seeded in order), each a new team of ``size`` members "<name> A", "<name> B", …"""
    entrants = []
    for index, name in enumerate(names, start=1):
        players = [PlayerFactory(club=competition.club, name=f"{name} {chr(65 + k)}") for k in range(size)]
        team = TeamFactory(
            club=competition.club,
            name=f"{name} {next(_team_numbers)}",  # unique in the club; the entrant keeps the plain name
            kind=Team.Kind.PAIR if size == 2 else Team.Kind.FOUR,
            players=players,
        )
        entrants.append(EntrantFactory(competition=competition, team=team, name=name, seed=index, division=division))
    return entrants


def team_players(entrant: Entrant) -> list[Player]:
    """The members of an entrant's team, in their places."""
    return [m.player for m in entrant.team.members.select_related("player").order_by("position")]


def pair_match(round_: Round, home: Entrant, away: Entrant, totals, *, confirmed: bool = True, stats=None) -> Match:
    """Two pairs at one table: home N+S (side 0), away E+W."""
    h, a = team_players(home), team_players(away)
    return played_match(
        round_, totals=totals, players=(h[0], a[0], h[1], a[1]), entrants=(home, away), confirmed=confirmed, stats=stats
    )


def team_fixture(round_: Round, home: Entrant, away: Entrant, tables, *, confirmed=(True, True)) -> Fixture:
    """Two tables: table 1 home places 1+2 (side 0) v away 1+2; table 2 away 3+4 (side 0) v home 3+4.
    ``tables``: ((home points, away points) at table 1, (home points, away points) at table 2)."""
    fixture = Fixture.objects.create(round=round_, home=home, away=away)
    h, a = team_players(home), team_players(away)
    (h1, a1), (h2, a2) = tables
    played_match(
        round_,
        totals=(h1, a1),
        players=(h[0], a[0], h[1], a[1]),
        entrants=(home, away),
        fixture=fixture,
        confirmed=confirmed[0],
    )
    played_match(
        round_,
        totals=(a2, h2),
        players=(a[2], h[2], a[3], h[3]),
        entrants=(away, home),
        fixture=fixture,
        confirmed=confirmed[1],
    )
    fixture.home_total, fixture.away_total = h1 + h2, a1 + a2
    fixture.complete = all(confirmed)
    fixture.save()
    return fixture


def generated_individual(
    *, players: int = 8, evenings: int = 2, rounds: int = 3, seed: int = 1, **fields
) -> Competition:
    """A season of club evenings with random seats and plausible totals, every table confirmed."""
    rng = random.Random(seed)
    comp = CompetitionFactory(format="individual", **fields)
    people = [PlayerFactory(club=comp.club, name=f"Speler{k} Achternaam{k}") for k in range(players)]
    for p in people:
        EntrantFactory(competition=comp, player=p)
    number = 0
    for e in range(1, evenings + 1):
        evening = EveningFactory(competition=comp, number=e)
        for _ in range(rounds):
            number += 1
            round_ = RoundFactory(competition=comp, number=number, evening=evening)
            order = people[:]
            rng.shuffle(order)
            for t in range(len(order) // 4):
                a = rng.randint(1200, 3000)
                played_match(
                    round_,
                    totals=(a, 4200 - a),
                    players=order[4 * t : 4 * t + 4],
                    stats=[
                        {
                            "roem": rng.randrange(0, 400, 20),
                            "bids": 8,
                            "made": rng.randint(5, 8),
                            "nat": rng.randint(0, 3),
                        },
                        {"roem": 100, "bids": 8, "made": 6, "nat": 2},
                    ],
                )
    return comp


def generated_pairs(*, pairs: int = 6, rounds: int = 3, seed: int = 1, format: str = "pairs", **fields) -> Competition:
    """A pairs (or teams-of-four) competition over round-robin rounds, every result confirmed."""
    rng = random.Random(seed)
    comp = CompetitionFactory(format=format, **fields)
    entrants = named_team_entrants(comp, [f"Team {k:03d}" for k in range(pairs)], size=4 if format == "teams" else 2)
    for number, games in enumerate(round_robin(pairs)[:rounds], start=1):
        round_ = RoundFactory(competition=comp, number=number)
        for home, away in games:
            if away is None:
                ByeFactory(round=round_, entrant=entrants[home])
                continue
            if format == "teams":
                t = [rng.randint(1200, 3000) for _ in range(2)]
                team_fixture(round_, entrants[home], entrants[away], ((t[0], 4200 - t[0]), (t[1], 4200 - t[1])))
            else:
                a = rng.randint(1200, 3000)
                pair_match(round_, entrants[home], entrants[away], (a, 4200 - a))
    return comp
