"""A substitute (invaller) who takes over a member's seat for the rest of an evening (RULES.md §9).

``substitute(evening=, member=, substitute=, from_round=)`` records it, ticks the substitute
present, and seats the substitute in the member's place in the rounds of the evening from
``from_round`` on that are drawn already (while their tables have no results); the rounds drawn
afterwards draw the substitute instead of the member (``players_to_draw``). Whom the substitute's
score counts for is the competition's ``substitute_counts_for`` (``competitions.standings``).

Refused, changing nothing: a member who is not present at the evening, a substitute who is the
member or already substitutes for someone that evening, a round number below 1, and a drawn
round whose table already has results.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Player
from competitions.base.checks import INDIVIDUAL, DrawError, require_format, require_members
from competitions.base.rows import ensure_entrants, lock_competition
from competitions.evenings.services import reseat
from competitions.models import Attendance, Evening, MatchSeat, Substitution


@transaction.atomic
def substitute(*, evening: Evening, member: Player, substitute: Player, from_round: int) -> Substitution:
    evening = Evening.objects.select_related("competition__club").get(pk=evening.pk)
    competition = lock_competition(evening.competition)
    require_format(competition, INDIVIDUAL, _("Only individual competitions have club evenings."))
    if from_round < 1:
        raise DrawError(_("The substitute takes over from round 1 or later."))
    if member.pk == substitute.pk:
        raise DrawError(_("A player cannot substitute for themselves."))
    if not evening.attendances.filter(player=member).exists():
        raise DrawError(_("%(name)s is not present at this evening.") % {"name": member.name})
    if Substitution.objects.filter(evening=evening, substitute=substitute).exclude(member=member).exists():
        raise DrawError(_("%(name)s already substitutes for someone this evening.") % {"name": substitute.name})
    require_members(competition, [substitute])
    Attendance.objects.get_or_create(evening=evening, player=substitute)
    ensure_entrants(competition, [substitute.pk])
    record, _created = Substitution.objects.update_or_create(
        evening=evening, member=member, defaults={"substitute": substitute, "from_round": from_round}
    )
    for round in evening.rounds.filter(evening_round__gte=from_round).order_by("number"):
        if MatchSeat.objects.filter(match__round=round, player=member).exists():
            reseat(round=round, player_a=member, player_b=substitute)
    return record
