"""Every registered benchmark runs once on small data (``size="small"``), so a benchmark that a change
elsewhere breaks (a new NOT NULL column its bulk insert does not name, a renamed selector) fails
``make test`` instead of the next ``make bench``. Figures are checked for shape, never for speed."""

from __future__ import annotations

import math

import pytest

from benchmarking import REGISTRY, Measurement
from scoring.management.commands.bench import load_benchmarks

load_benchmarks()

#: units of a time or a rate: their figures move with the processor, so their bars are ratios to a baseline
TIMED_UNITS = ("ms", "/s")


def test_the_registry_holds_every_benchmark():
    groups = {b.group for b in REGISTRY}
    assert groups >= {"rules engine", "draws", "pairings", "score entry", "club night", "ratings", "exports"}
    assert groups >= {"standings"}
    names = [f"{b.group}: {b.name}" for b in REGISTRY]
    assert len(names) == len(set(names)), "two benchmarks share a name"


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("bench", REGISTRY, ids=lambda b: f"{b.group}: {b.name}")
def test_benchmark_runs_on_small_data(bench, settings):
    result = bench.func("small")
    measurements = result if isinstance(result, list) else [result]
    assert measurements, f"{bench.name} measured nothing"
    for m in measurements:
        assert isinstance(m, Measurement)
        assert m.unit != "error" and m.unit, m
        assert not math.isnan(m.value) and m.value >= 0, m
        assert m.ok in (True, False, None)
        if m.target and any(unit in m.unit for unit in TIMED_UNITS):
            assert "x " in m.target and m.against, f"{m.name}: a ratio to a baseline of the same run, not {m.target!r}"
