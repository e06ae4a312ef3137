"""Builders for standings, public page and API tests.

Results are written as the scoring services would leave them (``MatchSide`` rows with totals,
statistics and the side's result), so tests can state exact known answers; one test module also
goes through ``scoring.services`` end to end.
"""

from __future__ import annotations

import itertools
import random

from django.utils import timezone

from clubs.models import Club, Player, Team, TeamMember
from competitions.models import (
    Bye,
    Competition,
    Division,
    Entrant,
    Evening,
    Fixture,
    Match,
    MatchSeat,
    MatchSide,
    Round,
)

_counter = itertools.count(1)


def make_club(slug: str | None = None) -> Club:
    slug = slug or f"club{next(_counter)}"
    return Club.objects.get_or_create(slug=slug, defaults={"name": f"KV {slug.title()}"})[0]


def make_players(club: Club, names) -> list[Player]:
    players = []
    for name in names:
        first, _, last = name.partition(" ")
        players.append(
            Player.objects.create(
                club=club, member_number=f"m{next(_counter)}", first_name=first, last_name=last or "X"
            )
        )
    return players


def make_competition(
    club: Club | None = None, *, format: str = "individual", slug: str | None = None, **fields
) -> Competition:
    club = club or make_club()
    slug = slug or f"comp-{next(_counter)}"
    return Competition.objects.create(
        club=club, name=fields.pop("name", slug.replace("-", " ").title()), slug=slug, format=format, **fields
    )


def make_round(
    competition: Competition, number: int, *, evening: Evening | None = None, published: bool = True
) -> Round:
    return Round.objects.create(
        competition=competition,
        number=number,
        evening=evening,
        status=Round.Status.PUBLISHED if published else Round.Status.DRAFT,
    )


def make_evening(competition: Competition, number: int) -> Evening:
    return Evening.objects.create(competition=competition, number=number)


def _result(totals, side):
    best = max(totals)
    if totals[side] < best:
        return MatchSide.Result.LOSS
    return MatchSide.Result.DRAW if totals.count(best) > 1 else MatchSide.Result.WIN


def play(
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
    """A table with its sides as the scoring services leave them.

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


def make_teams(competition: Competition, names, *, size: int = 2, division: Division | None = None) -> list[Entrant]:
    entrants = []
    for index, name in enumerate(names, start=1):
        team = Team.objects.create(
            club=competition.club, name=f"{name} {next(_counter)}", kind=Team.Kind.PAIR if size == 2 else Team.Kind.FOUR
        )
        players = make_players(competition.club, [f"{name} {chr(65 + k)}" for k in range(size)])
        TeamMember.objects.bulk_create([TeamMember(team=team, player=p, position=k + 1) for k, p in enumerate(players)])
        entrants.append(
            Entrant.objects.create(competition=competition, team=team, name=name, seed=index, division=division)
        )
    return entrants


def members(entrant: Entrant) -> list[Player]:
    return [m.player for m in entrant.team.members.select_related("player").order_by("position")]


def pair_match(round_: Round, home: Entrant, away: Entrant, totals, *, confirmed: bool = True, stats=None) -> Match:
    h, a = members(home), members(away)
    return play(
        round_, totals=totals, players=(h[0], a[0], h[1], a[1]), entrants=(home, away), confirmed=confirmed, stats=stats
    )


def team_fixture(round_: Round, home: Entrant, away: Entrant, tables, *, confirmed=(True, True)) -> Fixture:
    """Two tables: table 1 home places 1+2 (side 0) v away 1+2; table 2 away 3+4 (side 0) v home 3+4.
    ``tables``: ((home points, away points) at table 1, (home points, away points) at table 2)."""
    fixture = Fixture.objects.create(round=round_, home=home, away=away)
    h, a = members(home), members(away)
    (h1, a1), (h2, a2) = tables
    play(
        round_,
        totals=(h1, a1),
        players=(h[0], a[0], h[1], a[1]),
        entrants=(home, away),
        fixture=fixture,
        confirmed=confirmed[0],
    )
    play(
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


def bye(round_: Round, entrant: Entrant) -> Bye:
    return Bye.objects.create(round=round_, entrant=entrant)


def player_entrant(competition: Competition, player: Player) -> Entrant:
    return Entrant.objects.get_or_create(competition=competition, player=player, defaults={"name": player.name})[0]


def generated_individual(
    *, players: int = 8, evenings: int = 2, rounds: int = 3, seed: int = 1, **fields
) -> Competition:
    """A season of club evenings with random seats and plausible totals, every table confirmed."""
    rng = random.Random(seed)
    club = make_club()
    comp = make_competition(club, format="individual", **fields)
    people = make_players(club, [f"Speler{k} Achternaam{k}" for k in range(players)])
    for p in people:
        player_entrant(comp, p)
    number = 0
    for e in range(1, evenings + 1):
        evening = make_evening(comp, e)
        for _ in range(rounds):
            number += 1
            round_ = make_round(comp, number, evening=evening)
            order = people[:]
            rng.shuffle(order)
            for t in range(len(order) // 4):
                a = rng.randint(1200, 3000)
                play(
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
    from competitions.pairings import round_robin

    rng = random.Random(seed)
    comp = make_competition(format=format, **fields)
    entrants = make_teams(comp, [f"Team {k:03d}" for k in range(pairs)], size=4 if format == "teams" else 2)
    for number, games in enumerate(round_robin(pairs)[:rounds], start=1):
        round_ = make_round(comp, number)
        for home, away in games:
            if away is None:
                bye(round_, entrants[home])
                continue
            if format == "teams":
                t = [rng.randint(1200, 3000) for _ in range(2)]
                team_fixture(round_, entrants[home], entrants[away], ((t[0], 4200 - t[0]), (t[1], 4200 - t[1])))
            else:
                a = rng.randint(1200, 3000)
                pair_match(round_, entrants[home], entrants[away], (a, 4200 - a))
    return comp
