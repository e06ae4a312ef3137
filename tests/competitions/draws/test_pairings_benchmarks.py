"""The pairing benchmarks run (quick mode) and report well-formed figures; no wall-clock asserts."""

from __future__ import annotations

import pytest

import competitions.draws.benchmarks  # noqa: F401  (registers the benchmarks)
from benchmarking import REGISTRY, Measurement


def test_pairing_benchmarks_run_quick() -> None:
    pairing = [b for b in REGISTRY if b.group == "pairings"]
    assert {b.name for b in pairing} >= {"individual_round 200 players", "swiss_round 256 entrants"}
    for bench in pairing:
        assert not bench.needs_db
        result = bench.func("quick")
        for m in result if isinstance(result, list) else [result]:
            assert isinstance(m, Measurement) and m.value >= 0 and m.unit


def test_draw_quality_benchmark_runs_quick() -> None:

    (bench,) = [b for b in REGISTRY if b.group == "draws" and b.name == "individual evening repeats"]
    rows = bench.func("quick")
    assert [m.name for m in rows] == [f"evening of 4 rounds, {n} players" for n in (12, 16, 40)]
    assert all(m.value == 0 and m.ok for m in rows if "12 players" not in m.name)
    assert rows[0].ok is None and rows[0].value >= 6  # 12 players: a repeat is unavoidable


def test_whist_benchmark_names_the_missing_sizes() -> None:
    from competitions.pairings.whist import shipped_sizes

    (bench,) = [b for b in REGISTRY if b.name == "whist schedules"]
    shipped, largest = bench.func("quick")
    sizes = [n for n in range(8, 65) if n % 4 in (0, 1)]
    missing = sorted(set(sizes) - set(shipped_sizes()))
    assert shipped.value == len(sizes) - len(missing) and shipped.ok is (not missing)
    assert all(str(n) in shipped.note for n in missing)
    assert largest.ok is True and "64 players" in largest.name


def test_rotation_benchmark_runs_quick() -> None:

    (bench,) = [b for b in REGISTRY if b.group == "draws" and b.name == "odd seats rotation"]
    rows = bench.func("quick")
    assert [m.name.split(":")[0] for m in rows] == [f"evening of 4 rounds, {n} players" for n in (13, 14, 26)]
    assert all(m.value <= 1 and m.ok for m in rows)
    assert "without rotation: max 4, spread 3" in rows[0].note  # 13 players drawn blind pile up (issue 27)


@pytest.mark.django_db
def test_season_draw_benchmark_runs_quick() -> None:
    import competitions.draws.benchmarks_services  # noqa: F401

    (bench,) = [b for b in REGISTRY if b.name == "draws through the services, a season"]
    assert bench.needs_db
    (row,) = bench.func("quick")
    assert "13 players, evening 3" in row.name and row.value > 0
    assert "spread 1" in row.note  # 81 seats at tables of three over 13 players: 6 or 7 each
