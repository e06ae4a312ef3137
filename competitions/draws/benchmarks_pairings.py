"""Benchmarks of the pairing engine (``manage.py bench --only pairings``); no database needed.

Each figure is the worst round of a realistic run: the counters (or ``met``) are fed back round
after round, so later rounds — the harder ones — are measured too.
"""

from __future__ import annotations

import random
from collections import Counter

from benchmarking import Measurement, Stopwatch, at_most, benchmark
from competitions.pairings import individual_round, record_round, round_robin, swiss_round


def _individual_worst_round(players: int, evenings: int, rounds: int, seed: int = 1) -> tuple[float, int, int]:
    """Seconds of the slowest draw over ``evenings`` × ``rounds``, and the final evening's worst
    repeat-partner and repeat-opponent counts (the counters span all evenings)."""
    rng = random.Random(seed)
    partnered: Counter = Counter()
    opposed: Counter = Counter()
    worst = 0.0
    for _ in range(evenings):
        evening_partnered: Counter = Counter()
        evening_opposed: Counter = Counter()
        for _ in range(rounds):
            with Stopwatch() as sw:
                tables = individual_round(list(range(players)), partnered, opposed, rng)
            worst = max(worst, sw.seconds)
            record_round(tables, partnered, opposed)
            record_round(tables, evening_partnered, evening_opposed)
    return worst, max(evening_partnered.values(), default=0), max(evening_opposed.values())


@benchmark("individual_round 200 players", group="pairings")
def bench_individual_round(quick: bool) -> list[Measurement]:
    results = []
    for players in (40,) if quick else (200, 203):
        evenings = 1 if quick else 3
        seconds, partner, opponent = _individual_worst_round(players, evenings, rounds=4)
        target, ok = at_most(seconds * 1000, 1000, "ms")
        results.append(
            Measurement(
                name=f"individual_round {players} players",
                value=seconds * 1000,
                unit="ms (worst round)",
                target=target,
                ok=ok,
                note=f"{evenings} evening(s) x 4 rounds; last evening: max partner {partner}, max opposed {opponent}",
            )
        )
    return results


def _swiss_event(entrants: int, rounds: int, seed: int = 1) -> tuple[float, int]:
    """Seconds of the slowest ``swiss_round`` of a simulated event, and the rematches made."""
    rng = random.Random(seed)
    strength = [rng.random() for _ in range(entrants)]
    score: Counter = Counter()
    met: list[tuple[int, int]] = []
    byes: list[int] = []
    worst, rematches = 0.0, 0
    for _ in range(rounds):
        ranking = sorted(range(entrants), key=lambda e: (-score[e], e))
        played = {frozenset(p) for p in met}
        with Stopwatch() as sw:
            pairs = swiss_round(ranking, met, byes)
        worst = max(worst, sw.seconds)
        for a, b in pairs:
            if b is None:
                byes.append(a)
                score[a] += 2
                continue
            rematches += frozenset((a, b)) in played
            met.append((a, b))
            score[a if rng.random() < strength[a] / (strength[a] + strength[b]) else b] += 2
    return worst, rematches


@benchmark("swiss_round 256 entrants", group="pairings")
def bench_swiss_round(quick: bool) -> list[Measurement]:
    entrants, rounds = (64, 4) if quick else (256, 12)
    seconds, rematches = _swiss_event(entrants, rounds)
    target, ok = at_most(seconds * 1000, 2000, "ms")
    results = [
        Measurement(
            name=f"swiss_round {entrants} entrants",
            value=seconds * 1000,
            unit="ms (worst round)",
            target=target,
            ok=ok,
            note=f"{rounds} rounds, {rematches} rematches",
        )
    ]
    if not quick:
        # Degenerate case: entrants 0, 1 and 2 have met everyone else, so a rematch is unavoidable
        # and the exact answer needs the complete graph (after two failed sparse attempts).
        met = [(a, b) for a in range(3) for b in range(3, 256)]
        with Stopwatch() as sw:
            swiss_round(list(range(256)), met)
        target, ok = at_most(sw.seconds * 1000, 2000, "ms")
        results.append(
            Measurement(
                name="swiss_round 256 entrants, rematch unavoidable",
                value=sw.seconds * 1000,
                unit="ms",
                target=target,
                ok=ok,
                note="complete-graph fallback",
            )
        )
    return results


@benchmark("round_robin 2000 entrants", group="pairings")
def bench_round_robin(quick: bool) -> Measurement:
    entrants = 200 if quick else 2000
    with Stopwatch() as sw:
        rounds = round_robin(entrants, double=True)
    games = sum(len(r) for r in rounds)
    target, ok = at_most(sw.seconds * 1000, 2000, "ms")
    return Measurement(
        name=f"round_robin {entrants} entrants, double",
        value=sw.seconds * 1000,
        unit="ms",
        target=target,
        ok=ok,
        note=f"{len(rounds)} rounds, {games:,} games",
    )
