"""core.redis_cache: Django's Redis backend, its client objects kept — against a real redis-server."""

import shutil
import socket
import subprocess
import time

import pytest

from core.redis_cache import RedisCache

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


def test_the_cache_works_and_keeps_one_client_per_pool(redis_url):
    cache = RedisCache(redis_url, {"TIMEOUT": 60})
    cache.set("page:a", (b"<html>", {"Content-Type": "text/html"}))
    assert cache.get("page:a") == (b"<html>", {"Content-Type": "text/html"})
    assert cache.get("page:missing") is None
    assert cache.get_many(["page:a", "page:missing"]) == {"page:a": (b"<html>", {"Content-Type": "text/html"})}
    first = cache._cache.get_client(write=False)
    assert cache._cache.get_client(write=True) is first  # one server: one pool, one client, made once
    cache.delete("page:a")
    assert cache.get("page:a") is None
