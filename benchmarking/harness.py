"""A tiny registry behind ``manage.py bench``.

Every app may have a ``benchmarks`` module whose functions are decorated with ``@benchmark``.
A benchmark takes ``size``, one of ``SIZES``: "full" (the figures), "quick" (``manage.py bench --quick``)
or "small" (``tests/benchmarking/test_every_benchmark.py`` runs each once so, inside ``make test``, so a
benchmark broken by a change elsewhere fails CI), and picks its data size with ``sized``. It returns one
``Measurement`` or a list of them. The command imports the modules, runs them in order and prints a table.
Figures are measured, never asserted as wall-clock times in tests.

A target is never an absolute time or rate: those move with the processor (and with whatever else
runs on it). It is a ratio to a baseline measured in the same run, right beside the figure and timed
alternately with it where it can be (``interleaved``), so that a slower or busier machine slows both
alike: the bare reference (``bare_reference``: a fixed pure-Python workload, or a bare version of the
same work), the hand-written SQL, a minimal page through the same test client, a static file.
``cost_ratio`` turns the two timings into the target, the verdict and the ratio, which the table
prints beside the absolute figure (``Measurement.against``). The bars leave a margin over what the
code does today (about a third), so noise does not flip a verdict; query counts and memory do not
move with the processor and keep absolute bars.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Measurement:
    name: str  # what was measured, e.g. "score_deal"
    value: float  # the figure
    unit: str  # e.g. "deals/s", "ms", "queries"
    target: str = ""  # the bar, as text, e.g. ">= 200000"
    ok: bool | None = None  # whether the bar was met (None: no bar)
    note: str = ""  # e.g. the data size
    against: str = ""  # the figure as a ratio to its baseline, e.g. "1.31x the hand-written SQL (71 ms)"


@dataclass(frozen=True)
class Benchmark:
    name: str
    group: str
    func: Callable[..., Measurement | list[Measurement]]
    needs_db: bool


REGISTRY: list[Benchmark] = []
SIZES = ("small", "quick", "full")


def sized(size: str, *, small, quick, full):
    """The value for ``size`` ("small", "quick" or "full"); any other size is refused."""
    if size not in SIZES:
        raise ValueError(f"size is one of {SIZES}, not {size!r}")
    return {"small": small, "quick": quick, "full": full}[size]


def benchmark(name: str, *, group: str, needs_db: bool = False):
    """Register a benchmark function ``func(size: str) -> Measurement | list[Measurement]``."""

    def decorate(func):
        REGISTRY.append(Benchmark(name=name, group=group, func=func, needs_db=needs_db))
        return func

    return decorate


def rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


class Stopwatch:
    """``with Stopwatch() as sw: ...`` then ``sw.seconds``."""

    def __enter__(self):
        self._start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.seconds = time.perf_counter() - self._start
        return False


def at_least(value: float, bar: float, unit: str) -> tuple[str, bool]:
    return f">= {bar:g} {unit}", value >= bar


def at_most(value: float, bar: float, unit: str) -> tuple[str, bool]:
    return f"<= {bar:g} {unit}", value <= bar


def interleaved(first: Callable[[], object], second: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median seconds of two functions timed alternately (after one warm-up each), so that a busy
    machine slows both alike."""
    first(), second()
    a: list[float] = []
    b: list[float] = []
    for _ in range(runs):
        for func, times in ((first, a), (second, b)):
            started = time.perf_counter()
            func()
            times.append(time.perf_counter() - started)
    return statistics.median(a), statistics.median(b)


def bare_reference_work(n: int = 20_000) -> int:
    """The bare reference: a fixed piece of plain Python (a list shuffled and sorted, a dict built and
    read, integer arithmetic), the kind of work the engines and algorithms do, with no project code."""
    rng = random.Random(1)
    values = list(range(n))
    rng.shuffle(values)
    index = {value: position for position, value in enumerate(sorted(values))}
    return sum(index[value] * 3 % 7 for value in values)


def bare_reference(runs: int = 7) -> float:
    """Median seconds of ``bare_reference_work`` now (about 10 ms on the project's 2-core machine)."""
    bare_reference_work()
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        bare_reference_work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def seconds_text(seconds: float) -> str:
    return f"{seconds * 1000:.3g} ms" if seconds >= 0.001 else f"{seconds * 1e6:.3g} µs"


def cost_ratio(seconds: float, baseline_seconds: float, *, bar: float, baseline: str) -> tuple[str, bool, str]:
    """``seconds`` may cost at most ``bar`` times ``baseline_seconds``, measured in the same run.
    Returns the target, whether it is met, and the ratio with the baseline's own time (``against``)."""
    ratio = seconds / baseline_seconds if baseline_seconds > 0 else float("inf")
    return f"<= {bar:g}x {baseline}", ratio <= bar, f"{ratio:.3g}x {baseline} ({seconds_text(baseline_seconds)})"
