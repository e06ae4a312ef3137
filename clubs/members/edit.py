"""The organiser's changes to one member (issue 31 item 6): the name, the member number, guest or
member. One transaction each, with an audit row (``MemberChange``, action "edit") naming every field
before and after; nothing is written when anything is wrong, and every reason is a Dutch sentence
for the field it is about.

Checks: a surname is required (a first name may stay empty, as a walk-in's often is); a name is one
line (``core.text``: no line break, tab or other control character) and not too long; a member
number is required, one line, at most 20 characters and not another member's of the club. A
rename also renames the copies of the name kept elsewhere (``clubs.members.merge.renamed``: a
competition's entrant).
"""

from __future__ import annotations

import re

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.members.merge import renamed
from clubs.models import MemberChange, Player
from core.text import control_character

FIELDS = ("first_name", "last_name", "member_number", "guest", "guest_club")
LIMITS = {"first_name": 60, "last_name": 80, "member_number": 20, "guest_club": 120}


class MemberRefused(Exception):
    """Nothing was changed; ``errors`` maps a field to its reason."""

    def __init__(self, errors: dict[str, str]):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


def clean_text(value) -> str:
    """Spaces at the ends off and runs of spaces made one; control characters kept (to be refused)."""
    return re.sub(" {2,}", " ", str(value or "")).strip(" ")


def check_member(*, club_id: int, player_id: int | None, values: dict) -> dict[str, str]:
    """The reasons (by field) why these values cannot be stored; nothing is written."""
    errors: dict[str, str] = {}
    for name, limit in LIMITS.items():
        text = values.get(name, "")
        if what := control_character(text):
            if name == "member_number":
                errors[name] = _("A member number is one line: this one contains %(what)s.") % {"what": what}
            else:
                errors[name] = _("A name is one line: this one contains %(what)s. Type it again without it.") % {
                    "what": what
                }
        elif len(text) > limit:
            errors[name] = _("At most %(max)s characters.") % {"max": limit}
    if not values.get("last_name", "").strip() and "last_name" not in errors:
        errors["last_name"] = _("The surname is empty: every member has one.")
    number = values.get("member_number", "")
    if not number.strip() and "member_number" not in errors:
        errors["member_number"] = _("The member number is empty: every member has one (a guest's starts with G).")
    elif "member_number" not in errors:
        others = Player.objects.filter(club_id=club_id, member_number=number)
        if player_id is not None:  # a member being edited does not hold its own number against itself
            others = others.exclude(pk=player_id)
        other = others.first()
        if other is not None:
            errors["member_number"] = _("Member number %(number)s is already %(name)s's.") % {
                "number": number,
                "name": other.name,
            }
    return errors


def update_member(
    *,
    player: Player,
    user,
    first_name: str,
    last_name: str,
    member_number: str,
    guest: bool,
    guest_club: str = "",
) -> Player:
    """Store the member's new name, number and kind, or raise :class:`MemberRefused`."""
    values = {
        "first_name": clean_text(first_name),
        "last_name": clean_text(last_name),
        "member_number": clean_text(member_number),
        "guest": bool(guest),
        "guest_club": clean_text(guest_club) if guest else "",
    }
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        errors = check_member(club_id=player.club_id, player_id=player.pk, values=values)
        if errors:
            raise MemberRefused(errors)
        changes = {f: [getattr(player, f), v] for f, v in values.items() if getattr(player, f) != v}
        if not changes:
            return player
        for name, (_before, after) in changes.items():
            setattr(player, name, after)
        if "guest" in changes:
            player.active = not player.guest  # as a walk-in is made: a guest is not on the list of members
            changes["active"] = [not player.active, player.active]
        player.save(update_fields=list(changes))
        if "first_name" in changes or "last_name" in changes:
            renamed(player)
        MemberChange.objects.create(
            club_id=player.club_id,
            player=player,
            user=user if getattr(user, "is_authenticated", False) else None,
            action=MemberChange.Action.EDIT,
            changes=changes,
        )
    return player
