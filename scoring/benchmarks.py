"""Benchmarks of the rules engine for ``manage.py bench`` (the harness: ``benchmarking/harness.py``).

The inputs are simulated deals of every preset, made before the clock starts, so the figures
measure the engine alone: one process, no database.
"""

from __future__ import annotations

import random

from benchmarking import Measurement, Stopwatch, at_least, benchmark, rate, sized
from scoring.rules import RULESETS, score_deal, score_match, simulate_deal

SCORE_DEAL_BAR = 200_000  # deals/s
SIMULATE_DEAL_BAR = 5_000  # deals/s


def _mixed_deals(count: int, seed: int = 20240601):
    """(rules, DealInput) pairs from every preset in turn, as a club's season would mix them."""
    rng = random.Random(seed)
    presets = list(RULESETS.values())
    pairs = []
    for i in range(count):
        rules = presets[i % len(presets)]
        pairs.append((rules, simulate_deal(rules, rng, dealer=i % rules.players).deal))
    return pairs


@benchmark("score_deal", group="rules engine")
def bench_score_deal(size: str) -> Measurement:
    pairs = _mixed_deals(sized(size, small=60, quick=600, full=6_000))
    rounds = sized(size, small=1, quick=3, full=30)
    with Stopwatch() as sw:
        for _ in range(rounds):
            for rules, deal in pairs:
                score_deal(rules, deal)
    value = rate(rounds * len(pairs), sw.seconds)
    target, ok = at_least(value, SCORE_DEAL_BAR, "deals/s")
    return Measurement(
        "score_deal", value, "deals/s", target, ok, f"{len(pairs)} simulated deals of all six presets, x{rounds}"
    )


@benchmark("simulate_deal", group="rules engine")
def bench_simulate_deal(size: str) -> Measurement:
    rng = random.Random(7)
    presets = list(RULESETS.values())
    count = sized(size, small=60, quick=600, full=12_000)
    with Stopwatch() as sw:
        for i in range(count):
            rules = presets[i % len(presets)]
            simulate_deal(rules, rng, dealer=i % rules.players)
    value = rate(count, sw.seconds)
    target, ok = at_least(value, SIMULATE_DEAL_BAR, "deals/s")
    return Measurement("simulate_deal", value, "deals/s", target, ok, f"{count} deals, all six presets in turn")


@benchmark("score_match (16 deals)", group="rules engine")
def bench_score_match(size: str) -> Measurement:
    rng = random.Random(11)
    rules = RULESETS["amsterdam"]
    matches = [
        [simulate_deal(rules, rng, dealer=d % 4).deal for d in range(16)]
        for _ in range(sized(size, small=4, quick=20, full=300))
    ]
    rounds = sized(size, small=1, quick=2, full=20)
    with Stopwatch() as sw:
        for _ in range(rounds):
            for deals in matches:
                score_match(rules, deals)
    value = rate(rounds * len(matches), sw.seconds)
    return Measurement(
        "score_match (16 deals)", value, "matches/s", note=f"{len(matches)} Amsterdam matches of 16 deals, x{rounds}"
    )
