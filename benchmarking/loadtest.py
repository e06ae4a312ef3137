"""A bounded load test on loopback: gunicorn serving the project, many clients reading and writing.

80 % of the requests read public pages (home, competitions, standings, rounds, matches), 20 % replace
a match's deals through the API. Writers may collide on a match: a 409 is the system doing its job
(the client re-reads and tries again) and is counted apart, never as an error. At the end every match
that was written is read back: its version must equal the versions handed out, and its deals must be
those of the last successful write — otherwise a write was lost.

Only 127.0.0.1 is ever contacted; the run stops by itself after ``seconds``.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from clubs.models import Club
from clubs.tokens import create_token
from competitions.models import Competition, Match, Round
from competitions.selectors import PlaySeen, is_visible_match, play_seen
from scoring.services import stored_deals

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Tally:
    latencies: dict[str, list[float]] = field(default_factory=lambda: {"read": [], "write": []})
    errors: list[str] = field(default_factory=list)
    conflicts: int = 0
    cache: dict[str, int] = field(default_factory=lambda: {"hit": 0, "miss": 0, "none": 0})  # reads by X-Page-Cache
    writes: dict[int, list[tuple[int, list]]] = field(default_factory=dict)  # match -> [(version, deals)]
    lock: threading.Lock = field(default_factory=threading.Lock)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def start_server(port: int, workers: int, env: dict, log) -> subprocess.Popen:
    """gunicorn on ``port``, its output into the file ``log``: a pipe that nobody reads fills up
    (64 KiB: the INFO line of every save) and blocks the worker that writes next until gunicorn kills
    it at 30 s, which is what a load test then measured."""
    command = [
        str(Path(sys.executable).parent / "gunicorn"),
        os.environ.get("LOADTEST_APP", "config.wsgi:application"),
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--log-level",
        "warning",
        "--preload",  # the app is imported once, before the workers fork: no worker boots under load
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:  # ready when a page answers, not when the port is bound: the clock starts after that
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/")
            if conn.getresponse().status == 200:
                conn.close()
                return server
        except (OSError, http.client.HTTPException):
            time.sleep(0.2)
    server.kill()
    server.wait()
    raise RuntimeError(f"gunicorn did not start: {tail(log.name)}")


def tail(path: str, lines: int = 20) -> str:
    with open(path, encoding="utf-8", errors="replace") as log:
        return "".join(log.readlines()[-lines:])


def request(
    port: int, method: str, path: str, body: bytes | None = None, headers: dict | None = None, tally=None
) -> tuple[int, bytes]:
    """One HTTP/1.1 request on a fresh connection (gunicorn's sync workers close each one), with as
    little work on this side as HTTP allows: the request written as bytes, the answer read to the
    end and split at the blank line. The clients share the machine's two cores with the server, and
    ``http.client`` (a header parser per answer, a file object per socket) cost about 1.4 ms of
    processor per request: an eighth of the machine at 160 requests a second, taken from the server.
    """
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    if body is not None:
        lines.append(f"Content-Length: {len(body)}")
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b""))
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    head, separator, content = b"".join(chunks).partition(b"\r\n\r\n")
    if not separator:
        raise http.client.HTTPException(f"no complete answer to {method} {path}")
    status_line, *header_lines = head.split(b"\r\n")
    status = int(status_line.split(b" ", 2)[1])
    answer = {}
    for line in header_lines:
        name, _colon, value = line.partition(b":")
        answer[name.strip().lower()] = value.strip()
    if b"transfer-encoding" in answer:
        raise http.client.HTTPException(f"a chunked answer to {method} {path}: not expected from these pages")
    length = answer.get(b"content-length")
    if length is not None and int(length) != len(content):
        raise http.client.HTTPException(f"{method} {path}: {len(content)} bytes of {int(length)}")
    if tally is not None:
        with tally.lock:
            tally.cache[(answer.get(b"x-page-cache") or b"none").decode()] += 1
    return status, content


def client(port, reads, match_ids, token, sheets, stop_at, tally: Tally, seed: int, write_share: float):
    rng = random.Random(seed)
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    while time.monotonic() < stop_at:
        writing = rng.random() < write_share
        started = time.perf_counter()
        try:
            if not writing:
                status, _ = request(port, "GET", rng.choice(reads), tally=tally)
                ok = status == 200
            else:  # the scorer's own read (with the token: a duplicate table is hidden from the public)
                match_id = rng.choice(match_ids)
                status, body = request(port, "GET", f"/api/matches/{match_id}", headers=auth)
                version = json.loads(body)["version"] if status == 200 else 0
                deals = rng.choice(sheets[match_id])
                status, body = request(
                    port,
                    "PUT",
                    f"/api/matches/{match_id}/deals",
                    body=json.dumps({"version": version, "deals": deals}).encode(),
                    headers=auth,
                )
                ok = status in (200, 409)
                if status == 200:
                    with tally.lock:
                        tally.writes.setdefault(match_id, []).append((json.loads(body)["version"], deals))
                elif status == 409:
                    with tally.lock:
                        tally.conflicts += 1
        except (OSError, http.client.HTTPException, ValueError) as exc:
            failure: int | str = repr(exc)
            ok = False
        else:
            failure = status
        elapsed = time.perf_counter() - started
        with tally.lock:
            tally.latencies["write" if writing else "read"].append(elapsed)
            if not ok:
                tally.errors.append(f"{'write' if writing else 'read'}: {failure}")


def run(*, seconds: int, clients: int, workers: int, write_share: float = 0.2, stdout=sys.stdout) -> dict:
    """Run the load test against the database Django is configured with (seeded with the demo)."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    organiser = get_user_model().objects.get(username="organiser")
    token = create_token(organiser, name="load test")
    # A league server has a club of its own beside (or after) the demo: without one, / leads to /setup/.
    Club.objects.get_or_create(slug="loadtest-eigen-club", defaults={"name": "Eigen club (load test)"})
    competitions = list(Competition.objects.filter(is_public=True))
    reads = ["/"]
    for c in competitions:
        reads += [f"/competitions/{c.slug}/", f"/competitions/{c.slug}/standings/"]
        published = (
            c.rounds.filter(status=Round.Status.PUBLISHED).order_by("number").values_list("number", flat=True)[:5]
        )
        reads += [f"/competitions/{c.slug}/rounds/{n}/" for n in published]  # a draft round is its staff's
    matches = list(
        Match.objects.filter(round__competition__club__staff_roles__user=organiser, sides=2)
        .values_list("id", flat=True)
        .distinct()[:200]
    )
    reads += [f"/matches/{m}/" for m in public_matches(matches)[:100]]
    writable, sheets = writable_matches(matches)
    connection.close()

    port = free_port()
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY=os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="0",
    )
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    log = tempfile.NamedTemporaryFile(prefix="loadtest-gunicorn-", suffix=".log", delete=False)
    server = start_server(port, workers, env, log)
    tally = Tally()
    started = time.monotonic()
    stop_at = started + seconds
    try:
        threads = [
            threading.Thread(
                target=client, args=(port, reads, writable, token, sheets, stop_at, tally, i, write_share), daemon=True
            )
            for i in range(clients)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=seconds + 60)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    duration = time.monotonic() - started

    lost = verify_writes(tally)
    all_latencies = tally.latencies["read"] + tally.latencies["write"]
    report: dict[str, object] = {
        "seconds": round(duration, 1),
        "clients": clients,
        "requests": len(all_latencies),
        "throughput": len(all_latencies) / duration if duration else 0,
        "errors": len(tally.errors),
        "conflicts": tally.conflicts,
        "writes": sum(len(v) for v in tally.writes.values()),
        "lost_writes": lost,
        "read_cache_hits": tally.cache["hit"],
        "read_cache_misses": tally.cache["miss"],
    }
    for kind in ("read", "write", "all"):
        values = all_latencies if kind == "all" else tally.latencies[kind]
        for p in (50, 95, 99):
            report[f"{kind}_p{p}_ms"] = percentile(values, p) * 1000
        report[f"{kind}_mean_ms"] = (statistics.fmean(values) * 1000) if values else 0
    report["error_samples"] = tally.errors[:5]
    report["server_log"] = log.name
    return report


