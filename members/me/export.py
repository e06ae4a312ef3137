"""A member's own data as JSON (AVG, the right of access): what the club keeps about them, from their
own page. Only their own: the account's linked members, nothing of anyone else but the names of the
people they played with and against, which are part of their results."""

from __future__ import annotations

from clubs.models import Player
from competitions.models import MatchSeat, SignUp
from members.mails.compose import settings_of
from members.models import Notice


def member_data(player: Player) -> dict:
    choices = settings_of(player)
    account = player.account
    seats = (
        MatchSeat.objects.filter(player=player)
        .select_related("match__round__competition", "match__round__evening")
        .order_by("match__round__competition__name", "match__round__number")
    )
    return {
        "club": player.club.name,
        "member": {
            "first_name": player.first_name,
            "last_name": player.last_name,
            "member_number": player.member_number,
            "email": player.email,
            "active": player.active,
            "guest": player.guest,
            "name_on_public_pages": player.name_shown,
        },
        "account": {
            "username": account.get_username() if account else None,
            "email": account.email if account else None,
            "last_login": account.last_login.isoformat() if account and account.last_login else None,
        },
        "mail_choices": {
            "draw": choices.draw_mail,
            "result": choices.result_mail,
            "reminder": choices.reminder_mail,
            "confirm": choices.confirm_mail,
            "language": choices.language,
        },
        "sign_ups": [
            {
                "competition": s.evening.competition.name,
                "evening": s.evening.number,
                "date": s.evening.date.isoformat() if s.evening.date else None,
                "coming": s.coming,
                "answered_at": s.answered_at.isoformat(),
                "late": s.late,
            }
            for s in SignUp.objects.filter(player=player).select_related("evening__competition")
        ],
        "mails_written": [
            {"kind": n.kind, "written_at": n.written_at.isoformat()}
            for n in Notice.objects.filter(player=player).order_by("written_at")
        ],
        "tables": [
            {
                "competition": s.match.round.competition.name,
                "round": s.match.round.label,
                "table": s.match.table,
                "seat": s.seat,
                "status": s.match.status,
            }
            for s in seats
        ],
    }
