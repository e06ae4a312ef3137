"""The league server's shared page cache: django-redis, forgiving when Redis is away.

A cache only saves renders, so losing Redis must cost nothing but renders (issue 34 item 9: with Redis
stopped, anonymous reads and committed saves answered 500). ``ForgivingRedisCache`` is django-redis's
own ``RedisCache`` with its ``IGNORE_EXCEPTIONS`` switched on: a get that cannot reach Redis is a miss
(the page is rendered), a set or delete that cannot is skipped. The error is logged once when Redis is
first missed, not on every request (a busy night would drown the log), and once more when it answers
again. ``/healthz`` still reports the cache as failing (its check reads back what it wrote), so a load
balancer and whoever watches it know. Short socket timeouts keep an unreachable Redis from holding a
request up.
"""

from __future__ import annotations

import logging
import threading

# django-redis ships neither type hints nor a py.typed marker (and the lock has no stubs for it): typed Any.
from django_redis.cache import CONNECTION_INTERRUPTED, RedisCache  # type: ignore[import-untyped]

logger = logging.getLogger(__name__)

SOCKET_TIMEOUT = 0.5  # seconds; Redis answers on the same network in well under a millisecond


class OutageLog:
    """Logs the first error of an outage and its end, and nothing in between (per process)."""

    def __init__(self, target: logging.Logger):
        self.target = target
        self.down = False
        self.missed = 0
        self.lock = threading.Lock()

    def exception(self, message: str, *args, **kwargs) -> None:  # django-redis calls this on every ignored error
        with self.lock:
            self.missed += 1
            first, self.down = not self.down, True
        if first:
            self.target.error(
                "the page cache (Redis) is unreachable: pages are rendered without it until it answers again",
                exc_info=True,
            )

    def answered(self) -> None:
        if not self.down:
            return
        with self.lock:
            missed, self.down, self.missed = self.missed, False, 0
        self.target.warning("the page cache (Redis) answers again, after %d calls that went without it", missed)


class ForgivingRedisCache(RedisCache):
    def __init__(self, server, params):
        options = {
            "SOCKET_CONNECT_TIMEOUT": SOCKET_TIMEOUT,
            "SOCKET_TIMEOUT": SOCKET_TIMEOUT,
            **params.get("OPTIONS", {}),
            "IGNORE_EXCEPTIONS": True,
        }
        super().__init__(server, {**params, "OPTIONS": options})
        self._ignore_exceptions = True  # django-redis's own switch (set from OPTIONS above, kept explicit)
        self._log_ignored_exceptions = True
        self.logger = OutageLog(logger)

    def _get(self, *args, **kwargs):
        value = super()._get(*args, **kwargs)
        if value is not CONNECTION_INTERRUPTED:
            self.logger.answered()
        return value
