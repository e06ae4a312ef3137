"""Issue 25, item 9: a small, valid request body sent in chunks (``Transfer-Encoding: chunked``, no
``Content-Length``) was refused with "body is verplicht": Django read it as empty. Tried through a real
served site (gunicorn, as ``make serve`` runs it: the test client cannot send chunks), a chunked sheet
is saved like any other, and a chunked body over the API's limit is still refused (413)."""

from __future__ import annotations

import http.client
import json

import pytest

from benchmarking import served as site
from core.api_errors import MAX_BODY_BYTES

pytestmark = [pytest.mark.slow]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    path = tmp_path_factory.mktemp("chunked") / "chunked.sqlite3"
    info = site.build_database(path, tables=2)
    process, port = site.start("gunicorn", path, workers=1)
    yield port, info
    site.stop(process)


def send_chunked(port: int, token: str, path: str, body: bytes, size: int = 7) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    chunks = (body[i : i + size] for i in range(0, len(body), size))
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Accept-Language": "en"}
    conn.request("PUT", path, body=chunks, headers=headers, encode_chunked=True)
    response = conn.getresponse()
    raw = response.read()
    conn.close()
    return response.status, json.loads(raw or b"{}")


def test_a_small_chunked_sheet_is_saved(server):
    port, info = server
    match = info["matches"][0]
    deals = site.sheet(writer=1, attempt=1, deals=3)
    body = json.dumps({"version": 0, "deals": deals}).encode()
    status, answer = send_chunked(port, info["token"], f"/api/matches/{match}/deals", body)
    assert status == 200, answer
    assert answer["version"] == 1 and site.key(answer["deals"]) == site.key(deals)
    client = site.ApiClient(port, info["token"])
    try:
        assert site.key(client.request("GET", f"/api/matches/{match}")[1]["deals"]) == site.key(deals)
    finally:
        client.close()


def test_a_chunked_body_over_the_limit_is_refused(server):
    port, info = server
    match = info["matches"][1]
    body = json.dumps({"version": 0, "deals": [], "padding": "x" * (MAX_BODY_BYTES + 10)}).encode()
    status, answer = send_chunked(port, info["token"], f"/api/matches/{match}/deals", body, size=16 * 1024)
    assert status == 413, answer
    assert "too large" in answer["detail"]
    client = site.ApiClient(port, info["token"])
    try:
        assert client.request("GET", f"/api/matches/{match}")[1]["version"] == 0  # nothing changed
    finally:
        client.close()
