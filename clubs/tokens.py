"""API tokens: a random key shown once, of which only the SHA-256 hash is stored.

A key looks like ``kj_`` followed by 43 URL-safe characters (256 random bits). Its first eight
characters are kept as ``prefix`` so a person can tell their tokens apart in the admin; the key
itself cannot be recovered from the database. A revoked token, or one of an inactive user, never
authenticates.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.utils import timezone
from ninja.security import HttpBearer

from clubs.models import ApiToken
from core.prepared import PreparedQuery

KEY_PREFIX = "kj_"
MAX_KEY_LENGTH = 200  # longer input is never a key of ours: refuse it before hashing


LAST_USED_GRANULARITY = timedelta(minutes=1)
#: Read on every API write: its SQL is built once per process (``core.prepared``).
_LIVE_TOKEN = PreparedQuery(
    lambda key_hash: (
        ApiToken.objects.select_related("user")
        .filter(key_hash=key_hash, revoked_at__isnull=True, user__is_active=True)
        .order_by("pk")[:1]
    ),
    str,
)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def create_token(user, name: str = "") -> str:
    """Create a token for ``user``; returns the plain key, which is shown once and never stored."""
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    ApiToken.objects.create(user=user, name=name[:80], key_hash=hash_key(key), prefix=key[:8])
    return key


def authenticate(key: str | None):
    """The active user of this key, or None (unknown, revoked, or the user is inactive).

    Marks the token as used (one UPDATE, no model save) when it was last marked more than
    ``LAST_USED_GRANULARITY`` ago: "last used" is shown to the minute, and a scorer's phone that
    saves every few seconds should not write a row for every request.
    """
    if not key or len(key) > MAX_KEY_LENGTH:
        return None
    found = _LIVE_TOKEN.objects(hash_key(key.strip()))
    if not found:
        return None
    token = found[0]
    now = timezone.now()
    if token.last_used is None or now - token.last_used >= LAST_USED_GRANULARITY:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
    return token.user


def revoke(token: ApiToken | str) -> bool:
    """Revoke a token (the model row, or its plain key). Returns whether a live token was revoked."""
    queryset = ApiToken.objects.filter(revoked_at__isnull=True)
    if isinstance(token, ApiToken):
        queryset = queryset.filter(pk=token.pk)
    else:
        queryset = queryset.filter(key_hash=hash_key(token))
    return bool(queryset.update(revoked_at=timezone.now()))


class BearerToken(HttpBearer):
    """The API's door: ``Authorization: Bearer <token>`` gives the token's user, or None (then 401 in
    the one error shape). Every write of the API names it as its ``auth``."""

    def authenticate(self, request, token):
        return authenticate(token)
