"""One member's mail: plain text and HTML from a pair of templates, in the member's language, with the
one-click unsubscribe of RFC 8058 (``List-Unsubscribe`` with an http(s) URL that needs no login, and
``List-Unsubscribe-Post: List-Unsubscribe=One-Click``)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.core.exceptions import ValidationError
from django.core.mail import EmailMultiAlternatives
from django.core.validators import validate_email
from django.template.loader import render_to_string
from django.utils import translation

from clubs.models import Player
from members.mails.links import absolute, unsubscribe_url
from members.models import SWITCHES, MemberSettings

logger = logging.getLogger(__name__)


def settings_of(player: Player) -> MemberSettings:
    """The member's choices (select_related ``member_settings`` saves the query); defaults when none."""
    try:
        return player.member_settings
    except MemberSettings.DoesNotExist:
        return MemberSettings(player=player)


def address_of(player: Player) -> str:
    """Where a member's mail goes: their account's address, else the one the club keeps; "" when
    there is none or it is not a valid address (then nothing is written: the publish goes on)."""
    account = player.account if player.account_id else None
    found = address_from(account.email if account else "", player.email)
    if not found and (account and account.email or player.email or "").strip():
        logger.warning("member %s has an invalid e-mail address; no mail written", player.pk)
    return found


def address_from(account_email: str | None, player_email: str | None) -> str:
    """:func:`address_of` from the two addresses (the account's, the club's): "" when neither is a
    valid address."""
    address = ((account_email or "") or (player_email or "")).strip()
    if not address:
        return ""
    try:
        validate_email(address)
    except ValidationError:
        return ""
    return address


def wants(player: Player, kind: str) -> bool:
    """A member linked to an account, with an address, who has this kind of mail on."""
    return bool(player.account_id) and bool(address_of(player)) and getattr(settings_of(player), SWITCHES[kind])


def compose(*, player: Player, kind: str, subject: str, template: str, context: dict) -> EmailMultiAlternatives:
    """The mail ``members/mails/<template>.txt`` and ``.html`` in the member's language; ``subject`` is
    a callable's result rendered in that language by the caller (see :func:`in_language`)."""
    unsubscribe = unsubscribe_url(player_id=player.pk, kind=kind)
    context = {**context, "player": player, "unsubscribe_url": unsubscribe, "me_url": absolute("/me/")}
    with translation.override(settings_of(player).language):
        text = render_to_string(f"members/mails/{template}.txt", context)
        html = render_to_string(f"members/mails/{template}.html", context)
    message = EmailMultiAlternatives(
        subject=subject,
        body=text,
        to=[address_of(player)],
        headers={"List-Unsubscribe": f"<{unsubscribe}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    message.attach_alternative(html, "text/html")
    return message


def in_language(player: Player, text: Callable[[], str]) -> str:
    """``text()`` (a function using gettext) evaluated in the member's language."""
    with translation.override(settings_of(player).language):
        return str(text())