def public_matches(match_ids: list[int]) -> list[int]:
    """The matches whose page the public is shown, in order: not those of a private competition or a
    draft round, nor a duplicate table whose boards other tables still play (``play_seen``). The site
    rightly answers 404 for those, which a load test would count as errors."""
    shown = []
    seen_in: dict[int, PlaySeen] = {}
    for match in Match.objects.filter(pk__in=match_ids).select_related("round__competition").order_by("id"):
        competition = match.round.competition
        if competition.pk not in seen_in:
            seen_in[competition.pk] = play_seen(None, competition)
        if is_visible_match(None, match) and seen_in[competition.pk].match(match.pk):
            shown.append(match.pk)
    return shown


def writable_matches(match_ids: list[int], most: int = 40) -> tuple[list[int], dict[int, list[list[dict]]]]:
    """Up to ``most`` matches to write, and for each the sheets a writer may send: the stored sheets
    of the matches of the same competition (same rules, so the API accepts them; another table's
    deals, so a save really changes something, and now and then its own, the idempotent resend)."""

    by_competition: dict[int, list[tuple[int, list[dict]]]] = {}
    for match in Match.objects.filter(pk__in=match_ids).select_related("round").order_by("id"):
        sheet = [{k: d[k] for k in ("bidder", "points", "roem", "pit", "verzaakt")} for d in stored_deals(match)]
        if sheet:
            by_competition.setdefault(match.round.competition_id, []).append((match.pk, sheet))
    sheets = {match_id: [sheet for _id, sheet in group] for group in by_competition.values() for match_id, _ in group}
    queues = [[match_id for match_id, _ in group] for group in by_competition.values() if len(group) >= 2]
    writable: list[int] = []
    while len(writable) < most and any(queues):  # round robin over the competitions
        for queue in queues:
            if queue and len(writable) < most:
                writable.append(queue.pop(0))
    return writable, sheets


def verify_writes(tally: Tally) -> int:
    """Writes that the database does not show: versions skipped or doubled, or other deals stored."""

    lost = 0
    for match_id, writes in tally.writes.items():
        match = Match.objects.get(pk=match_id)
        versions = sorted(v for v, _ in writes)
        # A version answered twice is a lost write, unless both sent the same deals: resending the
        # stored sheet is a no-op that answers the same version (the API's idempotent PUT).
        sheets_by_version: dict[int, set] = {}
        for version, deals in writes:
            key = tuple((tuple(d["points"]), tuple(d["roem"]), d["bidder"]) for d in deals)
            sheets_by_version.setdefault(version, set()).add(key)
        lost += sum(len(sheets) - 1 for sheets in sheets_by_version.values())
        last_deals = max(writes, key=lambda w: w[0])[1]
        if max(versions) == match.version:
            stored = [(d["points"], d["roem"], d["bidder"]) for d in stored_deals(match)]
            if stored != [(d["points"], d["roem"], d["bidder"]) for d in last_deals]:
                lost += 1
        elif max(versions) > match.version:
            lost += 1
    return lost
