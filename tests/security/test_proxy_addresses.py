"""Issue 25, item 8: behind the README's reverse proxy every request comes from the proxy's address.
Five wrong passwords from anyone then locked the organiser out for everyone. With
``TRUSTED_PROXY_COUNT`` the throttle counts per client address from ``X-Forwarded-For`` (the entry that
many places from the right: what the client itself wrote is ignored), and without it the header is not
trusted at all. AXES_ENABLED=1 here (the test settings switch axes off otherwise)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory, override_settings

from core.login_throttle import client_address

pytestmark = pytest.mark.django_db
LOGIN = "/accounts/login/"
PROXY = "10.0.0.1"  # every request reaches Django from the proxy


def attempt(username: str, password: str, forwarded: str) -> bool:
    client = Client()
    client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)
    return "_auth_user_id" in client.session


@pytest.fixture
def organiser():
    get_user_model().objects.create_user(username="wedstrijdleider", password="correct horse")


@pytest.fixture
def behind_one_proxy():
    with override_settings(
        AXES_ENABLED=True, AXES_FAILURE_LIMIT=5, AXES_ACCOUNT_FAILURE_LIMIT=20, TRUSTED_PROXY_COUNT=1
    ):
        yield


def test_five_wrong_passwords_through_the_proxy_lock_only_their_sender(organiser, behind_one_proxy):
    for _ in range(5):
        attempt("wedstrijdleider", "wrong", "198.51.100.7")
    assert not attempt("wedstrijdleider", "correct horse", "198.51.100.7")  # the guesser is locked out
    assert attempt("wedstrijdleider", "correct horse", "203.0.113.9")  # the organiser, elsewhere, is not


def test_a_forged_forwarded_header_does_not_change_the_senders_address(organiser, behind_one_proxy):
    # the client writes its own X-Forwarded-For; the proxy appends the real address after it
    for n in range(5):
        attempt("wedstrijdleider", "wrong", f"192.0.2.{n}, 198.51.100.7")
    assert not attempt("wedstrijdleider", "correct horse", "198.51.100.7")
    assert attempt("wedstrijdleider", "correct horse", "203.0.113.9")


def test_without_a_trusted_proxy_the_header_is_ignored(organiser):
    with override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=5, TRUSTED_PROXY_COUNT=0):
        for n in range(5):  # rotating the header does not rotate the address
            attempt("wedstrijdleider", "wrong", f"192.0.2.{n}")
        assert not attempt("wedstrijdleider", "correct horse", "192.0.2.99")


@pytest.mark.parametrize(
    ("count", "forwarded", "expected"),
    [
        (0, "198.51.100.7", PROXY),
        (1, "198.51.100.7", "198.51.100.7"),
        (1, "1.2.3.4, 198.51.100.7", "198.51.100.7"),
        (2, "1.2.3.4, 198.51.100.7, 10.0.0.2", "198.51.100.7"),
        (2, "198.51.100.7", PROXY),  # fewer entries than proxies: not through them
        (1, "not-an-address", PROXY),
        (1, "", PROXY),
        (1, "2001:db8::1", "2001:db8::1"),
    ],
)
def test_the_client_address_is_counted_from_the_right(count, forwarded, expected):
    request = RequestFactory().get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)
    with override_settings(TRUSTED_PROXY_COUNT=count):
        assert client_address(request) == expected


def test_the_count_comes_from_the_environment():
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, TRUSTED_PROXY_COUNT="2", DJANGO_SETTINGS_MODULE="config.settings.test")
    code = "import django; django.setup(); from django.conf import settings as s; print(s.TRUSTED_PROXY_COUNT, s.AXES_CLIENT_IP_CALLABLE)"
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["2", "core.login_throttle.client_address"]
    env["TRUSTED_PROXY_COUNT"] = "twee"
    refused = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True)
    assert refused.returncode != 0 and "TRUSTED_PROXY_COUNT must be a whole number" in refused.stderr
