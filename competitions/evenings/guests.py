"""Walk-ins on the attendance page: a guest ("introducé") or a new member, added in one line and
ticked present at once.

Choices: a guest is a ``Player`` of the competition's club marked ``guest`` (with their own club's
name if given) and a member number "G1", "G2" …; a new member gets the next free numeric member
number. A name that is already on the club's list is refused (tick that member instead), so the
same person does not end up twice in the standings.
"""

from __future__ import annotations

import re

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Player
from competitions.models import Attendance, Evening
from competitions.organiser.checks import INDIVIDUAL, DrawError, require_format
from competitions.organiser.rows import ensure_entrants, lock_competition

NAME_MAX = 60


@transaction.atomic
def add_walk_in(
    *, evening: Evening, first_name: str, last_name: str, guest: bool = False, guest_club: str = ""
) -> Player:
    """Add a guest or a new member to the club and tick them present at ``evening``."""
    evening = Evening.objects.select_related("competition__club").get(pk=evening.pk)
    competition = lock_competition(evening.competition)
    require_format(competition, INDIVIDUAL, _("Only individual competitions have club evenings."))
    first_name, last_name, guest_club = (" ".join(str(v).split()) for v in (first_name, last_name, guest_club))
    if not last_name:
        raise DrawError(_("Give the surname of the player who came in."))
    if len(first_name) > NAME_MAX or len(last_name) > 80 or len(guest_club) > 120:
        raise DrawError(_("That name is too long."))
    club = competition.club
    same = Player.objects.filter(club=club, first_name__iexact=first_name, last_name__iexact=last_name).first()
    if same is not None:
        raise DrawError(
            _("%(name)s is already on the list (member number %(number)s); tick them there.")
            % {"name": same.name, "number": same.member_number}
        )
    player = Player.objects.create(
        club=club,
        member_number=_next_number(club, guest),
        first_name=first_name,
        last_name=last_name,
        guest=guest,
        guest_club=guest_club if guest else "",
        active=not guest,
    )
    Attendance.objects.create(evening=evening, player=player)
    ensure_entrants(competition, [player.pk])
    return player


def _next_number(club, guest: bool) -> str:
    numbers = Player.objects.filter(club=club).values_list("member_number", flat=True)
    if guest:
        taken = [int(m[1:]) for m in numbers if re.fullmatch(r"G\d{1,9}", m)]
        return f"G{max(taken, default=0) + 1}"
    taken = [int(m) for m in numbers if m.isdigit() and len(m) < 10]
    return str(max(taken, default=0) + 1)
