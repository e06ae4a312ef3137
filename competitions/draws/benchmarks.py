"""Benchmarks of the draws: the pairing engine's speed (``manage.py bench --only pairings``; no database:
each figure is the worst round of a realistic run, the counters or ``met`` fed back round after round,
so later rounds, the harder ones, are measured too), and below, the draw quality.

Draw quality of ``individual_round`` over one club evening (``manage.py bench --only draws``).

For every n in the table, four rounds are drawn with no earlier history, each fed back into the
counters as the app does. *Repeats* counts every extra time two players share a table (as partners
or opponents): a pair together twice is one repeat. The optimum is 0 from 13 players on (an
evening without a repeat exists and the engine finds one; 16 players even have five such rounds);
below 13 a repeat is unavoidable and the figure is compared with a lower bound: table-mate pairs
drawn minus the pairs that exist (not necessarily reachable). Also the slowest round. This one
draws without rotation counts: it measures how well the search avoids repeats on its own.

*Odd seats rotation* draws the evening as the app does, with the rotation counts fed back
(``three_counts`` / ``bye_counts``, RULES.md §9 fair rotation): per player count 9–63, the most
tables of three one player gets and the spread (most minus fewest), the same for byes on an
evening without tables of three, the repeated table-mates the rotation costs, the slowest draw,
and for comparison the same evening drawn without rotation counts.
"""

from __future__ import annotations

import random
from collections import Counter

from benchmarking import Measurement, Stopwatch, bare_reference, benchmark, cost_ratio, sized
from competitions.pairings import individual_round, record_round, round_robin, swiss_round, table_plan
from competitions.pairings.whist import MAX_PLAYERS, MIN_PLAYERS, shipped_sizes, whist_schedule

# The targets in times the bare reference (benchmarking.harness.bare_reference: about 11 ms on the
# project's 2-core machine), measured just before each figure: the old 1 s and 2 s bars there.
DRAW_BAR = 90
LONG_BAR = 180
ROUNDS = 4
FULL_SIZES = [*range(8, 65), 100, 200]
QUICK_SIZES = [12, 16, 40]


def evening(n: int, seed: int = 1, rounds: int = ROUNDS) -> tuple[int, float]:
    """``(repeats, slowest round in seconds)`` of one evening of ``n`` players."""
    rng = random.Random(seed)
    partnered: Counter = Counter()
    opposed: Counter = Counter()
    north: Counter = Counter()
    together: Counter = Counter()
    worst = 0.0
    for _ in range(rounds):
        with Stopwatch() as sw:
            tables = individual_round(list(range(n)), partnered, opposed, rng, seat_counts=north)
        worst = max(worst, sw.seconds)
        record_round(tables, partnered, opposed)
        north.update(t[0] for t in tables)
        for t in tables:
            together.update(frozenset((t[i], t[j])) for i in range(len(t)) for j in range(i + 1, len(t)))
    return sum(c - 1 for c in together.values()), worst


