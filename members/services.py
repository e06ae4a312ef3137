"""The member's own writes: their mail choices. Keyword-only, one transaction, a log line each (the
audit of a member's own choices: who, what, when)."""

from __future__ import annotations

import logging

from django.db import transaction

from clubs.models import Player
from members.models import SWITCHES, MemberSettings

logger = logging.getLogger(__name__)


@transaction.atomic
def set_mail_choices(
    *, player: Player, choices: dict[str, bool], via: str, language: str | None = None
) -> MemberSettings:
    """Switch kinds of mail (``draw``, ``result``, ``reminder``, ``confirm``) on or off for ``player`` (and, when
    given, the mails' ``language``); ``via`` says where (``"page"``, ``"unsubscribe link"``). Unknown
    kinds: ``ValueError``, nothing changed."""
    unknown = set(choices) - set(SWITCHES)
    if unknown:
        raise ValueError(f"unknown kinds of mail: {sorted(unknown)}")
    member, _created = MemberSettings.objects.select_for_update().get_or_create(player=player)
    for kind, on in choices.items():
        setattr(member, SWITCHES[kind], bool(on))
    if language is not None:
        member.language = language
    member.save()
    logger.info("member %s: mail %s (via %s)", player.pk, {k: bool(v) for k, v in choices.items()}, via)
    return member


def ensure_settings(*, player: Player) -> MemberSettings:
    """The member's settings row, made with its defaults (and the calendar's secret) when missing."""
    member, created = MemberSettings.objects.get_or_create(player=player)
    if created:
        logger.info("member %s: settings made (the calendar's secret)", player.pk)
    return member
