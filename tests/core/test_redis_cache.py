"""The league server's page cache: CACHE_URL=redis://… gives django-redis, which keeps its client — against a real redis-server."""

import shutil
import socket
import subprocess
import time

import pytest
from django_redis.cache import RedisCache

pytestmark = pytest.mark.skipif(
    shutil.which("redis-server") is None, reason="needs redis-server (Debian package redis-server)"
)


@pytest.fixture
def redis_url():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_cache_url_gives_django_redis_which_works_and_keeps_one_client(redis_url):
    import importlib

    import config.settings.base as base

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CACHE_URL", redis_url)
        configured = importlib.reload(base).CACHES
    importlib.reload(base)
    assert configured["default"]["BACKEND"] == "core.cache.ForgivingRedisCache"
    assert configured["default"]["LOCATION"] == redis_url
    cache = RedisCache(redis_url, {"TIMEOUT": 60})
    cache.set("page:a", (b"<html>", {"Content-Type": "text/html"}))
    assert cache.get("page:a") == (b"<html>", {"Content-Type": "text/html"})
    assert cache.get("page:missing") is None
    assert cache.get_many(["page:a", "page:missing"]) == {"page:a": (b"<html>", {"Content-Type": "text/html"})}
    first = cache.client.get_client(write=False)
    assert cache.client.get_client(write=True) is first  # one server: one client, made once
    cache.delete("page:a")
    assert cache.get("page:a") is None
