"""Several processes saving the same and different matches at once, against PostgreSQL.

No lost update (every successful save got its own version, the last one's deals are what is stored),
no duplicate deal, totals always equal the sum of their deals.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import dj_database_url
import pytest
from django.db import connection
from django.db.models import Count, Sum

from competitions.models import Match
from scoring.models import Deal
from scoring.services import stored_deals
from tests.factories import ClubFactory, UserFactory, seated_match

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 4
ITERATIONS = 12

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="needs PostgreSQL (CI runs the suite a second time against it)",
    ),
]


def test_concurrent_saves_lose_nothing_and_duplicate_nothing():
    club = ClubFactory(slug="druk")
    matches = [seated_match(club=club, slug=f"druk-{i}") for i in range(3)]
    for i in range(PROCESSES):
        UserFactory(username=f"teller{i}", scorer_of=club)
    url = dj_database_url.parse(os.environ["DATABASE_URL"])
    test_db_url = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/" + connection.settings_dict["NAME"]
    assert url["ENGINE"].endswith("postgresql")
    env = dict(os.environ, DATABASE_URL=test_db_url, DJANGO_SETTINGS_MODULE="config.settings.test")
    ids = [str(m.pk) for m in matches]
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.scoring.concurrent_worker", f"teller{i}", str(i), str(ITERATIONS), *ids],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(PROCESSES)
    ]
    reports = []
    for worker in workers:
        out, err = worker.communicate(timeout=300)
        assert worker.returncode == 0, err
        reports.append(json.loads(out.strip().splitlines()[-1]))

    saves = [s for r in reports for s in r["saved"]]
    assert saves, "no save succeeded"
    for match in Match.objects.filter(pk__in=[m.pk for m in matches]):
        mine = sorted((s for s in saves if s["match"] == match.pk), key=lambda s: s["version"])
        # every successful save bumped the version exactly once: versions 1..n, no two writers alike
        assert [s["version"] for s in mine] == list(range(1, match.version + 1))
        if mine:
            last = mine[-1]["deals"]
            stored = stored_deals(match)
            assert [(d["points"], d["roem"], d["bidder"]) for d in stored] == [
                (d["points"], d["roem"], d["bidder"]) for d in last
            ]
        numbers = Deal.objects.filter(match=match).aggregate(n=Count("id"), distinct=Count("number", distinct=True))
        assert numbers["n"] == numbers["distinct"] == match.deals_played
        sums = Deal.objects.filter(match=match).aggregate(a=Sum("score_a"), b=Sum("score_b"))
        totals = dict(match.match_sides.values_list("side", "total"))
        assert totals[0] == (sums["a"] or 0) and totals[1] == (sums["b"] or 0)
