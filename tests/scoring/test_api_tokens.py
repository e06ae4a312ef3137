"""API tokens: only a hash is stored, revocation works, the create_api_token command."""

import hashlib
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from clubs import tokens
from clubs.models import ApiToken
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_only_the_hash_is_stored_and_the_key_authenticates():
    user = UserFactory(username="ann")
    key = tokens.create_token(user, "laptop")
    row = ApiToken.objects.get()
    assert row.key_hash == hashlib.sha256(key.encode()).hexdigest()
    assert key not in {row.key_hash, row.prefix, row.name}
    assert key.startswith(row.prefix)
    assert tokens.authenticate(key) == user
    row.refresh_from_db()
    assert row.last_used is not None


def test_unknown_revoked_and_empty_keys_do_not_authenticate():
    user = UserFactory(username="ann")
    key = tokens.create_token(user)
    assert tokens.authenticate(key + "x") is None
    assert tokens.authenticate("") is None
    assert tokens.authenticate(None) is None
    assert tokens.revoke(ApiToken.objects.get()) is True
    assert tokens.revoke(key) is False
    assert tokens.authenticate(key) is None


def test_create_api_token_command_prints_a_working_key():
    user = UserFactory(username="ann")
    out = StringIO()
    call_command("create_api_token", "ann", "--name", "scorebord", stdout=out)
    key = out.getvalue().strip()
    assert tokens.authenticate(key) == user
    assert ApiToken.objects.get().name == "scorebord"


def test_create_api_token_refuses_an_unknown_user():
    with pytest.raises(CommandError, match="nobody"):
        call_command("create_api_token", "nobody")
    assert not ApiToken.objects.exists()
