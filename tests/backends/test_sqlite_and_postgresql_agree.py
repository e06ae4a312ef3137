"""The standings selectors give identical results on SQLite and PostgreSQL for the same data.

Runs in the PostgreSQL pass of CI: the demo season is seeded here (PostgreSQL) and, in a separate
process, into a fresh SQLite file; every competition's standings must be the same, row by row.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.backends.standings_dump import standings_of_demo

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="compares with PostgreSQL: runs in the PostgreSQL pass (CI runs the suite on both)",
    ),
]


def test_standings_are_identical_on_sqlite_and_postgresql(tmp_path):
    on_postgresql = standings_of_demo()
    env = dict(
        os.environ,
        DATABASE_URL=f"sqlite:///{tmp_path / 'same-data.sqlite3'}",
        DJANGO_SETTINGS_MODULE="config.settings.test",
    )
    result = subprocess.run(
        [sys.executable, "-m", "tests.backends.standings_dump"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    on_sqlite = json.loads(result.stdout.strip().splitlines()[-1])
    assert set(on_sqlite) == set(on_postgresql)
    for slug, rows in on_postgresql.items():
        assert rows, f"{slug} has no standings"
        assert on_sqlite[slug] == rows, slug
