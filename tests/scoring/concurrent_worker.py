"""A separate process that saves sheets of the given matches as fast as it can (for the concurrency test).

Usage: python -m tests.scoring.concurrent_worker USERNAME SEED ITERATIONS MATCH_ID [MATCH_ID ...]
Prints one JSON line: the saves that succeeded (match, version, deals) and the number of conflicts.
DATABASE_URL must point at the (committed) test database.
"""

import json
import os
import random
import sys


def main(argv):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from competitions.models import Match
    from scoring import services
    from tests.factories import simulated_sheet

    username, seed, iterations, *match_ids = argv
    user = get_user_model().objects.get(username=username)
    rng = random.Random(int(seed))
    saved, conflicts = [], 0
    for _ in range(int(iterations)):
        match = Match.objects.select_related("round__competition").get(pk=int(rng.choice(match_ids)))
        sheet = simulated_sheet(match, seed=rng.randrange(10**9), count=rng.randint(1, 16))
        try:
            result = services.save_deals(match=match, user=user, deals=sheet, version=match.version)
        except services.StaleVersion:
            conflicts += 1
            continue
        saved.append({"match": result.pk, "version": result.version, "deals": sheet})
    print(json.dumps({"saved": saved, "conflicts": conflicts}))


if __name__ == "__main__":
    main(sys.argv[1:])
