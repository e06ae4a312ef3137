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


ANSWER_SALT = "members.answer"
#: A reminder's "ik kom / ik kom niet" links work this long (they are mailed a few days before).
ANSWER_LINK_DAYS = 14


def answer_token(*, player_id: int, evening_id: int, coming: bool) -> str:
    return signing.dumps({"p": player_id, "e": evening_id, "a": int(coming)}, salt=ANSWER_SALT, compress=True)


def read_answer_token(token: str) -> tuple[int, int, bool]:
    """(player id, evening id, coming); ``signing.SignatureExpired`` after ``ANSWER_LINK_DAYS``,
    ``signing.BadSignature`` when changed."""
    data = signing.loads(token, salt=ANSWER_SALT, max_age=ANSWER_LINK_DAYS * 86400)
    if not isinstance(data, dict) or not all(isinstance(data.get(k), int) for k in ("p", "e", "a")):
        raise signing.BadSignature("not an answer token")
    return data["p"], data["e"], bool(data["a"])


def answer_url(*, player_id: int, evening_id: int, coming: bool) -> str:
    token = answer_token(player_id=player_id, evening_id=evening_id, coming=coming)
    return absolute(reverse("members:answer-link", args=[token]))
