"""Scaling out: two app servers (gunicorn) on one PostgreSQL and one Redis. A result saved and
confirmed on one server shows in the standings the other serves on the very next request, and a
page one server rendered is served from the shared cache by the other. Only 127.0.0.1 is contacted.
"""

import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from clubs.tokens import create_token
from competitions.models import MatchSide
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

ROOT = Path(__file__).resolve().parents[3]  # tests/competitions/pagecache/ -> the project

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server (Debian package redis-server)"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, path: str = "/", seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", path)
            if conn.getresponse().status in (
                200,
                302,
                404,
            ):  # 302: / leads to /setup/ on a site with no club of its own
                return
        except (OSError, http.client.HTTPException):
            time.sleep(0.2)
    raise RuntimeError(f"nothing answered on port {port}")


def call(port, method, path, body=None, token=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    return response.status, dict(response.getheaders()), response.read()


@pytest.fixture
def servers():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: run with DATABASE_URL=postgres://… (two app servers share one database)")
    settings = connection.settings_dict
    database = f"postgres://{settings['USER']}:{settings['PASSWORD']}@{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}/{settings['NAME']}"
    redis_port = free_port()
    redis = subprocess.Popen(
        ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings.test",
        DATABASE_URL=database,
        CACHE_URL=f"redis://127.0.0.1:{redis_port}/0",
        CONN_MAX_AGE="0",
    )
    for name in ("PYTEST_CURRENT_TEST", "DJANGO_ALLOW_ASYNC_UNSAFE"):
        env.pop(name, None)
    ports, processes = [free_port(), free_port()], []
    try:
        for port in ports:
            processes.append(
                subprocess.Popen(
                    [
                        str(Path(sys.executable).parent / "gunicorn"),
                        "config.wsgi:application",
                        "--bind",
                        f"127.0.0.1:{port}",
                        "--workers",
                        "1",
                        "--log-level",
                        "warning",
                    ],
                    cwd=ROOT,
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        for port in ports:
            wait_for(port)
        yield ports
    finally:
        for process in [*processes, redis]:
            process.terminate()
        for process in [*processes, redis]:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()


def test_saved_and_confirmed_on_one_server_shows_on_the_other(servers):
    match = seated_match(club=ClubFactory(slug="troef"), slug="twee-servers")
    club = match.round.competition.club
    scorer, organiser = (
        UserFactory(username="so-scorer", scorer_of=club),
        UserFactory(username="so-org", organiser_of=club),
    )
    scorer_token, organiser_token = create_token(scorer), create_token(organiser)
    one, other = servers
    standings = f"/competitions/{match.round.competition.slug}/standings/"
    status, headers, _body = call(other, "GET", standings)
    assert status == 200 and headers["X-Page-Cache"] == "miss"
    status, headers, _body = call(one, "GET", standings)
    assert headers["X-Page-Cache"] == "hit"  # rendered by the other server, served from the shared Redis

    status, _h, body = call(
        one,
        "PUT",
        f"/api/matches/{match.pk}/deals",
        {"version": 0, "deals": simulated_sheet(match, seed=7)},
        token=scorer_token,
    )
    assert status == 200, body
    version = json.loads(body)["version"]
    status, _h, body = call(
        one, "POST", f"/api/matches/{match.pk}/confirm", {"version": version}, token=organiser_token
    )
    assert status == 200, body

    total = MatchSide.objects.get(match=match, side=0).total
    name = match.seats.get(seat="N").player.name
    status, headers, body = call(other, "GET", standings)
    assert headers["X-Page-Cache"] == "miss" and name in body.decode() and str(total) in body.decode()
    status, _h, body = call(other, "GET", f"/api/competitions/{match.round.competition.slug}/standings")
    assert total in [row["points"] for row in json.loads(body)["rows"]]
