"""``GET /healthz``: 200 with JSON when the database, the cache and the migrations are fine; 503 when
one is not (each failure made for real: a Redis port nobody listens on, a migration record gone, a
database file that cannot be opened). Never cached, no login, no session."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.django_db
def test_healthy_answers_200_json_uncached_without_login_or_session(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"] == {"database": "ok", "migrations": "ok", "cache": "ok"}
    assert "no-store" in response["Cache-Control"] and "max-age=0" in response["Cache-Control"]
    assert "Set-Cookie" not in response and not response.cookies
    assert "Cookie" not in response.get("Vary", "")


@pytest.mark.django_db
def test_an_unapplied_migration_answers_503(client):
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM django_migrations WHERE app = 'scoring' AND name = '0001_initial'")
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "failing"
    assert body["checks"]["migrations"].startswith("failing: 1 not applied, e.g. scoring.0001_initial")
    assert body["checks"]["database"] == "ok"


@pytest.mark.django_db
def test_a_cache_that_does_not_answer_answers_503(client, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["cache"].startswith("failing")
    assert response.json()["checks"]["database"] == "ok"


def test_a_database_that_cannot_be_opened_answers_503(tmp_path):
    """In a process of its own whose DATABASE_URL names a file in a folder that does not exist."""
    env = dict(
        os.environ,
        DATABASE_URL=f"sqlite:///{tmp_path / 'missing-folder' / 'db.sqlite3'}",
        DJANGO_SETTINGS_MODULE="config.settings.test",
    )
    script = (
        "import django, json; django.setup(); from django.test import Client; "
        "r = Client().get('/healthz'); print(json.dumps({'status': r.status_code, 'body': r.json()}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout.strip().splitlines()[-1])
    assert answer["status"] == 503
    assert answer["body"]["checks"]["database"].startswith("failing")
    assert answer["body"]["checks"]["migrations"] == "not checked: no database"


@pytest.mark.django_db
def test_a_load_balancer_asking_by_address_over_http_is_answered(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/healthz", HTTP_HOST="10.0.0.7:8000")
    assert response.status_code == 200 and response.json()["status"] == "ok"
    assert client.post("/healthz").status_code == 405


@pytest.fixture
def failing_cache(settings):
    port = free_port()
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    return port


@pytest.mark.django_db
def test_what_fails_is_named_only_to_the_machine_itself_and_to_staff(client, failing_cache, settings):
    """Issue 34 item 13: the database's and Redis's addresses are in their errors."""
    from tests.factories import UserFactory

    outside = client.get("/healthz", REMOTE_ADDR="203.0.113.9")
    assert outside.status_code == 503
    assert outside.json()["checks"] == {"database": "ok", "migrations": "ok", "cache": "failing"}
    assert str(failing_cache) not in outside.content.decode() and "127.0.0.1" not in outside.content.decode()

    settings.TRUSTED_PROXY_COUNT = 1  # through the proxy on the same machine: the client's address counts
    proxied = client.get("/healthz", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert proxied.json()["checks"]["cache"] == "failing"
    settings.TRUSTED_PROXY_COUNT = 0

    here = client.get("/healthz")  # the test client asks from 127.0.0.1
    assert here.status_code == 503 and str(failing_cache) in here.json()["checks"]["cache"]

    member = UserFactory(username="gewoon-lid")
    client.force_login(member)
    assert client.get("/healthz", REMOTE_ADDR="203.0.113.9").json()["checks"]["cache"] == "failing"
    staff = UserFactory(username="beheerder", is_staff=True)
    client.force_login(staff)
    named = client.get("/healthz", REMOTE_ADDR="203.0.113.9").json()["checks"]["cache"]
    assert named.startswith("failing: ") and str(failing_cache) in named
