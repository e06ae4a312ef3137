"""A club night on a served SQLite database: twelve writers at once, through the API and the entry
form, on different matches and on the same match, against ``runserver`` and ``gunicorn``.

What must hold: no server error at all (no "database is locked": a write transaction takes the lock
up front and waits for its turn, see ``config/settings/base.py``); every accepted save got its own
version (1, 2, 3 … without a gap or a double on each match); the stored sheet is the last accepted
one. A 409 is the system doing its job (someone else saved first) and is not an error.
"""

from __future__ import annotations

import shutil
import threading
import time

import pytest

from benchmarking import served as site

pytestmark = [pytest.mark.slow]

OWN_MATCH_SAVES = 5  # per writer on a match of its own
SAME_MATCH_ATTEMPTS = 8  # per writer on the shared match (most answer 409 and retry)
DEADLINE = 45  # seconds: every writer stops by then whatever happens


@pytest.fixture(scope="module")
def template_db(tmp_path_factory):
    path = tmp_path_factory.mktemp("night") / "template.sqlite3"
    info = site.build_database(path, tables=12)
    return path, info


@pytest.fixture
def served(request, template_db, tmp_path):
    """A copy of the template database, served by ``request.param``."""
    source, info = template_db
    db = tmp_path / "night.sqlite3"
    shutil.copy(source, db)
    server, port = site.start(request.param, db)
    yield port, info, db
    site.stop(server)


class Night:
    def __init__(self):
        self.lock = threading.Lock()
        self.errors: list[str] = []
        self.accepted: dict[int, list[tuple[int, list[dict], str]]] = {}  # match -> [(version, sheet, how)]
        self.conflicts = 0
        self.requests = 0

    def accept(self, match: int, version: int, deals: list[dict], how: str):
        with self.lock:
            self.accepted.setdefault(match, []).append((version, deals, how))

    def error(self, text: str):
        with self.lock:
            self.errors.append(text)


def api_writer(port, token, match, writer, attempts, night: Night, start: threading.Barrier, stop_at: float):
    client = site.ApiClient(port, token)
    start.wait()
    try:
        for attempt in range(attempts):
            if time.monotonic() > stop_at:
                break
            status, body = client.request("GET", f"/api/matches/{match}")
            if status != 200:
                night.error(f"api GET {match}: {status} {body}")
                continue
            deals = site.sheet(writer, attempt)
            status, body = client.request(
                "PUT", f"/api/matches/{match}/deals", {"version": body["version"], "deals": deals}
            )
            with night.lock:
                night.requests += 2
            if status == 200:
                night.accept(match, body["version"], deals, "api")
            elif status == 409:
                with night.lock:
                    night.conflicts += 1
            else:
                night.error(f"api PUT {match}: {status} {body}")
    except Exception as exc:  # a dropped connection is an error of the night, named
        night.error(f"api writer {writer}: {exc!r}")
    finally:
        client.close()


def form_writer(port, info, match, writer, attempts, night: Night, start: threading.Barrier, stop_at: float):
    session = site.BrowserSession(port)
    try:
        start.wait()
        session.login(info["username"], info["password"])
        for attempt in range(attempts):
            if time.monotonic() > stop_at:
                break
            version, token = session.load_sheet(match)
            deals = site.sheet(writer, attempt)
            status = session.save_sheet(match, version, token, deals)
            with night.lock:
                night.requests += 2
            if status == 302:  # saved: the form redirects; the new version is the loaded one plus one
                night.accept(match, version + 1, deals, "form")
            elif status == 409:
                with night.lock:
                    night.conflicts += 1
            else:
                night.error(f"form POST {match}: {status}")
    except Exception as exc:  # named as above
        night.error(f"form writer {writer}: {exc!r}")
    finally:
        session.close()


def run_night(port: int, info: dict) -> Night:
    matches = info["matches"]
    shared = matches[-1]
    night = Night()
    plan = []  # (kind, match, attempts)
    for i in range(4):
        plan.append(("api", matches[i], OWN_MATCH_SAVES))
    for i in range(4, 8):
        plan.append(("form", matches[i], OWN_MATCH_SAVES))
    plan += [("api", shared, SAME_MATCH_ATTEMPTS)] * 2 + [("form", shared, SAME_MATCH_ATTEMPTS)] * 2
    start = threading.Barrier(len(plan))
    stop_at = time.monotonic() + DEADLINE
    threads = []
    for writer, (kind, match, attempts) in enumerate(plan):
        if kind == "api":
            args = (port, info["token"], match, writer, attempts, night, start, stop_at)
            threads.append(threading.Thread(target=api_writer, args=args, daemon=True))
        else:
            args = (port, info, match, writer, attempts, night, start, stop_at)
            threads.append(threading.Thread(target=form_writer, args=args, daemon=True))
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=DEADLINE + 30)
    assert not any(t.is_alive() for t in threads), "a writer hung"
    return night


def check_stored(port: int, info: dict, night: Night) -> None:
    client = site.ApiClient(port, info["token"])
    try:
        for match in info["matches"][:8] + info["matches"][-1:]:
            saves = night.accepted.get(match, [])
            assert saves, f"match {match}: no save was accepted"
            versions = sorted(v for v, _, _ in saves)
            assert versions == list(range(1, len(saves) + 1)), f"match {match}: versions {versions}"
            status, body = client.request("GET", f"/api/matches/{match}")
            assert status == 200
            assert body["version"] == versions[-1], f"match {match}: stored version {body['version']}, saves {versions}"
            last = max(saves, key=lambda s: s[0])[1]
            assert site.key(body["deals"]) == site.key(last), (
                f"match {match}: the stored sheet is not the last accepted"
            )
    finally:
        client.close()


@pytest.mark.parametrize("served", ["runserver", "gunicorn"], indirect=True)
def test_twelve_writers_at_once_no_server_error_and_no_lost_save(served):
    port, info, _db = served
    night = run_night(port, info)
    assert night.errors == [], night.errors[:10]
    own = [m for m in info["matches"][:8]]
    assert all(len(night.accepted.get(m, [])) == OWN_MATCH_SAVES for m in own), "a writer on its own match was refused"
    shared = night.accepted.get(info["matches"][-1], [])
    assert {how for _, _, how in shared} <= {"api", "form"} and len(shared) >= 1
    check_stored(port, info, night)
