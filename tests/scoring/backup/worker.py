"""The processes of the backup tests, each on the database DATABASE_URL names.

python -m tests.scoring.backup.worker seed            migrate and seed the demo season
python -m tests.scoring.backup.worker save STOP LOG   save sheets through the services, one after the
                                                      other, until the file STOP exists; every save
                                                      that succeeded is one JSON line in LOG
python -m tests.scoring.backup.worker dump            print what the site answers: every
                                                      competition's standings (API and selectors),
                                                      every match (API: version, status, deals,
                                                      totals) and the audit log, as one JSON line
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path


def seed() -> None:
    from django.core.management import call_command

    from scoring.demo.season import seed_demo

    call_command("migrate", verbosity=0)
    seed_demo()


def save(stop: Path, log: Path) -> None:
    from django.contrib.auth import get_user_model

    from competitions.models import Match
    from scoring import services
    from tests.factories import simulated_sheet

    user = get_user_model().objects.get(username="organiser")
    rng = random.Random(28)
    ids = list(
        Match.objects.exclude(status=Match.Status.CONFIRMED)
        .filter(round__competition__format="individual")
        .values_list("pk", flat=True)
    )
    assert ids, "the demo season has no match left to save"
    with open(log, "a", encoding="utf-8") as out:
        while not stop.exists():
            match = Match.objects.select_related("round__competition").get(pk=rng.choice(ids))
            sheet = simulated_sheet(match, seed=rng.randrange(10**9), count=rng.randint(1, 15))
            saved = services.save_deals(match=match, user=user, deals=sheet, version=match.version)
            out.write(json.dumps({"match": saved.pk, "version": saved.version}) + "\n")
            out.flush()


def dump() -> dict:
    from django.test import Client

    from competitions.models import Competition, Match
    from competitions.standings import standings
    from scoring.models import AuditEntry

    client = Client()
    out: dict = {"competitions": {}, "matches": {}, "audit": []}
    for competition in Competition.objects.order_by("slug"):
        response = client.get(f"/api/competitions/{competition.slug}/standings")
        assert response.status_code == 200, (competition.slug, response.status_code)
        out["competitions"][competition.slug] = {
            "api": response.json(),
            "rows": [[row.rank, row.name, str(row.points), row.played] for row in standings(competition)],
        }
    for pk, version, status in Match.objects.order_by("pk").values_list("pk", "version", "status"):
        response = client.get(f"/api/matches/{pk}")
        # A match the public may not see yet (a draft round) answers 404: its row speaks for it.
        answer = response.json() if response.status_code == 200 else {"http": response.status_code}
        out["matches"][str(pk)] = {**answer, "version": version, "status": status}
    fields = ["id", "match_id", "user_id", "at", "action", "version", "before", "after"]
    # JSON values as objects: PostgreSQL's jsonb keeps no key order, and nothing shows one.
    out["audit"] = [
        [v if isinstance(v, list | dict) else str(v) for v in row]
        for row in AuditEntry.objects.order_by("pk").values_list(*fields)
    ]
    return out


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    command, *args = sys.argv[1:]
    if command == "seed":
        seed()
    elif command == "save":
        save(Path(args[0]), Path(args[1]))
    elif command == "dump":
        print(json.dumps(dump()))
