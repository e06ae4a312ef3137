"""Matchpoints of duplicate (portefeuille) klaverjas: pure arithmetic, no Django.

On one board the pairs of one line (N–S or E–W) who held the same cards are compared. Each pair's
*result* on a board is its score minus the opponents' score on that deal (points with roem, as
the sheet has them after nat and pit). Choice: the difference, not the own score alone, so that
the roem and points the opponents made count too, and the two lines of a table mirror each other
(an N–S result of +40 is an E–W result of −40).

- Matchpoints: 2 for every pair of the line with a lower result, 1 for every pair with the same
  result. The *top* of a board is 2 × (pairs that played it − 1).
- A board not played at a table gives its two pairs no result; the others are compared among
  themselves (a lower top), and a pair's percentage is its matchpoints over the tops of the boards
  it played — so a missing deal neither helps nor hurts anyone.
- The option "difference to the average": a pair's result minus the average result of the line on
  that board (an exact fraction).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction

MATCHPOINTS_PER_WIN = 2
MATCHPOINTS_PER_TIE = 1


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One pair on one board: its ``result``, ``matchpoints`` out of ``top``, and the
    ``difference`` of its result to the line's average."""

    result: int
    matchpoints: int
    top: int
    difference: Fraction

    @property
    def percentage(self) -> Fraction:
        return Fraction(100 * self.matchpoints, self.top) if self.top else Fraction(50)


def table_result(own: int, opponents: int) -> int:
    """A pair's result on a deal: its score minus the opponents' score."""
    return own - opponents


def top(pairs: int) -> int:
    """The most matchpoints a board played by ``pairs`` pairs of one line gives."""
    return MATCHPOINTS_PER_WIN * (pairs - 1) if pairs > 0 else 0


def score_board(results: Mapping[Hashable, int | None]) -> dict[Hashable, BoardScore]:
    """Matchpoints of one line on one board. ``results`` maps each pair to its result, or to None
    where the board was not played at its table (that pair then gets no score)."""
    played = {pair: value for pair, value in results.items() if value is not None}
    count = len(played)
    if not count:
        return {}
    values = sorted(played.values())
    average = Fraction(sum(values), count)
    board_top = top(count)
    scores = {}
    for pair, value in played.items():
        lower = _count_below(values, value)
        equal = _count_below(values, value + 1) - lower - 1  # the others with the same result
        scores[pair] = BoardScore(
            result=value,
            matchpoints=MATCHPOINTS_PER_WIN * lower + MATCHPOINTS_PER_TIE * equal,
            top=board_top,
            difference=value - average,
        )
    return scores


def _count_below(values: list[int], value: int) -> int:
    """How many of the sorted ``values`` are below ``value`` (bisect, without the import)."""
    low, high = 0, len(values)
    while low < high:
        middle = (low + high) // 2
        if values[middle] < value:
            low = middle + 1
        else:
            high = middle
    return low


@dataclass(frozen=True, slots=True)
class PairTotal:
    """A pair's evening: matchpoints over the tops of the boards it played, and the sum of its
    differences to the board averages."""

    matchpoints: int = 0
    top: int = 0
    boards: int = 0
    difference: Fraction = Fraction(0)

    @property
    def percentage(self) -> Fraction:
        return Fraction(100 * self.matchpoints, self.top) if self.top else Fraction(0)

    def add(self, score: BoardScore) -> PairTotal:
        return PairTotal(
            self.matchpoints + score.matchpoints,
            self.top + score.top,
            self.boards + 1,
            self.difference + score.difference,
        )


def pair_totals(boards: Mapping[Hashable, Mapping[Hashable, BoardScore]]) -> dict[Hashable, PairTotal]:
    """Each pair's totals over ``boards`` (board → pair → its score)."""
    totals: dict[Hashable, PairTotal] = {}
    for scores in boards.values():
        for pair, score in scores.items():
            totals[pair] = totals.get(pair, PairTotal()).add(score)
    return totals
