"""A league server whose Redis goes away (issue 34 item 9): a real redis-server on a free port, stopped
mid-test. Anonymous reads are rendered without the cache, committed saves answer 200, the outage is
logged once (and its end once), and ``/healthz`` says 503 until Redis is back."""

from __future__ import annotations

import json
import logging
import shutil
import socket
import subprocess
import time

import pytest
from django.test import Client

from clubs.tokens import create_token
from competitions.models import Match
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server (Debian package redis-server)"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_redis(port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError("redis-server did not start")


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture
def redis_port(settings):
    port = free_port()
    server = start_redis(port)
    settings.CACHES = {
        "default": {"BACKEND": "core.cache.ForgivingRedisCache", "LOCATION": f"redis://127.0.0.1:{port}/0"}
    }
    settings.PAGE_CACHE_ENABLED = True
    servers = [server]
    yield port, servers
    for s in servers:
        if s.poll() is None:
            stop(s)


def test_reads_and_saves_survive_redis_stopped_mid_test(redis_port, caplog):
    port, servers = redis_port
    match = seated_match(club=ClubFactory(slug="troef"), slug="zonder-redis")
    competition = match.round.competition
    club = competition.club
    scorer, organiser = (
        UserFactory(username="rd-scorer", scorer_of=club),
        UserFactory(username="rd-org", organiser_of=club),
    )
    scorer_token, organiser_token = create_token(scorer), create_token(organiser)
    anonymous = Client(raise_request_exception=False)
    reads = [
        "/",
        f"/competitions/{competition.slug}/",
        f"/competitions/{competition.slug}/standings/",
        f"/competitions/{competition.slug}/rounds/1/",
        f"/matches/{match.pk}/",
        f"/api/competitions/{competition.slug}/standings",
        f"/api/matches/{match.pk}",
    ]
    for path in reads:
        assert anonymous.get(path).status_code == 200, path
    second = anonymous.get(f"/competitions/{competition.slug}/standings/")
    assert second["X-Page-Cache"] == "hit"  # Redis was serving
    assert anonymous.get("/healthz").status_code == 200

    stop(servers[0])  # Redis goes away
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="core.cache"):
        for path in reads * 3:
            response = anonymous.get(path)
            assert response.status_code == 200, (path, response.status_code)
        api = Client(raise_request_exception=False)
        saved = api.put(
            f"/api/matches/{match.pk}/deals",
            json.dumps({"version": 0, "deals": simulated_sheet(match, seed=3)}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {scorer_token}",
        )
        assert saved.status_code == 200, saved.content
        confirmed = api.post(
            f"/api/matches/{match.pk}/confirm",
            json.dumps({"version": saved.json()["version"]}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {organiser_token}",
        )
        assert confirmed.status_code == 200, confirmed.content
        assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED
        standings = anonymous.get(f"/api/competitions/{competition.slug}/standings").json()
        assert any(row["points"] for row in standings["rows"])  # the saved result is read, not a stale page
        health = anonymous.get("/healthz")
        assert health.status_code == 503
        assert health.json()["checks"]["cache"].startswith("failing")
        outage = [r for r in caplog.records if r.name == "core.cache"]
        assert len(outage) == 1, [r.getMessage() for r in outage]
        assert "unreachable" in outage[0].getMessage()

        servers.append(start_redis(port))  # back again: healthy, and the end of the outage logged once
        assert anonymous.get(f"/competitions/{competition.slug}/standings/").status_code == 200
        assert anonymous.get("/healthz").status_code == 200
        anonymous.get(f"/competitions/{competition.slug}/standings/")
    outage = [r.getMessage() for r in caplog.records if r.name == "core.cache"]
    assert len(outage) == 2 and "answers again" in outage[1], outage
