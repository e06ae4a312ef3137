"""``GET /healthz``: may a load balancer send requests to this node? 200 with JSON when the database
answers, the cache keeps what is put in it and every migration of this code is applied; else 503
with the same JSON saying which check failed. No login, no session, never cached; cheap enough to
ask every few seconds (one query for the database, one for the migrations, one cache round trip).

What fails is named in full (the database's and Redis's addresses are in their errors) only to the
machine itself (loopback, after ``TRUSTED_PROXY_COUNT`` proxies) and to a logged-in member of the
site's staff; anyone else reads just "failing" (issue 34 item 13).

``HealthCheckMiddleware`` answers it first of all middleware: a load balancer asks each node by its
own address over plain http, which the host check and the https redirect of a league server would
refuse, and nothing after it (sessions, language, the page cache) has any business with the answer.
"""

from __future__ import annotations

import ipaddress
import logging
import secrets
import time
from importlib import import_module

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import DatabaseError, connection
from django.db.migrations.loader import MigrationLoader
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET

from core.login_throttle import client_address

logger = logging.getLogger(__name__)
_code_migrations: set[tuple[str, str]] | None = None


def code_migrations() -> set[tuple[str, str]]:
    """This code's migrations (read from disk once per process: the code does not change under it)."""
    global _code_migrations
    if _code_migrations is None:
        loader = MigrationLoader(None, ignore_no_migrations=True)
        _code_migrations = set(loader.graph.nodes)
    return _code_migrations


def check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def check_migrations() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT app, name FROM django_migrations")
        applied = set(cursor.fetchall())
    missing = sorted(code_migrations() - applied)
    if missing:
        raise RuntimeError(f"{len(missing)} not applied, e.g. {missing[0][0]}.{missing[0][1]}")
    return "ok"


def check_cache() -> str:
    key, token = f"healthz:{secrets.token_hex(8)}", secrets.token_hex(8)
    cache.set(key, token, 10)
    found = cache.get(key)
    cache.delete(key)
    if found != token:
        raise RuntimeError("the cache did not keep a value")
    return "ok"


CHECKS = {"database": check_database, "migrations": check_migrations, "cache": check_cache}


def from_this_machine(request) -> bool:
    try:
        return ipaddress.ip_address(client_address(request) or "").is_loopback
    except ValueError:
        return False


def from_staff(request) -> bool:
    """A logged-in staff member (the session read here: this answer comes before the session
    middleware); a database that does not answer makes nobody staff."""
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if not key:
        return False
    try:
        user_id = import_module(settings.SESSION_ENGINE).SessionStore(key).get("_auth_user_id")
        return bool(user_id) and get_user_model().objects.filter(pk=user_id, is_staff=True, is_active=True).exists()
    except Exception:
        return False


def may_see_details(request) -> bool:
    return from_this_machine(request) or from_staff(request)


@csrf_exempt
@never_cache
@require_GET
def healthz(request):
    started = time.perf_counter()
    checks, healthy = {}, True
    for name, check in CHECKS.items():
        if name == "migrations" and checks.get("database") != "ok":
            checks[name] = "not checked: no database"
            continue
        try:
            checks[name] = check()
        except (DatabaseError, RuntimeError, OSError, ConnectionError) as error:
            healthy = False
            checks[name] = f"failing: {error}".strip()
            logger.warning("health check %s failing: %s", name, error)
        except Exception as error:  # a cache client raises its own errors (redis.ConnectionError, ...)
            healthy = False
            checks[name] = f"failing: {type(error).__name__}: {error}"
            logger.warning("health check %s failing: %r", name, error)
    if not healthy and not may_see_details(request):
        checks = {name: "failing" if value.startswith("failing") else value for name, value in checks.items()}
    body = {
        "status": "ok" if healthy else "failing",
        "checks": checks,
        "ms": round((time.perf_counter() - started) * 1000, 1),
    }
    return JsonResponse(body, status=200 if healthy else 503)


PATH = "/healthz"


class HealthCheckMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info == PATH:
            return healthz(request)
        return self.get_response(request)
