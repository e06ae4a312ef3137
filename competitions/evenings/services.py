"""Club evenings: the evening, who came (and who came late), and a new round of the evening."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from clubs.models import Player
from competitions.models import (
    Attendance,
    Competition,
    Evening,
    Round,
)
from competitions.organiser.checks import INDIVIDUAL, DrawError, require_format, require_members
from competitions.organiser.rows import ensure_entrants, lock_competition, new_round, players_in_rounds


@transaction.atomic
def create_evening(*, competition: Competition, date: datetime.date | None = None) -> Evening:
    """Add the next club evening (numbered on from the last) to an individual competition."""
    competition = lock_competition(competition)
    require_format(competition, INDIVIDUAL, _("Only individual competitions have club evenings."))
    last = competition.evenings.aggregate(last=Max("number"))["last"] or 0
    return Evening.objects.create(competition=competition, number=last + 1, date=date)


@transaction.atomic
def register_attendance(
    *, evening: Evening, players: Iterable[Player], late: Iterable[Player] = ()
) -> list[Attendance]:
    """Make ``players`` plus ``late`` exactly the players present at ``evening``.

    The attendance form shows the current list ticked, so what comes back is the whole list:
    ticked members are present, ``late`` ones present and marked as late arrivals (they take part
    from the next round drawn). A player who already sits in a drawn round of the evening cannot
    be taken off the list. Every player present gets the competition's Entrant.
    """
    evening = Evening.objects.select_related("competition__club").get(pk=evening.pk)
    competition = lock_competition(evening.competition)
    late_ids = {p.pk for p in late}
    wanted = {p.pk: p for p in players} | {p.pk: p for p in late}
    require_members(competition, wanted.values())

    current = {a.player_id: a for a in evening.attendances.all()}
    leaving = set(current) - set(wanted)
    playing = players_in_rounds(Round.objects.filter(evening=evening), leaving)
    if playing:
        player = Player.objects.get(pk=next(iter(sorted(playing))))
        raise DrawError(
            _("%(name)s already plays in round %(number)s of this evening; swap them out of that round first.")
            % {"name": player.name, "number": playing[player.pk]}
        )
    Attendance.objects.filter(evening=evening, player_id__in=leaving).delete()
    changed = [a for pk, a in current.items() if pk in wanted and a.arrived_late != (pk in late_ids)]
    for attendance in changed:
        attendance.arrived_late = attendance.player_id in late_ids
    Attendance.objects.bulk_update(changed, ["arrived_late"])
    Attendance.objects.bulk_create(
        [Attendance(evening=evening, player_id=pk, arrived_late=pk in late_ids) for pk in wanted if pk not in current]
    )
    ensure_entrants(competition, wanted.keys())
    return list(evening.attendances.select_related("player").order_by("player__last_name", "player__first_name"))


@transaction.atomic
def create_round(
    *, competition: Competition, evening: Evening | None = None, date: datetime.date | None = None
) -> Round:
    """Add the next round (numbered on through the competition), as a draft without tables.

    Individual competitions draw a round within a club evening; pairs and teams rounds have none.
    """
    competition = lock_competition(competition)
    if competition.format == INDIVIDUAL and evening is None:
        raise DrawError(_("A round of club evenings belongs to an evening."))
    if competition.format != INDIVIDUAL and evening is not None:
        raise DrawError(_("Only individual competitions have club evenings."))
    if evening is not None and evening.competition_id != competition.pk:
        raise DrawError(_("This evening belongs to another competition."))
    return new_round(competition, evening=evening, date=date or (evening.date if evening else None))
