"""``make run`` on the club laptop: DEBUG off unless asked for, a secret key of its own kept in an
ignored file, Dutch error pages, static files still served, and the address the phones must use
printed instead of ``http://0.0.0.0:8000/``. The server test starts the real ``serve_laptop``
command (runserver) on a fresh SQLite file and reads its pages over HTTP."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from config.settings.secret_key import local_secret_key
from core import network

ROOT = Path(__file__).resolve().parents[1]


def test_secret_key_is_made_once_and_kept(tmp_path):
    path = tmp_path / ".secret_key"
    first = local_secret_key(path)
    assert len(first) >= 50 and path.read_text().strip() == first
    assert local_secret_key(path) == first
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert local_secret_key(tmp_path / "other") != first


def test_secret_key_file_is_ignored_by_git():
    result = subprocess.run(["git", "check-ignore", ".secret_key"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, "add .secret_key to .gitignore"


def test_welcome_prints_the_phones_address_never_0000():
    lines = network.welcome("0.0.0.0", 8000, lan="192.168.1.20")
    text = "\n".join(lines)
    assert "0.0.0.0" not in text
    assert "http://127.0.0.1:8000/" in text
    assert "Phones at the tables use: http://192.168.1.20:8000/" in text
    assert "http://192.168.1.20:8000/manage/phones/" in text


def test_welcome_without_network_or_on_loopback_says_what_to_do():
    assert "no network address" in "\n".join(network.welcome("0.0.0.0", 8000, lan=None))
    assert "HOST=0.0.0.0" in "\n".join(network.welcome("127.0.0.1", 8000, lan="192.168.1.20"))
    site = network.welcome("0.0.0.0", 8000, lan="10.0.0.5", site_url="http://klaverjas.local:8000")
    assert "http://klaverjas.local:8000/manage/phones/" in "\n".join(site)


def test_lan_address_is_a_private_style_address_or_none():
    address = network.lan_address()
    assert address is None or (address.count(".") == 3 and not address.startswith("127."))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Accept-Language": "nl"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.slow
def test_the_laptop_server_hides_technical_pages_and_serves_static_files(tmp_path):
    env = {
        key: value for key, value in os.environ.items() if key not in ("DEBUG", "SECRET_KEY", "DJANGO_SETTINGS_MODULE")
    }
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", DJANGO_SETTINGS_MODULE="config.settings.local")
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    server = subprocess.Popen(
        [python, "manage.py", "serve_laptop", f"0.0.0.0:{port}", "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        for _attempt in range(100):
            try:
                status, _body = fetch(base + "/healthz")
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.2)
        status, body = fetch(base + "/no/such/page/")
        assert status == 404
        assert "Pagina niet gevonden" in body or "niet gevonden" in body
        assert "URLconf" not in body and "Traceback" not in body and "DEBUG = True" not in body
        assert 'class="error-page"' in body  # the site's look: base.html around it
        status, css = fetch(base + "/static/css/site.css")
        assert status == 200 and "{" in css
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=10)
    assert f"http://127.0.0.1:{port}/" in output
    assert f"0.0.0.0:{port}" not in output
    assert "DEBUG is off" in output
