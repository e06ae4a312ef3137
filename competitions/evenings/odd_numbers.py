"""Odd numbers on a club evening: who is drawn in a round, and tables of three or byes.

- ``three_player_tables(round)``: the evening's own choice (``Evening.three_player_tables``) or,
  when it has none, the competition's.
- ``players_to_draw(round)``: everyone present at the evening except those marked as sitting this
  round out (``SitOut``: no seat, no bye, and so no bye compensation).
- ``set_sit_outs``: mark who sits a round out, before it is drawn (or before it is redrawn).
- ``sit_out_late_arrivals``: those ticked "te laat" on the attendance page sit out the evening's
  first round (marked as ``SitOut`` when that round is made, so the draw page shows them and the
  organiser can still change it there before drawing again).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext as _

from competitions.models import Evening, Round, SitOut
from competitions.organiser.checks import DrawError, require_changeable, require_individual_round
from competitions.organiser.rows import lock_round


def three_player_tables(round: Round) -> bool:
    choice = round.evening.three_player_tables if round.evening_id else None
    return round.competition.three_player_tables if choice is None else choice


def players_to_draw(round: Round) -> list[int]:
    out = set(SitOut.objects.filter(round=round).values_list("player_id", flat=True))
    return [p for p in round.evening.attendances.values_list("player_id", flat=True) if p not in out]


@transaction.atomic
def set_sit_outs(*, round: Round, player_ids: Iterable[int]) -> None:
    """Make exactly ``player_ids`` (players present at the evening) sit out this round; only while
    the round can still be drawn or redrawn."""
    round = lock_round(round)
    require_individual_round(round)
    require_changeable(round, "draw")
    wanted = set(player_ids)
    present = set(round.evening.attendances.values_list("player_id", flat=True))
    if wanted - present:
        raise DrawError(_("Only players present at the evening can sit a round out."))
    SitOut.objects.filter(round=round).exclude(player_id__in=wanted).delete()
    have = set(SitOut.objects.filter(round=round).values_list("player_id", flat=True))
    SitOut.objects.bulk_create([SitOut(round=round, player_id=p) for p in wanted - have])


@transaction.atomic
def sit_out_late_arrivals(*, round: Round) -> list[int]:
    """Mark the evening's late arrivals as sitting out ``round`` when it is the evening's first round
    and not drawn yet; the player ids marked."""
    if round.evening_id is None or round.evening_round != 1 or round.matches.exists():
        return []
    late = set(round.evening.attendances.filter(arrived_late=True).values_list("player_id", flat=True)) - set(
        SitOut.objects.filter(round=round).values_list("player_id", flat=True)
    )
    SitOut.objects.bulk_create([SitOut(round=round, player_id=p) for p in sorted(late)])
    return sorted(late)


@transaction.atomic
def set_evening_tables(*, evening: Evening, three_player_tables: bool | None) -> Evening:
    """This evening's choice for odd numbers: tables of three (True), byes (False), or as the
    competition says (None). Rounds drawn already keep their tables; the choice applies to the
    next draw or redraw."""
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    evening.three_player_tables = three_player_tables
    evening.save(update_fields=["three_player_tables"])
    return evening
