"""Log lines carry time, level and logger; with SENTRY_DSN set, an error reaches Sentry (here a small
HTTP server standing in for it, receiving the real sentry-sdk's envelope)."""

from __future__ import annotations

import gzip
import http.server
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_django(code: str, **env) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if k != "SENTRY_DSN"}
    full_env.update(DJANGO_SETTINGS_MODULE="config.settings.test", **env)
    script = f"import django, logging; django.setup(); {code}"
    return subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=full_env, capture_output=True, text=True, timeout=120
    )


def test_a_log_line_has_time_level_and_logger():
    result = run_django("logging.getLogger('scoring.backup.services').info('backup made: x.zip')")
    assert result.returncode == 0, result.stderr
    line = result.stderr.strip().splitlines()[-1]
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO scoring\.backup\.services: backup made: x\.zip", line
    )


def test_an_error_is_reported_to_sentry_when_sentry_dsn_is_set():
    received: list[bytes] = []

    class Sentry(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            if self.headers.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            received.append(body)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Sentry)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        dsn = f"http://publickey@127.0.0.1:{server.server_port}/42"
        code = (
            "import sentry_sdk; logging.getLogger('scoring.services').error('de server struikelt'); sentry_sdk.flush(5)"
        )
        result = run_django(code, SENTRY_DSN=dsn)
        assert result.returncode == 0, result.stderr
    finally:
        server.shutdown()
    assert any(b"de server struikelt" in body for body in received), received
    without = run_django("import sentry_sdk; print(sentry_sdk.get_client().is_active())")
    assert without.stdout.strip() == "False"
