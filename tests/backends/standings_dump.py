"""Seed the demo season and print every competition's standings as JSON (for the backend comparison).

Usage: DATABASE_URL=... python -m tests.backends.standings_dump  (migrates that database first)
"""

import json
import os


def standings_of_demo() -> dict:
    from competitions.models import Competition
    from competitions.standings import standings
    from scoring.demo.season import seed_demo

    seed_demo()
    out = {}
    for competition in Competition.objects.order_by("slug"):
        out[competition.slug] = [
            {
                "rank": row.rank,
                "rank_label": row.rank_label,
                "name": row.name,
                "points": str(row.points),
                "played": row.played,
                "evenings": [[e.number, str(e.points), e.counted, e.absent] for e in row.evenings],
                "match_points": getattr(row, "match_points", None),
                "roem": row.roem,
                "nat": row.nat,
                "pits": row.pits,
                "tegenpits": row.tegenpits,
                "bids": row.bids,
                "made": row.made,
                "average": str(getattr(row, "average", "")),
            }
            for row in standings(competition)
        ]
    return out


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    print(json.dumps(standings_of_demo()))
