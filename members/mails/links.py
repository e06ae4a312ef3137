"""The links in a member's mails: absolute (``SITE_URL``), and signed where they act without a login.

An unsubscribe link names the member and the kind of mail, signed with the site's secret key
(``django.core.signing``): it needs no login, cannot be forged for another member or kind, and works
as often as it is used (turning a mail off twice changes nothing)."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse

UNSUBSCRIBE_SALT = "members.unsubscribe"


def site() -> str:
    """The address members reach this site at: ``SITE_URL`` (README), else the laptop's own."""
    return (settings.SITE_URL or "http://localhost:8000").rstrip("/")


def absolute(path: str) -> str:
    return site() + path


def unsubscribe_token(*, player_id: int, kind: str) -> str:
    return signing.dumps({"p": player_id, "k": kind}, salt=UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_token(token: str) -> tuple[int, str]:
    """(player id, kind) of a token; ``signing.BadSignature`` when it was changed or is not one."""
    data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    if not isinstance(data, dict) or not isinstance(data.get("p"), int) or not isinstance(data.get("k"), str):
        raise signing.BadSignature("not an unsubscribe token")
    return data["p"], data["k"]


def unsubscribe_url(*, player_id: int, kind: str) -> str:
    return absolute(reverse("members:unsubscribe", args=[unsubscribe_token(player_id=player_id, kind=kind)]))
