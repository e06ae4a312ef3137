"""Benchmarks of the rules engine for ``manage.py bench`` (the harness: ``benchmarking/harness.py``).

The inputs are simulated deals of every preset, made before the clock starts, so the figures
measure the engine alone: one process, no database. Each is timed alternately with a bare reference
doing the least of the same work (adding up a deal's points; shuffling and dealing a deck and playing
out its tricks with no rule at all): the targets are the engine's cost as a multiple of that.
"""

from __future__ import annotations

import random

from benchmarking import Measurement, Stopwatch, benchmark, cost_ratio, interleaved, rate, sized
from scoring.rules import RULESETS, DealInput, score_deal, score_match, simulate_deal

SCORE_DEAL_BAR = 2.5  # times the bare sum's cost per deal (1.3-1.7x measured; was 200,000 deals/s absolute)
SIMULATE_DEAL_BAR = 12  # times the bare deal's cost (7.2-8.6x measured; was 5,000 deals/s absolute)


def _mixed_deals(count: int, seed: int = 20240601):
    """(rules, DealInput) pairs from every preset in turn, as a club's season would mix them."""
    rng = random.Random(seed)
    presets = list(RULESETS.values())
    pairs = []
    for i in range(count):
        rules = presets[i % len(presets)]
        pairs.append((rules, simulate_deal(rules, rng, dealer=i % rules.players).deal))
    return pairs


def bare_score(deal: DealInput) -> tuple[int, ...]:
    """The bare reference of scoring: each side's points and roem added up, the bidder's side nat
    when it does not make more than half. No rule set, no checks."""
    totals = tuple(p + r for p, r in zip(deal.points, deal.roem))
    if deal.bidder is not None and totals[deal.bidder] * 2 <= sum(totals):
        return tuple(0 if side == deal.bidder else sum(totals) for side in range(len(totals)))
    return totals


def bare_deal(rng: random.Random, deck: list[tuple[int, int]]) -> int:
    """The bare reference of a simulated deal: the deck shuffled, dealt to four and played out trick by
    trick with no rule at all (each plays their first card, the highest card takes the trick)."""
    rng.shuffle(deck)
    hands = [deck[seat::4] for seat in range(4)]
    points = 0
    for trick in range(8):
        cards = [hand[trick] for hand in hands]
        points += max(cards)[1] + sum(card[1] for card in cards)
    return points


@benchmark("score_deal", group="rules engine")
def bench_score_deal(size: str) -> Measurement:
    pairs = _mixed_deals(sized(size, small=60, quick=600, full=6_000))
    runs = sized(size, small=1, quick=3, full=30)

    def engine():
        for rules, deal in pairs:
            score_deal(rules, deal)

    def bare():
        for _rules, deal in pairs:
            bare_score(deal)

    seconds, bare_seconds = interleaved(engine, bare, runs)
    target, ok, against = cost_ratio(seconds, bare_seconds, bar=SCORE_DEAL_BAR, baseline="the bare sum")
    return Measurement(
        "score_deal",
        rate(len(pairs), seconds),
        "deals/s",
        target,
        ok,
        f"{len(pairs)} simulated deals of all six presets, median of {runs}",
        against,
    )


@benchmark("simulate_deal", group="rules engine")
def bench_simulate_deal(size: str) -> Measurement:
    rng = random.Random(7)
    presets = list(RULESETS.values())
    count = sized(size, small=60, quick=600, full=2_000)
    runs = sized(size, small=1, quick=3, full=6)
    deck = [(rank, points) for rank, points in zip(range(32), [0, 0, 0, 10, 2, 3, 4, 11] * 4)]

    def engine():
        for i in range(count):
            rules = presets[i % len(presets)]
            simulate_deal(rules, rng, dealer=i % rules.players)

    def bare():
        for _ in range(count):
            bare_deal(rng, deck)

    seconds, bare_seconds = interleaved(engine, bare, runs)
    target, ok, against = cost_ratio(seconds, bare_seconds, bar=SIMULATE_DEAL_BAR, baseline="the bare deal")
    return Measurement(
        "simulate_deal",
        rate(count, seconds),
        "deals/s",
        target,
        ok,
        f"{count} deals, all six presets in turn, median of {runs}",
        against,
    )


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
