"""A member asks to be removed (AVG, the right to erasure); the club's organiser anonymises them.

Results stay (the standings of everyone else do not change), the name goes: the club's member becomes
"Oud-lid <number>" without member number, address or account link; their answers, mail choices, the
record of mails written to them and the private calendar are deleted; an account that belongs to no
other club and has no staff role is switched off and emptied. Their old links (unsubscribe, calendar,
reminder answers) stop working: a Dutch page says they are no longer on the list."""

from __future__ import annotations

import logging

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import permissions
from clubs.models import Player, StaffRole
from competitions.models import SignUp
from members.models import MemberSettings, Notice

logger = logging.getLogger(__name__)


class RemovalRefused(ValueError):
    pass


@transaction.atomic
def request_removal(*, player: Player) -> MemberSettings:
    member, _created = MemberSettings.objects.select_for_update().get_or_create(player=player)
    if member.removal_requested_at is None:
        member.removal_requested_at = timezone.now()
        member.save(update_fields=["removal_requested_at"])
        logger.info("member %s asked to be removed", player.pk)
    return member


def removal_requests(user):
    """The members who asked to be removed, of the clubs ``user`` organises."""
    return (
        MemberSettings.objects.filter(
            removal_requested_at__isnull=False, player__club__in=permissions.clubs_managed_by(user)
        )
        .select_related("player__club")
        .order_by("removal_requested_at")
    )


@transaction.atomic
def anonymise(*, player: Player, by) -> Player:
    player = Player.objects.select_for_update().select_related("club").get(pk=player.pk)
    if not permissions.is_organiser_of(by, player.club):
        raise RemovalRefused(_("You are not an organiser of %(club)s.") % {"club": player.club.name})
    account = player.account
    SignUp.objects.filter(player=player).delete()
    Notice.objects.filter(player=player).delete()
    MemberSettings.objects.filter(player=player).delete()
    player.first_name = _("Former member")
    player.last_name = str(player.pk)
    player.member_number = f"x{player.pk}"
    player.email = ""
    player.active = False
    player.account = None
    player.save()
    if account is not None:
        other_clubs = Player.objects.filter(account=account).exists()
        staff = StaffRole.objects.filter(user=account).exists()
        if not other_clubs and not staff and not account.is_superuser:
            get_user_model().objects.filter(pk=account.pk).update(
                is_active=False, email="", first_name="", last_name="", username=f"verwijderd-{account.pk}"
            )
            account.set_unusable_password()
            get_user_model().objects.filter(pk=account.pk).update(password=account.password)
    logger.info("member %s of club %s anonymised by %s", player.pk, player.club.slug, by.get_username())
    return player
