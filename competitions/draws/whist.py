"""Draws that follow a whist schedule (``Competition.draw_method == "whist"``): the bridge between
the database and ``competitions.pairings.whist_schedule``. Reads, writes nothing.

A competition with a fixed group (a 16-player championship, a season with a stable core) plays
round after round, evening after evening, the next round of one whist schedule: in the end everyone
has partnered everyone once and opposed everyone twice. The group is the players present at the
first round drawn this way (schedule player *i* is the *i*-th of them by id); it is kept on every
``WhistRound``. When the players present are not exactly that group (someone is missing, a guest
came) or their number has no schedule (n ≡ 0 or 1 mod 4, 8..64), the round is drawn by lot
instead (``draws.plan_individual_round``) and the schedule waits for the next round.

Choice: after the schedule's last round it starts again at its first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from competitions.base.pairing import RoundPlan, TablePlan, seats_of
from competitions.models import DrawMethod, Round, WhistRound
from competitions.pairings.whist import MAX_PLAYERS, MIN_PLAYERS, whist_schedule


def has_schedule(count: int) -> bool:
    return MIN_PLAYERS <= count <= MAX_PLAYERS and count % 4 in (0, 1)


def schedule_rounds(count: int) -> int:
    return count - 1 if count % 4 == 0 else count


def last_whist_round(*, round: Round) -> WhistRound | None:
    """The latest round before ``round`` of its competition that followed the schedule."""
    return (
        WhistRound.objects.filter(round__competition_id=round.competition_id, round__number__lt=round.number)
        .order_by("-round__number")
        .first()
    )


def plan_whist_round(*, round: Round, present: Sequence[int]) -> RoundPlan | None:
    """The plan of the schedule's next round for these players (ids), or ``None`` when the round
    must be drawn by lot (not the whist method, not the schedule's group, no schedule for them)."""
    if round.competition.draw_method != DrawMethod.WHIST:
        return None
    last = last_whist_round(round=round)
    players = list(last.players) if last else sorted(present)
    if set(players) != set(present) or len(players) != len(present) or not has_schedule(len(players)):
        return None
    schedule = whist_schedule(len(players))
    number = (last.number + 1) % len(schedule) if last else 0
    plan = RoundPlan(schedule_round=number, schedule_players=players)
    for table_number, table in enumerate(schedule[number], start=1):
        seats = [(seat, side, players[i]) for seat, side, i in seats_of(table)]
        plan.tables.append(TablePlan(table=table_number, seats=seats, entrants=[None, None]))
    if len(players) % 4 == 1:
        plan.bye_players = [players[number]]  # schedule round r: player r sits out
    return plan


@dataclass(frozen=True)
class WhistStatus:
    """What the draw page says about the schedule: the round followed, or why it was not."""

    following: bool
    number: int = 0  # 1-based schedule round
    rounds: int = 0
    players: int = 0


def whist_status(*, round: Round) -> WhistStatus | None:
    """``None`` when the competition does not draw by whist schedule; else whether this round
    follows it (and which round of how many) or was drawn by lot for want of the group."""
    if round.competition.draw_method != DrawMethod.WHIST:
        return None
    own = WhistRound.objects.filter(round=round).first()
    if own is not None:
        count = len(own.players)
        return WhistStatus(True, own.number + 1, schedule_rounds(count), count)
    last = last_whist_round(round=round)
    count = len(last.players) if last else 0
    return WhistStatus(False, 0, schedule_rounds(count) if count else 0, count)