def lower_bound(n: int, rounds: int = ROUNDS) -> int:
    """0 from 13 players; below, table-mate pairs per evening minus all pairs (at least 0)."""
    if n >= 13:
        return 0
    fours, threes, _ = table_plan(n)
    return max(0, rounds * (6 * fours + 3 * threes) - n * (n - 1) // 2)


@benchmark("individual evening repeats", group="draws")
def bench_evening_repeats(size: str) -> list[Measurement]:
    results = []
    for n in sized(size, small=QUICK_SIZES, quick=QUICK_SIZES, full=FULL_SIZES):
        repeats, seconds = evening(n)
        best = lower_bound(n)
        results.append(
            Measurement(
                name=f"evening of {ROUNDS} rounds, {n} players",
                value=repeats,
                unit="repeated table-mates",
                target=f"optimum {best}" if n >= 13 else f"bound {best}",
                ok=(repeats == 0) if n >= 13 else None,
                note=f"slowest round {seconds * 1000:.0f} ms",
            )
        )
    return results


ROTATION_SIZES = list(range(9, 64))
QUICK_ROTATION_SIZES = [13, 14, 26]


def rotation_evening(
    n: int, *, three_player_tables: bool = True, rotation: bool = True, seed: int = 1, rounds: int = ROUNDS
) -> tuple[list[int], int, float]:
    """``(odd seats per player, repeated table-mates, slowest draw in seconds)`` of one evening.

    Odd seats: seats at a table of three (or byes, without three-player tables)."""
    rng = random.Random(seed)
    players = list(range(n))
    partnered: Counter = Counter()
    opposed: Counter = Counter()
    north: Counter = Counter()
    odd: Counter = Counter()
    together: Counter = Counter()
    worst = 0.0
    for _ in range(rounds):
        counts = {"three_counts" if three_player_tables else "bye_counts": odd} if rotation else {}
        with Stopwatch() as sw:
            tables = individual_round(
                players, partnered, opposed, rng, three_player_tables, seat_counts=north, **counts
            )
        worst = max(worst, sw.seconds)
        record_round(tables, partnered, opposed)
        north.update(t[0] for t in tables)
        seated = {p for t in tables for p in t}
        odd.update(p for t in tables if len(t) == 3 for p in t)
        odd.update(p for p in players if p not in seated)
        for t in tables:
            together.update(frozenset((t[i], t[j])) for i in range(len(t)) for j in range(i + 1, len(t)))
    return [odd[p] for p in players], sum(c - 1 for c in together.values()), worst


@benchmark("odd seats rotation", group="draws")
def bench_odd_seats_rotation(size: str) -> list[Measurement]:
    results = []
    for n in sized(size, small=QUICK_ROTATION_SIZES, quick=QUICK_ROTATION_SIZES, full=ROTATION_SIZES):
        threes, repeats, seconds = rotation_evening(n)
        byes, bye_repeats, bye_seconds = rotation_evening(n, three_player_tables=False)
        free, free_repeats, _ = rotation_evening(n, rotation=False)
        spread = max(threes) - min(threes)
        bye_spread = max(byes) - min(byes)
        results.append(
            Measurement(
                name=f"evening of {ROUNDS} rounds, {n} players: tables of three per player, spread",
                value=spread,
                unit="most minus fewest",
                target="<= 1 (byes too)",
                ok=spread <= 1 and bye_spread <= 1,
                note=(
                    f"tables of three: max {max(threes)}, spread {spread}, {repeats} repeats, "
                    f"slowest draw {seconds * 1000:.0f} ms; byes: max {max(byes)}, spread {bye_spread}, "
                    f"{bye_repeats} repeats, {bye_seconds * 1000:.0f} ms; without rotation: max "
                    f"{max(free)}, spread {max(free) - min(free)}, {free_repeats} repeats"
                ),
            )
        )
    return results


@benchmark("whist schedules", group="draws")
def bench_whist_schedules(size: str) -> list[Measurement]:
    """Which sizes ``whist_schedule`` covers, and the time to build and check the largest."""

    sizes = [n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) if n % 4 in (0, 1)]
    shipped = set(shipped_sizes())
    missing = [n for n in sizes if n not in shipped]
    largest = max(shipped)
    with Stopwatch() as sw:
        rounds = whist_schedule(largest)
        partners: Counter = Counter()
        for tables in rounds:
            for north, east, south, west in tables:
                partners.update([frozenset((north, south)), frozenset((east, west))])
    perfect = len(partners) == largest * (largest - 1) // 2 and set(partners.values()) == {1}
    return [
        Measurement(
            name="whist schedules shipped, n = 8…64 with n ≡ 0 or 1 (mod 4)",
            value=len(shipped & set(sizes)),
            unit="sizes",
            target=f"all {len(sizes)}",
            ok=not missing,
            note=("missing: " + ", ".join(map(str, missing))) if missing else "every size",
        ),
        Measurement(
            name=f"whist schedule of {largest} players, built and partners checked",
            value=sw.seconds * 1000,
            unit="ms",
            ok=perfect,
            note=f"{len(rounds)} rounds; every two players partners exactly once: {perfect}",
        ),
    ]


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
def bench_individual_round(size: str) -> list[Measurement]:
    results = []
    for players in sized(size, small=(16,), quick=(40,), full=(200, 203)):
        evenings = sized(size, small=1, quick=1, full=3)
        reference = bare_reference()
        seconds, partner, opponent = _individual_worst_round(players, evenings, rounds=4)
        target, ok, against = cost_ratio(seconds, reference, bar=DRAW_BAR, baseline="the bare reference")
        results.append(
            Measurement(
                name=f"individual_round {players} players",
                value=seconds * 1000,
                unit="ms (worst round)",
                target=target,
                ok=ok,
                note=f"{evenings} evening(s) x 4 rounds; last evening: max partner {partner}, max opposed {opponent}",
                against=against,
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
def bench_swiss_round(size: str) -> list[Measurement]:
    entrants, rounds = sized(size, small=(16, 3), quick=(64, 4), full=(256, 12))
    reference = bare_reference()
    seconds, rematches = _swiss_event(entrants, rounds)
    target, ok, against = cost_ratio(seconds, reference, bar=LONG_BAR, baseline="the bare reference")
    results = [
        Measurement(
            name=f"swiss_round {entrants} entrants",
            value=seconds * 1000,
            unit="ms (worst round)",
            target=target,
            ok=ok,
            note=f"{rounds} rounds, {rematches} rematches",
            against=against,
        )
    ]
    if size == "full":
        # Degenerate case: entrants 0, 1 and 2 have met everyone else, so a rematch is unavoidable
        # and the exact answer needs the complete graph (after two failed sparse attempts).
        met = [(a, b) for a in range(3) for b in range(3, 256)]
        with Stopwatch() as sw:
            swiss_round(list(range(256)), met)
        target, ok, against = cost_ratio(sw.seconds, reference, bar=LONG_BAR, baseline="the bare reference")
        results.append(
            Measurement(
                name="swiss_round 256 entrants, rematch unavoidable",
                value=sw.seconds * 1000,
                unit="ms",
                target=target,
                ok=ok,
                note="complete-graph fallback",
                against=against,
            )
        )
    return results


@benchmark("round_robin 2000 entrants", group="pairings")
def bench_round_robin(size: str) -> Measurement:
    entrants = sized(size, small=20, quick=200, full=2000)
    reference = bare_reference()
    with Stopwatch() as sw:
        rounds = round_robin(entrants, double=True)
    games = sum(len(r) for r in rounds)
    target, ok, against = cost_ratio(sw.seconds, reference, bar=LONG_BAR, baseline="the bare reference")
    return Measurement(
        name=f"round_robin {entrants} entrants, double",
        value=sw.seconds * 1000,
        unit="ms",
        target=target,
        ok=ok,
        note=f"{len(rounds)} rounds, {games:,} games",
        against=against,
    )
