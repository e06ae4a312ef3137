"""The draw of a club evening through the services, over a season (``manage.py bench --only draws``).

For 13, 14, 26 and 63 players: a season of ``EVENINGS`` evenings of ``ROUNDS`` rounds, each round
drawn by ``draw_next_round`` as the organiser's page does (reading the pair history and the
fair-rotation counts, writing the tables). Reported: the slowest draw of the season's last evening
(it reads the most history), and the spread of tables of three per player over the whole season
(most minus fewest; the season rule keeps it at 1).
"""

from __future__ import annotations

from collections import Counter

from benchmarking import Measurement, Stopwatch, bare_reference, benchmark, cost_ratio, sized
from clubs.models import Club, Player
from competitions.draws.services import draw_next_round
from competitions.evenings.services import create_evening, register_attendance
from competitions.models import Competition, MatchSeat

EVENINGS = 8
ROUNDS = 3
SIZES = [13, 14, 26, 63]
QUICK_SIZES = [13]


def _season(n: int, evenings: int) -> tuple[float, list[int]]:
    """``(slowest draw of the last evening in seconds, tables of three per player over the season)``."""
    club, _ = Club.objects.get_or_create(slug="bench-draws", defaults={"name": "KC Loting"})
    Competition.objects.filter(slug=f"bench-draws-{n}").delete()
    competition = Competition.objects.create(club=club, name=f"Loting {n}", slug=f"bench-draws-{n}")
    players = Player.objects.bulk_create(
        [Player(club=club, member_number=f"d{n}-{i}", first_name=f"Speler{i}", last_name=f"Tafel{n}") for i in range(n)]
    )
    worst = 0.0
    for number in range(evenings):
        evening = create_evening(competition=competition)
        register_attendance(evening=evening, players=players)
        for r in range(ROUNDS):
            with Stopwatch() as sw:
                draw_next_round(evening=evening, seed=1000 * number + r)
            if number == evenings - 1:
                worst = max(worst, sw.seconds)
    threes = Counter(
        MatchSeat.objects.filter(match__round__competition=competition, match__sides=3).values_list(
            "player_id", flat=True
        )
    )
    return worst, [threes[p.pk] for p in players]


@benchmark("draws through the services, a season", group="draws", needs_db=True)
def bench_season_draws(size: str) -> list[Measurement]:
    evenings = sized(size, small=1, quick=3, full=EVENINGS)
    results = []
    for n in sized(size, small=QUICK_SIZES, quick=QUICK_SIZES, full=SIZES):
        reference = bare_reference()
        seconds, threes = _season(n, evenings)
        spread = max(threes) - min(threes)
        # 90x the bare reference: the old 1 s bar on the machine where that takes about 11 ms
        target, ok, against = cost_ratio(seconds, reference, bar=90, baseline="the bare reference")
        results.append(
            Measurement(
                name=f"draw_next_round, {n} players, evening {evenings} of a season",
                value=seconds * 1000,
                unit="ms (slowest draw)",
                target=target,
                ok=ok and spread <= 1,
                note=(
                    f"{evenings} evenings x {ROUNDS} rounds; tables of three per player over the season: "
                    f"{min(threes)}-{max(threes)} (spread {spread})"
                ),
                against=against,
            )
        )
    return results
