"""A real served SQLite site for the concurrency tests (tests/scoring/test_sqlite_served_concurrency.py)
and the night bench (scoring/phones/benchmarks.py): a throw-away database file, migrated, with one
club night's round of tables; ``runserver`` or ``gunicorn`` on a free loopback port serving it; and
small HTTP clients (API token, or a logged-in browser session posting the entry form). Only
127.0.0.1 is ever contacted.

``build(tables)`` runs in a subprocess (``python -m benchmarking.served PATH TABLES``), so the
calling process's own database (a test database, the club's data) is never touched.
"""

from __future__ import annotations

import http.client
import http.cookies
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "served-night-pw"


def server_env(db_path: Path) -> dict:
    env = dict(os.environ)
    for name in ("DJANGO_ALLOW_ASYNC_UNSAFE", "PYTEST_CURRENT_TEST", "PYTEST_XDIST_WORKER"):
        env.pop(name, None)
    env.update(DJANGO_SETTINGS_MODULE="config.settings.test", DATABASE_URL=f"sqlite:///{db_path}", CONN_MAX_AGE="0")
    return env


def build_database(db_path: Path, tables: int) -> dict:
    """Migrate a fresh database at ``db_path`` and fill it; answers the ids, users and token."""
    env = server_env(db_path)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    out = subprocess.run(
        [sys.executable, "-m", "benchmarking.served", str(db_path), str(tables)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def build(tables: int) -> dict:
    """(In the subprocess, Django set up.) A club, a scorer, a pairs competition, one published round
    of ``tables`` open tables of four players."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Player, StaffRole
    from clubs.tokens import create_token
    from competitions.models import Competition, Match, MatchSeat, MatchSide, Round

    club = Club.objects.create(name="Served night", slug="served-night")
    users = get_user_model()
    scorer = users.objects.create_user("night-scorer", password=PASSWORD)
    StaffRole.objects.create(user=scorer, club=club, role=StaffRole.Role.SCORER)
    competition = Competition.objects.create(club=club, name="Served night", slug="served-night")
    round_ = Round.objects.create(competition=competition, number=1, status=Round.Status.PUBLISHED)
    players = Player.objects.bulk_create(
        [Player(club=club, member_number=f"n{i}", first_name="Speler", last_name=str(i)) for i in range(4 * tables)]
    )
    matches = Match.objects.bulk_create([Match(round=round_, table=t + 1) for t in range(tables)])
    MatchSeat.objects.bulk_create(
        [
            MatchSeat(match=m, seat=seat, side=k % 2, player=players[4 * t + k])
            for t, m in enumerate(matches)
            for k, seat in enumerate("NESW")
        ]
    )
    MatchSide.objects.bulk_create([MatchSide(match=m, side=s) for m in matches for s in (0, 1)])
    return {
        "matches": [m.pk for m in matches],
        "username": scorer.username,
        "password": PASSWORD,
        "token": create_token(scorer, name="served night"),
        "slug": competition.slug,
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(kind: str, db_path: Path, *, workers: int = 3) -> tuple[subprocess.Popen, int]:
    """``runserver`` (threaded, --noreload) or ``gunicorn`` (``workers`` processes) on a free port."""
    port = free_port()
    if kind == "runserver":
        command = [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload", "--nostatic"]
    else:
        command = [
            str(Path(sys.executable).parent / "gunicorn"),
            "config.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--log-level",
            "warning",
            "--timeout",
            "60",
        ]
    log = open(db_path.with_suffix(f".{kind}.log"), "wb")  # closed with the process
    server = subprocess.Popen(command, cwd=ROOT, env=server_env(db_path), stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        if server.poll() is not None:
            break
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/accounts/login/")
            if conn.getresponse().status == 200:
                conn.close()
                return server, port
        except OSError:
            time.sleep(0.2)
    stop(server)
    raise RuntimeError(
        f"{kind} did not start: " + db_path.with_suffix(f".{kind}.log").read_text(errors="replace")[-2000:]
    )


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=5)


def sheet(writer: int, attempt: int, deals: int = 3) -> list[dict]:
    """A valid sheet no other (writer, attempt) sends: deal 1's points name the writer, deal 2's
    the attempt (so an accepted save is never a no-op and the stored sheet tells whose it is)."""
    out = []
    for n in range(deals):
        made = 82 + (writer if n == 0 else attempt if n == 1 else n)
        out.append({"bidder": 0, "points": [made, 162 - made], "roem": [0, 0], "pit": None, "verzaakt": None})
    return out


def key(deals: list[dict]) -> list[tuple]:
    return [(tuple(d["points"]), tuple(d["roem"]), d["bidder"]) for d in deals]


class ApiClient:
    def __init__(self, port: int, token: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        self.conn.request(method, path, body=None if body is None else json.dumps(body), headers=self.headers)
        response = self.conn.getresponse()
        raw = response.read()
        try:
            return response.status, json.loads(raw or b"{}")
        except ValueError:
            return response.status, {"raw": raw[:300].decode(errors="replace")}

    def close(self):
        self.conn.close()


class BrowserSession:
    """A logged-in session that posts the entry form as a browser would (cookies, CSRF token)."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(self, method: str, path: str, form: dict | None = None) -> tuple[int, str, dict]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), "Accept-Language": "en"}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://127.0.0.1:{self.port}{path}"
            headers["Origin"] = f"http://127.0.0.1:{self.port}"
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        text = response.read().decode(errors="replace")
        for header in response.headers.get_all("Set-Cookie") or []:
            jar = http.cookies.SimpleCookie(header)
            for name, morsel in jar.items():
                self.cookies[name] = morsel.value
        return response.status, text, dict(response.headers)

    def csrf(self, html: str) -> str:
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        return found.group(1) if found else ""

    def login(self, username: str, password: str) -> None:
        status, html, _ = self.request("GET", "/accounts/login/")
        status, _, headers = self.request(
            "POST",
            "/accounts/login/",
            {"csrfmiddlewaretoken": self.csrf(html), "username": username, "password": password, "next": "/"},
        )
        if status != 302:
            raise RuntimeError(f"login failed: {status}")

    def load_sheet(self, match_id: int) -> tuple[int, str]:
        """GET the entry page: (version shown, CSRF token)."""
        status, html, _ = self.request("GET", f"/matches/{match_id}/enter/")
        if status != 200:
            raise RuntimeError(f"entry page answered {status}")
        found = re.search(r'name="version" value="(\d+)"', html)
        if found is None:
            raise RuntimeError("entry page without its version field")
        version = int(found.group(1))
        return version, self.csrf(html)

    def save_sheet(self, match_id: int, version: int, token: str, deals: list[dict]) -> int:
        form = {"csrfmiddlewaretoken": token, "version": str(version), "save": ""}
        for n, d in enumerate(deals, start=1):
            form.update(
                {
                    f"deal-{n}-bidder": "wz"[d["bidder"]],
                    f"deal-{n}-points_a": str(d["points"][0]),
                    f"deal-{n}-points_b": str(d["points"][1]),
                    f"deal-{n}-roem_a": str(d["roem"][0]),
                    f"deal-{n}-roem_b": str(d["roem"][1]),
                }
            )
        status, _, _ = self.request("POST", f"/matches/{match_id}/enter/", form)
        return status

    def close(self):
        self.conn.close()


if __name__ == "__main__":  # python -m benchmarking.served DB_PATH TABLES (env from server_env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    print(json.dumps(build(int(sys.argv[2]))))
