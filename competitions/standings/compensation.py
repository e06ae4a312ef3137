"""Absence and byes compensation, as clubs choose (RULES.md §9), and how often it may count.

Per competition, for an absent evening (``absence_policy``) and for a round drawn out
(``bye_policy``): nothing; a fixed number of points (``absence_points`` / ``bye_points``, e.g.
1450); that fixed number *plus a pit* ("1600 plus a pit": the fixed points plus the pit bonus of
the competition's rules, 100 by default, so 1700); the evening's (round's) lowest score; the
evening's (round's) average; or the player's own average — for an absence the player's own average
evening, for a bye the player's own season average per round played (their points at the table
divided by the rounds they played, rounded half up).

``compensation_limit`` (empty: no limit): at most N absences and byes of a player are compensated
in a season, the first N in the order they happened (evening, then round). A later absence scores
nothing (no evening score, as with "nothing"); a later bye scores 0 for that round. The evening's
own result is not limited: it shows what the bye scored that evening by the policy.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, Sum

from competitions.base.rulesets import RuleOptionError, ruleset_for
from competitions.models import Competition
from competitions.standings.metrics import seat_sides
from core.numbers import quotient


def pit_bonus(competition: Competition) -> int:
    """The pit bonus of the competition's rules (100 unless a rule option changes it)."""

    try:
        return ruleset_for(competition).pit_bonus
    except RuleOptionError:
        return 100


def fixed_points(competition: Competition, *, bye: bool) -> int:
    """The fixed compensation of an absence or a bye, with the pit bonus for "plus a pit"."""
    policy = competition.bye_policy if bye else competition.absence_policy
    points = competition.bye_points if bye else competition.absence_points
    if policy == "fixed_pit":
        return points + pit_bonus(competition)
    return points


def own_round_averages(competition: Competition, player_ids) -> dict[int, int]:
    """Each player's own season average per round played (one query)."""

    ids = list(player_ids)
    if not ids:
        return {}
    rows = (
        seat_sides(match__round__competition=competition, match__seats__player_id__in=ids)
        .values("match__seats__player_id")
        .annotate(points=Sum("total"), played=Count("id"))
        .values_list("match__seats__player_id", "points", "played")
    )
    return {pk: quotient(points, played) for pk, points, played in rows if played}


class Allowance:
    """Who may still be compensated: ``take(player)`` says yes for a player's first N events
    (call it in the order the events happened)."""

    def __init__(self, competition: Competition):
        self.limit = competition.compensation_limit
        self.used: dict[int, int] = defaultdict(int)

    def take(self, player: int) -> bool:
        if self.limit is None:
            return True
        if self.used[player] >= self.limit:
            return False
        self.used[player] += 1
        return True


def in_order(absences, byes):
    """Absences (player, evening number) and byes (player, round id, evening number, round
    number) as one list of events in the order they happened: ("absence", player, number) and
    ("bye", player, bye tuple)."""
    events = [((number or 0, 0), "absence", player, number) for player, number in absences]
    events += [((b[2] or 0, b[3] or 0), "bye", b[0], b) for b in byes]
    return [
        (kind, player, item) for _key, kind, player, item in sorted(events, key=lambda e: (e[0], e[1] == "bye", e[2]))
    ]
