"""What a merge of two members (``clubs.members.merge``) does to the members app's rows: the mail
choices and calendar secret (``MemberSettings``: the kept member's stand; the dropped member's move only
where the kept member has none) and the record of mails written (``Notice``: moved, except where the kept
member was mailed about the same round or evening). Registered by ``connect``, which
``MembersConfig.ready`` calls."""

from __future__ import annotations

from django.db.models import Q

from clubs.members.merge import register
from clubs.models import Player
from members.models import MemberSettings, Notice


def move_settings(kept: Player, dropped: Player) -> int:
    if MemberSettings.objects.filter(player=kept).exists():
        MemberSettings.objects.filter(player=dropped).delete()
        return 0
    return MemberSettings.objects.filter(player=dropped).update(player=kept)


def move_notices(kept: Player, dropped: Player) -> int:
    mine = Notice.objects.filter(player=kept)
    for notice in Notice.objects.filter(player=dropped):
        same = Q(kind=notice.kind) & (
            Q(round_id=notice.round_id) if notice.round_id else Q(evening_id=notice.evening_id)
        )
        if mine.filter(same).exists():
            notice.delete()
    return Notice.objects.filter(player=dropped).update(player=kept)


def connect() -> None:
    register("members.settings", relations=("members.MemberSettings.player",), move=move_settings)
    register("members.notices", relations=("members.Notice.player",), move=move_notices)
