"""The documented plain-http trial (production settings with SECURE_SSL_REDIRECT=0) sends cookies a
browser keeps over http; behind https (the default) they stay Secure."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SHOW = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps([settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE, settings.SECURE_SSL_REDIRECT]))"
)


def production_settings(**env) -> list:
    environment = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY="x" * 50,
        ALLOWED_HOSTS="192.168.1.20",
        **env,
    )
    out = subprocess.run(
        [sys.executable, "-c", SHOW],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.parametrize(("redirect", "expected"), [("0", [False, False, False]), ("1", [True, True, True])])
def test_secure_cookies_follow_the_https_redirect(redirect, expected):
    assert production_settings(SECURE_SSL_REDIRECT=redirect) == expected
