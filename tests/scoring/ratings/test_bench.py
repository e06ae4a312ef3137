"""The ratings bench runs quick on its generated league and keeps the page's query bar."""

import pytest

from scoring.ratings.benchmarks import bench_league_ratings

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def test_quick_bench_rates_every_generated_match():
    figures = {m.name: m for m in bench_league_ratings(size="quick")}
    assert "750 confirmed matches" in figures["ratings: recompute a league from scratch"].note
    assert figures["ratings: stored"].value == 100 * 30  # 100 players, one point per round each
    assert figures["ratings: ranking page queries"].ok
