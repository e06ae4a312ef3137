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


@transaction.atomic
def set_name_shown(*, player: Player, choice: str) -> Player:
    """How ``player``'s name shows on public pages (``Player.NameShown``; clubs.public_names). An
    unknown choice: ``ValueError``, nothing changed. Saved with ``save()``: the public pages' cache
    keys move with it (competitions.pagecache), so no page shows the old form after the commit."""
    if choice not in Player.NameShown.values:
        raise ValueError(f"unknown name choice: {choice!r}")
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.name_shown != choice:
        player.name_shown = choice
        player.save(update_fields=["name_shown"])
    logger.info("member %s: name on public pages %s", player.pk, choice)
    return player
