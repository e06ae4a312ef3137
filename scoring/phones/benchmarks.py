"""The club night on SQLite for ``manage.py bench --only night``: 20 tables save their sheets in the
same second, through the API, against a real served SQLite database (a throw-away file, migrated
and filled in a subprocess), once on ``runserver`` (what a club laptop's ``make run`` serves) and
once on ``gunicorn`` (3 worker processes). Each table sends a full 16-deal sheet, three times in a
row (each time at the version it just got), all twenty starting together.

Figures: the 95th percentile of a save's latency (ms) and the number of failed saves (bar: 0; a
"database is locked" is a failed save). Only 127.0.0.1 is contacted; the run stops by itself.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from pathlib import Path

from benchmarking import Measurement, at_most, benchmark, sized
from benchmarking import served as site
from benchmarking.loadtest import percentile

TABLES = 20
ROUNDS = 3
DEADLINE = 60  # seconds per server


def _table(
    port: int,
    token: str,
    match: int,
    writer: int,
    rounds: int,
    start: threading.Barrier,
    latencies: list[float],
    errors: list[str],
    lock: threading.Lock,
) -> None:
    client = site.ApiClient(port, token)
    stop_at = time.monotonic() + DEADLINE
    try:
        status, body = client.request("GET", f"/api/matches/{match}")
        version = body.get("version", 0)
        start.wait()
        for attempt in range(rounds):
            if time.monotonic() > stop_at:
                break
            began = time.perf_counter()
            status, body = client.request(
                "PUT",
                f"/api/matches/{match}/deals",
                {"version": version, "deals": site.sheet(writer, attempt, deals=16)},
            )
            elapsed = time.perf_counter() - began
            with lock:
                latencies.append(elapsed)
                if status != 200:
                    errors.append(f"{status}: {str(body)[:120]}")
            version = body.get("version", version) if status == 200 else version
    except Exception as exc:  # a dropped connection counts as a failed save
        with lock:
            errors.append(repr(exc))
    finally:
        client.close()


def night(kind: str, template: Path, info: dict, *, tables: int, rounds: int) -> tuple[float, int, int, str]:
    """(p95 ms, failed saves, saves, first error) for ``tables`` tables on a served copy of ``template``."""
    with tempfile.TemporaryDirectory(prefix="night-bench-") as folder:
        db = Path(folder) / "night.sqlite3"
        shutil.copy(template, db)
        server, port = site.start(kind, db)
        latencies: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()
        start = threading.Barrier(tables)
        try:
            threads = [
                threading.Thread(
                    target=_table, args=(port, info["token"], m, i, rounds, start, latencies, errors, lock), daemon=True
                )
                for i, m in enumerate(info["matches"])
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=DEADLINE + 30)
        finally:
            site.stop(server)
    return percentile(latencies, 95) * 1000, len(errors), len(latencies), (errors[0] if errors else "")


@benchmark("20 tables save at once (SQLite)", group="club night")
def bench_night(size: str) -> list[Measurement]:
    tables, rounds = sized(size, small=(2, 1), quick=(8, 1), full=(TABLES, ROUNDS))
    out = []
    with tempfile.TemporaryDirectory(prefix="night-bench-") as folder:
        # Migrated and filled once (five seconds of migrations), then each server saves into a copy.
        template = Path(folder) / "template.sqlite3"
        info = site.build_database(template, tables=tables)
        nights = {kind: night(kind, template, info, tables=tables, rounds=rounds) for kind in ("runserver", "gunicorn")}
    for kind, (p95, failed, saves, first) in nights.items():
        note = f"{tables} tables x {rounds} full sheets at once, API, {kind} on a SQLite file"
        out.append(Measurement(f"save p95, {kind}", p95, "ms", note=note))
        target, ok = at_most(failed, 0, "errors")
        out.append(
            Measurement(
                f"failed saves, {kind}",
                failed,
                "errors",
                target,
                ok,
                f"of {saves} saves" + (f"; first: {first}" if first else ""),
            )
        )
    return out
