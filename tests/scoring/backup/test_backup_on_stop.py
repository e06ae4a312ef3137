"""The end-of-evening backup survives Ctrl-C (issue 34 item 11): stopping the process while a backup is
being written waits for the file; the laptop's server, started again, removes what a cut-off backup
left (``.partial``) and makes the backup that is due. Real processes on a SQLite file of their own."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.slow

PREPARE = """
import django, sys
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from scoring import services
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet
match = seated_match(club=ClubFactory(slug="troef"))
club = match.round.competition.club
scorer = UserFactory(username="stop-scorer", scorer_of=club)
organiser = UserFactory(username="stop-organiser", organiser_of=club)
saved = services.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=match.version)
services.confirm_match(match=saved, user=organiser, version=saved.version)
"""

START_AND_STOP = """
import django, sys
django.setup()
from scoring.backup import auto
auto.start("end of evening 1 of stop-test")
sys.exit(0)  # the process is stopped at once, as Ctrl-C stops the server
"""


def environment(tmp_path: Path) -> dict:
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings.test",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        BACKUP_DIR=str(tmp_path / "backups"),
    )
    for name in ("PYTEST_CURRENT_TEST", "DJANGO_ALLOW_ASYNC_UNSAFE"):
        env.pop(name, None)
    return env


def python(script: str, env: dict) -> None:
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr[-2000:]


def reasons(directory: Path) -> list[str]:
    found = []
    for path in sorted(directory.glob("klaverjas-*.zip")):
        with zipfile.ZipFile(path) as archive:
            found.append(json.loads(archive.read("manifest.json"))["reason"])
    return found


@pytest.fixture
def prepared(tmp_path):
    env = environment(tmp_path)
    python(PREPARE, env)
    return env, tmp_path / "backups"


def test_a_process_stopped_while_backing_up_finishes_the_file(prepared):
    env, backups = prepared
    python(START_AND_STOP, env)
    assert reasons(backups) == ["end of evening 1 of stop-test"]
    assert list(backups.glob("*.partial")) == []


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_laptop_server_makes_the_due_backup_at_start_and_cleans_partials(prepared):
    env, backups = prepared
    backups.mkdir(parents=True, exist_ok=True)
    cut_off = backups / "klaverjas-20261127-220000.zip.partial"
    cut_off.write_bytes(b"PK\x03\x04 cut off")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "serve_laptop", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=dict(env, BACKUP_AUTO="1", DJANGO_SETTINGS_MODULE="config.settings.local", SECRET_KEY="stop-test"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/healthz")
                conn.getresponse().read()
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise AssertionError("the server did not answer")
        server.send_signal(signal.SIGINT)  # Ctrl-C
        output, _ = server.communicate(timeout=120)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == 0, output
    assert "Making the backup that is due" in output
    assert reasons(backups) == ["due at start-up: results confirmed since the last backup"]
    assert not cut_off.exists() and list(backups.glob("*.partial")) == []
