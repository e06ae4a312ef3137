"""A tiny registry behind ``manage.py bench``.

Every app may have a ``benchmarks`` module whose functions are decorated with ``@benchmark``.
A benchmark takes ``size``, one of ``SIZES``: "full" (the figures), "quick" (``manage.py bench --quick``)
or "small" (``tests/benchmarking/test_every_benchmark.py`` runs each once so, inside ``make test``, so a
benchmark broken by a change elsewhere fails CI), and picks its data size with ``sized``. It returns one
``Measurement`` or a list of them. The command imports the modules, runs them in order and prints a table.
Figures are measured, never asserted as wall-clock times in tests.
"""

from __future__ import annotations

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
