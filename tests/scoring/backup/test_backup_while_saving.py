"""Issue 28's bar: a backup made while saves are running restores into an empty SQLite and an empty
PostgreSQL database, and every competition's standings and every match come back as they were at
one moment of the saving.

Everything runs in real processes on a real SQLite file (the server's set-up): one process saves
sheets through the services, one after the other, logging each; ``manage.py backup`` runs meanwhile;
``manage.py restore`` loads the file into new databases; a dump process reads what the API answers.
The restored state must be the state after exactly the first k saves of the log, for one k: a
backup that tore a save in half, or caught two tables at different moments, cannot pass that.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PYTHON = sys.executable
ON_POSTGRESQL = os.environ.get("DATABASE_URL", "").startswith("postgres")

pytestmark = pytest.mark.slow


def run(args: list[str], database_url: str, **kwargs) -> subprocess.CompletedProcess:
    env = dict(os.environ, DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="config.settings.test")
    result = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, **kwargs)
    assert result.returncode == 0, result.stderr[-3000:]
    return result


def dump(database_url: str) -> dict:
    out = run([PYTHON, "-m", "tests.scoring.backup.worker", "dump"], database_url).stdout
    return json.loads(out.strip().splitlines()[-1])


def versions(state: dict) -> dict[str, int]:
    return {pk: match["version"] for pk, match in state["matches"].items()}


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """The demo season in a SQLite file, a backup made while a process saves, and the saves' log."""
    folder = tmp_path_factory.mktemp("backup-live")
    return backup_while_saving(f"sqlite:///{folder / 'live.sqlite3'}", folder)


@contextmanager
def new_postgresql_database():
    """A database of this test's own on the server DATABASE_URL names, dropped afterwards."""
    import psycopg

    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    name = f"klaverjas_backup_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def backup_while_saving(url: str, folder: Path) -> dict:
    run([PYTHON, "-m", "tests.scoring.backup.worker", "seed"], url)
    before = dump(url)
    stop, log, saver_log = folder / "stop", folder / "saves.jsonl", folder / "saver.log"
    env = dict(os.environ, DATABASE_URL=url, DJANGO_SETTINGS_MODULE="config.settings.test")
    # The saver's log lines (one INFO line a save) go to a file: a pipe that nobody reads until the end
    # fills after some hundreds of saves and stops the saver mid-test (it waited out the 60 s deadline).
    with open(saver_log, "w", encoding="utf-8") as errors_out:
        saver = subprocess.Popen(
            [PYTHON, "-m", "tests.scoring.backup.worker", "save", str(stop), str(log)],
            cwd=ROOT,
            env=env,
            stderr=errors_out,
            text=True,
        )
    try:
        saved = lambda: len(log.read_text().splitlines()) if log.exists() else 0  # noqa: E731
        deadline = time.monotonic() + 120
        while saved() < 20 and saver.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        at_start = saved()
        assert at_start >= 20, "the saver did not get going"
        made = run([PYTHON, "manage.py", "backup", "--to", str(folder / "backups")], url)
        at_end = saved()
        deadline = time.monotonic() + 60
        while saved() < at_end + 5 and saver.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop.touch()
        saver.wait(timeout=120)
    assert saver.returncode == 0, saver_log.read_text()[-3000:]
    saves = [json.loads(line) for line in log.read_text().splitlines()]
    backup = Path(made.stdout.strip().splitlines()[-1])
    return {
        "url": url,
        "folder": folder,
        "backup": backup,
        "before": before,
        "saves": saves,
        "during": (at_start, at_end),
    }


def consistent_prefix(before: dict, saves: list[dict], restored: dict) -> int:
    """The k such that the restored versions are those after the first k saves (or fail)."""
    state = versions(before)
    target = versions(restored)
    for k in range(len(saves) + 1):
        if state == target:
            return k
        if k < len(saves):
            state[str(saves[k]["match"])] = saves[k]["version"]
    raise AssertionError("the restored matches are not the state after any number of the saves: a torn snapshot")


def test_the_backup_ran_while_the_saves_went_on(live):
    at_start, at_end = live["during"]
    assert at_end > at_start, "no save happened while the backup ran: the test proves nothing"
    assert live["backup"].name.startswith("klaverjas-") and live["backup"].suffix == ".zip"


def test_restored_into_an_empty_sqlite_database_it_is_the_site_at_one_moment(live, tmp_path):
    url = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    run([PYTHON, "manage.py", "restore", str(live["backup"])], url)
    restored = dump(url)
    k = consistent_prefix(live["before"], live["saves"], restored)
    at_start, _at_end = live["during"]
    assert k >= at_start, "the backup holds an older state than the one it started from"
    assert set(restored["competitions"]) == set(live["before"]["competitions"])
    for slug, standing in restored["competitions"].items():
        assert standing["api"]["rows"], f"{slug}: no standings after the restore"
    # Competitions the saver never touched answer exactly as before, row by row.
    touched = {str(s["match"]) for s in live["saves"]}
    for pk, match in live["before"]["matches"].items():
        if pk not in touched:
            assert restored["matches"][pk] == match, pk


def test_a_quiet_backup_restores_to_exactly_what_the_server_answered(live, tmp_path):
    """Saves stopped: every standing, every match (with its version) and the audit log, equal."""
    now = dump(live["url"])
    made = run([PYTHON, "manage.py", "backup", "--to", str(tmp_path)], live["url"]).stdout.strip().splitlines()[-1]
    url = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    run([PYTHON, "manage.py", "restore", made], url)
    assert dump(url) == now


@pytest.mark.skipif(not ON_POSTGRESQL, reason="restores into PostgreSQL: runs in the PostgreSQL pass (DATABASE_URL)")
def test_the_same_backup_restores_into_postgresql_and_back_with_identical_standings_and_matches(live, tmp_path):
    with new_postgresql_database() as pg_url:
        run([PYTHON, "manage.py", "restore", str(live["backup"])], pg_url)
        on_sqlite_url = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
        run([PYTHON, "manage.py", "restore", str(live["backup"])], on_sqlite_url)
        on_postgresql, on_sqlite = dump(pg_url), dump(on_sqlite_url)
        assert on_postgresql == on_sqlite
        consistent_prefix(live["before"], live["saves"], on_postgresql)
        # ... and back: a backup of the PostgreSQL database restores into SQLite as the same site.
        again = run([PYTHON, "manage.py", "backup", "--to", str(tmp_path / "from-pg")], pg_url)
        back_url = f"sqlite:///{tmp_path / 'back.sqlite3'}"
        run([PYTHON, "manage.py", "restore", again.stdout.strip().splitlines()[-1]], back_url)
        assert dump(back_url) == on_postgresql


@pytest.mark.skipif(not ON_POSTGRESQL, reason="backs up a live PostgreSQL database: runs in the PostgreSQL pass")
def test_a_backup_of_a_live_postgresql_server_while_it_saves_is_one_moment(tmp_path):
    """A league server: the snapshot is one REPEATABLE READ transaction while the saver goes on."""
    with new_postgresql_database() as pg_url:
        made = backup_while_saving(pg_url, tmp_path)
        at_start, at_end = made["during"]
        assert at_end > at_start, "no save happened while the backup ran: the test proves nothing"
        url = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
        run([PYTHON, "manage.py", "restore", str(made["backup"])], url)
        assert consistent_prefix(made["before"], made["saves"], dump(url)) >= at_start
