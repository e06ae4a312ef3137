"""Login throttling: per account and address (another member behind the club's router still logs in),
and per account across addresses (rotating addresses does not help)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from core.login_throttle import LOCKOUT_PARAMETERS

pytestmark = pytest.mark.django_db
LOGIN = "/accounts/login/"


def attempt(username: str, password: str, address: str) -> tuple[int, bool]:
    client = Client()
    response = client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)
    return response.status_code, "_auth_user_id" in client.session


@pytest.fixture(autouse=True)
def axes_on():
    with override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=5, AXES_ACCOUNT_FAILURE_LIMIT=20):
        users = get_user_model().objects
        users.create_user(username="wedstrijdleider", password="correct horse")
        users.create_user(username="teller", password="battery staple")
        yield


def test_the_settings_use_the_handler_and_its_parameters(settings):
    assert settings.AXES_HANDLER == "core.login_throttle.AccountAndAddressHandler"
    assert settings.AXES_LOCKOUT_PARAMETERS == LOCKOUT_PARAMETERS


def test_a_locked_account_does_not_lock_the_others_behind_the_same_address():
    for _ in range(5):
        attempt("wedstrijdleider", "wrong", "10.0.0.9")
    status, logged_in = attempt("wedstrijdleider", "correct horse", "10.0.0.9")
    assert status in (403, 429) and not logged_in
    status, logged_in = attempt("teller", "battery staple", "10.0.0.9")
    assert logged_in, status


def test_an_account_is_throttled_across_addresses():
    for n in range(20):  # four wrong passwords from each of five addresses: no single address is locked
        attempt("wedstrijdleider", "wrong", f"10.0.1.{n // 4}")
    status, logged_in = attempt("wedstrijdleider", "correct horse", "10.0.2.1")  # a fresh address
    assert status in (403, 429) and not logged_in
    assert attempt("teller", "battery staple", "10.0.2.1")[1]  # the other accounts are not


def test_a_few_failures_from_other_addresses_leave_the_account_usable():
    for n in range(8):
        attempt("wedstrijdleider", "wrong", f"10.0.3.{n // 4}")
    assert attempt("wedstrijdleider", "correct horse", "10.0.3.9")[1]
