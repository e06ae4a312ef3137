"""The movement of fixed pairs on one club evening: every pair meets every other pair once, all
tables in one hall. Pure, no Django.

A round robin by table (the circle method laid out on the tables): with an even number of pairs
the last pair is *stationary* at table 1, North–South, all evening; everyone else walks a circle
of seats. After each round

- the North–South pairs move one table *down* (table 3 → table 2); the North–South pair of
  table 2 crosses to East–West at table 1;
- the East–West pairs move one table *up* (table 2 → table 3); the East–West pair of table 1 goes
  to East–West at table 2, and the East–West pair of the last table crosses to North–South there.

With an odd number of pairs there is no stationary pair: the seat opposite it is the *sit-out*
(one pair rests each round). The tables are then numbered from the first table that plays, so
the North–South pair of table 1 sits out next and the resting pair comes back East–West at
table 1.

Pairs are numbered 0..n-1 here and 1..n on paper; tables and rounds are numbered from 1.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_PAIRS, MAX_PAIRS = 3, 40
NS, EW = "NS", "EW"


@dataclass(frozen=True, slots=True)
class Meeting:
    """One table in one round: the North–South pair against the East–West pair."""

    table: int
    ns: int
    ew: int


@dataclass(frozen=True, slots=True)
class Stop:
    """Where one pair is in one round: ``table`` and ``line`` (``"NS"``/``"EW"``), or both
    ``None`` when it sits out; ``opponent`` the pair it meets (``None`` when sitting out)."""

    table: int | None
    line: str | None
    opponent: int | None


@dataclass(frozen=True)
class Movement:
    pairs: int
    tables: int
    rounds: tuple[tuple[Meeting, ...], ...]  # per round, by table
    sit_outs: tuple[int | None, ...]  # per round: the pair that rests (odd numbers), else None
    stationary: int | None  # the pair that stays at table 1 North–South (even numbers)

    def stop(self, pair: int, round_index: int) -> Stop:
        """Where ``pair`` plays in round ``round_index`` (0-based)."""
        for meeting in self.rounds[round_index]:
            if meeting.ns == pair:
                return Stop(meeting.table, NS, meeting.ew)
            if meeting.ew == pair:
                return Stop(meeting.table, EW, meeting.ns)
        return Stop(None, None, None)

    def route(self, pair: int) -> list[Stop]:
        """The pair's stops, round by round: what its movement card lists."""
        if not 0 <= pair < self.pairs:
            raise ValueError(f"movement: pair {pair} is not one of 0..{self.pairs - 1}")
        return [self.stop(pair, r) for r in range(len(self.rounds))]


def pair_movement(pairs: int) -> Movement:
    """The movement for ``pairs`` fixed pairs (3..40): ``pairs − 1`` rounds for an even number,
    ``pairs`` rounds (one pair resting each round) for an odd number; every two pairs meet exactly
    once. Anything else is a ``ValueError`` naming the number."""
    if not isinstance(pairs, int) or isinstance(pairs, bool):
        raise ValueError(f"movement: the number of pairs must be a whole number, got {pairs!r}")  # contract: ValueError
    if not MIN_PAIRS <= pairs <= MAX_PAIRS:
        raise ValueError(f"movement: between {MIN_PAIRS} and {MAX_PAIRS} pairs, got {pairs}")
    size = pairs + pairs % 2  # with a phantom pair for an odd number: meeting it is resting
    circle = size - 1  # seats on the circle; pair x sits at seat (x - r) mod circle in round r
    fixed = size - 1
    odd = pairs % 2 == 1
    first = 2 if odd else 1  # with a phantom there is no table opposite it
    rounds, sit_outs = [], []
    for r in range(circle):
        at = [(seat + r) % circle for seat in range(circle)]  # the pair at each seat
        tables = [] if odd else [Meeting(1, fixed, at[0])]
        for k in range(1, size // 2):
            tables.append(Meeting(k + 2 - first, at[k], at[circle - k]))
        rounds.append(tuple(tables))
        sit_outs.append(at[0] if odd else None)
    return Movement(
        pairs=pairs,
        tables=size // 2 - (1 if odd else 0),
        rounds=tuple(rounds),
        sit_outs=tuple(sit_outs),
        stationary=None if odd else fixed,
    )
