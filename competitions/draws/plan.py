"""The plan of an individual round: the competition's whist schedule when its group is present,
else a draw by lot that keeps the club's apart pairs apart and rotates North (who deals first).
Called by ``seating.draw_individual`` inside its transaction."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from competitions.draws import pairing as draws
from competitions.draws.whist import plan_whist_round
from competitions.models import Round, WhistRound
from competitions.organiser.checks import DrawError


def plan_draw(*, round: Round, present: Sequence[int], three_player_tables: bool) -> draws.RoundPlan:
    plan = plan_whist_round(round=round, present=present)
    if plan is not None:
        return plan
    competition = round.competition
    partnered, opposed = draws.pair_history(round=round)
    try:
        return draws.plan_individual_round(
            player_ids=present,
            partnered=partnered,
            opposed=opposed,
            seed=round.seed,
            three_player_tables=three_player_tables,
            apart=draws.apart_pairs(competition=competition),
            north=draws.north_counts(round=round),
            odd=draws.odd_counts(round=round),
        )
    except draws.ApartError as error:
        raise DrawError(
            _(
                "The members who must not share a table cannot all be kept apart with %(count)s players; "
                "remove a pair kept apart in the admin or draw with other players."
            )
            % {"count": len(present)}
        ) from error


def record_plan(*, round: Round, plan: draws.RoundPlan) -> None:
    """Note which schedule round this round follows (or that it follows none)."""
    if plan.schedule_round is None:
        WhistRound.objects.filter(round=round).delete()
        return
    WhistRound.objects.update_or_create(
        round=round, defaults={"number": plan.schedule_round, "players": plan.schedule_players}
    )
