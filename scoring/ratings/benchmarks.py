"""Benchmark of the player ratings (``manage.py bench --only ratings``): a whole league history rated
from scratch.

Data: the standings bench's pairs league (``generate_pairs_league``, without deals: ratings read only
seats and side totals) of 2,000 teams x 30 round-robin rounds — 30,000 confirmed matches, 4,000
players — plus the seats a draw would have made (N+S the home pair, E+W the away pair); quick: 50
teams. Figures: ``recompute`` from scratch (read, rate, write, one transaction), its parts, the
Python heap's peak during a recompute (tracemalloc, a second run), what it stores, and the ranking
page's queries afterwards.
"""

from __future__ import annotations

import time
import tracemalloc

from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from benchmarking import Measurement, Stopwatch, at_most, benchmark, sized
from clubs.models import TeamMember
from competitions.models import MatchSeat, MatchSide
from scoring.ratings import engine, services
from scoring.ratings.models import RatingPoint
from scoring.ratings.sources import load_games
from scoring.standings.benchmarks import generate_pairs_league


@transaction.atomic
def seat_pairs(competition) -> int:
    """Seats for every match of a generated pairs league, from its teams' members (positions 1, 2)."""

    members: dict[int, list[int]] = {}
    for team_id, player_id in (
        TeamMember.objects.filter(team__entries__competition=competition)
        .order_by("team_id", "position")
        .values_list("team_id", "player_id")
    ):
        members.setdefault(team_id, []).append(player_id)
    seats = []
    for match_id, side, team_id in MatchSide.objects.filter(match__round__competition=competition).values_list(
        "match_id", "side", "entrant__team_id"
    ):
        first, second = members[team_id][:2]
        seats += [
            MatchSeat(match_id=match_id, seat="NE"[side], side=side, player_id=first),
            MatchSeat(match_id=match_id, seat="SW"[side], side=side, player_id=second),
        ]
    MatchSeat.objects.bulk_create(seats, batch_size=5000)
    return len(seats)


@benchmark("player ratings of a league history", group="ratings", needs_db=True)
def bench_league_ratings(size: str) -> list[Measurement]:

    teams, rounds = sized(size, small=(8, 7), quick=(50, 30), full=(2000, 30))
    with Stopwatch() as made:
        competition, matches, _deals = generate_pairs_league(teams, rounds, with_deals=False, slug="bench-ratings")
        seats = seat_pairs(competition)
    club = competition.club
    note = f"{teams} teams x {rounds} rounds: {matches:,} confirmed matches, {2 * teams:,} players, {seats:,} seats (made in {made.seconds:.0f} s)"

    with Stopwatch() as full:
        run = services.recompute(club=club)
    with Stopwatch() as reading:
        games = load_games(club)
    with Stopwatch() as rating:
        engine.rate(games)
    del games
    tracemalloc.start()
    services.recompute(club=club)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    points = RatingPoint.objects.filter(club=club).count()

    client = Client()
    url = reverse("ratings:ranking", args=[club.slug])
    client.get(url, HTTP_HOST="localhost")  # fresh already: no recompute
    connection.queries_log.clear()
    with CaptureQueriesContext(connection) as ctx:
        started = time.perf_counter()
        response = client.get(url, HTTP_HOST="localhost")
        page = time.perf_counter() - started
    per_match = full.seconds / max(run.matches, 1) * 1e6
    return [
        Measurement(
            "ratings: recompute a league from scratch",
            full.seconds,
            "s",
            note=f"{note}; read, rate, write in one transaction",
        ),
        Measurement(
            "ratings: read the matches (4 queries)",
            reading.seconds,
            "s",
            note=f"{run.matches:,} matches in rating order",
        ),
        Measurement(
            "ratings: openskill rating alone",
            rating.seconds,
            "s",
            note=f"{run.matches / rating.seconds:,.0f} matches/s",
        ),
        Measurement("ratings: per match, all in", per_match, "µs"),
        Measurement(
            "ratings: peak Python memory of a recompute", peak / 2**20, "MiB", note="tracemalloc, second recompute"
        ),
        Measurement(
            "ratings: stored", points, "history rows", note=f"{run.players:,} players, one row per player per round"
        ),
        Measurement(
            "ratings: ranking page, first page", page * 1000, "ms", note=f"HTTP {response.status_code}, 100 rows"
        ),
        Measurement("ratings: ranking page queries", len(ctx), "queries", *at_most(len(ctx), 12, "queries")),
    ]
