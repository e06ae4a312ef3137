"""Benchmarks of score entry for ``manage.py bench --only "score entry"`` (issue 3, item 11).

- saving a full 16-deal sheet through ``scoring.services.save_deals``: queries per sheet (bar: at
  most 25) and sheets per second, each sheet on a fresh table at version 0, against the hand-written
  SQL that stores the same sheet (the match's version bumped, its deals replaced by 16 rows, in one
  transaction) timed alternately with it (bar: SAVE_COST_BAR times that);
- the public match page ``/matches/<id>/`` with Django's test client: the most queries over tables
  of 0, 16 and 32 deals (bar: at most 10 whatever the size) and milliseconds per page.

The tables are made in the throw-away benchmark database before the clock starts; the sheets are
simulated before it too, so the figures measure the service and the page alone.
"""

from __future__ import annotations

import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings

from benchmarking import Measurement, Stopwatch, at_most, benchmark, cost_ratio, rate, sized
from clubs.models import Club, Player, StaffRole
from competitions.base.rulesets import ruleset_for
from competitions.models import Competition, Match, MatchSeat, MatchSide, Round
from scoring import services
from scoring.rules import dealer_for_deal, simulate_deal
from scoring.sheet.deal_input import deal_to_dict

SAVE_QUERIES_BAR = 25
# times the hand-written SQL's cost per sheet: the service checks, scores, totals and audits the sheet
# (was 50 sheets/s absolute)
SAVE_COST_BAR = 20  # 11.5-11.7x measured
DEAL_COLUMNS = "match_id, number, bidder, points_a, points_b, roem_a, roem_b, score_a, score_b"
DEAL_SQL = f"INSERT INTO scoring_deal ({DEAL_COLUMNS}, verzaakt_seat, trump, challenge, nil, big_roem_a, big_roem_b, nat, mark) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, '', '', 0, %s, %s, %s, %s, '')"
PAGE_QUERIES_BAR = 10


def _setup(slug: str, tables: int, *, deals_per_match: int = 16):
    """A club with a scorer, a competition and ``tables`` open tables of four players each."""
    club, _ = Club.objects.get_or_create(slug=slug, defaults={"name": f"Bench {slug}"})
    user, _ = get_user_model().objects.get_or_create(username=f"bench-{slug}")
    StaffRole.objects.get_or_create(user=user, club=club, role=StaffRole.Role.SCORER)
    competition = Competition.objects.create(
        club=club,
        name=f"Bench {slug}",
        slug=f"bench-{slug}-{Competition.objects.count()}",
        deals_per_match=deals_per_match,
    )
    round_ = Round.objects.create(competition=competition, number=1, status=Round.Status.PUBLISHED)
    players = Player.objects.bulk_create(
        [
            Player(club=club, member_number=f"{competition.pk}-{i}", first_name="Speler", last_name=str(i))
            for i in range(4 * tables)
        ]
    )
    matches = Match.objects.bulk_create([Match(round=round_, table=t + 1) for t in range(tables)])
    MatchSeat.objects.bulk_create(
        [
            MatchSeat(match=m, seat=seat, side=k % 2, player=players[4 * t + k])
            for t, m in enumerate(matches)
            for k, seat in enumerate("NESW")
        ]
    )
    MatchSide.objects.bulk_create([MatchSide(match=m, side=s) for m in matches for s in (0, 1)])
    return user, competition, matches


def _sheets(competition, count: int, seed: int = 3) -> list[list[dict]]:
    rules = ruleset_for(competition)
    rng = random.Random(seed)
    return [
        [
            deal_to_dict(simulate_deal(rules, rng, dealer=dealer_for_deal(rules, n)).deal)
            for n in range(1, rules.deals_per_match + 1)
        ]
        for _ in range(count)
    ]


@benchmark("save a 16-deal sheet", group="score entry", needs_db=True)
def bench_save_sheet(size: str) -> list[Measurement]:
    count = sized(size, small=3, quick=20, full=300)
    user, competition, matches = _setup("save", count + 1)
    sheets = _sheets(competition, count + 1)
    with CaptureQueriesContext(connection) as ctx:
        services.save_deals(match=matches[0], user=user, deals=sheets[0], version=0)
    queries = len(ctx.captured_queries)
    service_seconds, sql_seconds = 0.0, 0.0
    for match, sheet in zip(matches[1:], sheets[1:]):  # alternately: a busy machine slows both alike
        with Stopwatch() as sw:
            services.save_deals(match=match, user=user, deals=sheet, version=0)
        service_seconds += sw.seconds
        with Stopwatch() as sw:
            hand_written_save(matches[0].pk, sheet)
        sql_seconds += sw.seconds
    speed = rate(count, service_seconds)
    q_target, q_ok = at_most(queries, SAVE_QUERIES_BAR, "queries")
    s_target, s_ok, against = cost_ratio(
        service_seconds, sql_seconds, bar=SAVE_COST_BAR, baseline="the hand-written SQL"
    )
    note = f"{connection.vendor}, {count} tables"
    return [
        Measurement("save_deals: queries per sheet", queries, "queries", q_target, q_ok, note),
        Measurement("save_deals: sheets per second", speed, "sheets/s", s_target, s_ok, note, against),
    ]


def hand_written_save(match_id: int, sheet: list[dict]) -> None:
    """The least SQL that stores a sheet: the match's version bumped, its deals replaced, one transaction
    (the points taken as the scores: no rules, no totals, no audit)."""
    rows = [
        (
            match_id,
            number,
            deal["bidder"],
            deal["points"][0],
            deal["points"][1],
            deal["roem"][0],
            deal["roem"][1],
            deal["points"][0] + deal["roem"][0],
            deal["points"][1] + deal["roem"][1],
            False,
            False,
            False,
            False,
        )
        for number, deal in enumerate(sheet, start=1)
    ]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE competitions_match SET version = version + 1 WHERE id = %s", [match_id])
        cursor.execute("DELETE FROM scoring_deal WHERE match_id = %s", [match_id])
        cursor.executemany(DEAL_SQL, rows)


@benchmark("match page", group="score entry", needs_db=True)
def bench_match_page(size: str) -> list[Measurement]:
    client = Client()
    worst = 0
    sizes = []
    # The page's own rendering is measured, not the public page cache (the bench "standings" shows both).
    with override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"], PAGE_CACHE_ENABLED=False):
        for deals in (0, 16, 32):
            user, competition, (match,) = _setup(f"page{deals}", 1, deals_per_match=max(deals, 16))
            if deals:
                services.save_deals(match=match, user=user, deals=_sheets(competition, 1, seed=deals)[0], version=0)
            with CaptureQueriesContext(connection) as ctx:
                response = client.get(f"/matches/{match.pk}/")
            if response.status_code != 200:
                raise RuntimeError(f"/matches/{match.pk}/ answered {response.status_code}")
            worst = max(worst, len(ctx.captured_queries))
            sizes.append(f"{deals}:{len(ctx.captured_queries)}")
        repeats = sized(size, small=2, quick=10, full=200)
        with Stopwatch() as sw:
            for _ in range(repeats):
                client.get(f"/matches/{match.pk}/")
    q_target, q_ok = at_most(worst, PAGE_QUERIES_BAR, "queries")
    return [
        Measurement(
            "match page: queries",
            worst,
            "queries",
            q_target,
            q_ok,
            "most over tables of 0/16/32 deals (" + ", ".join(sizes) + ")",
        ),
        Measurement("match page: time", 1000 * sw.seconds / repeats, "ms", note=f"32 deals, mean of {repeats}"),
    ]
