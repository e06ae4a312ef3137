"""Matchpoints of duplicate (portefeuille) klaverjas: pure arithmetic, no Django.

On one board the pairs of one line (N–S or E–W) who held the same cards are compared. Each pair's
*result* on a board is its score minus the opponents' score on that deal (points with roem, as
the sheet has them after nat and pit). Choice: the difference, not the own score alone, so that
the roem and points the opponents made count too, and the two lines of a table mirror each other
(an N–S result of +40 is an E–W result of −40).

- Matchpoints: 2 for every pair of the line with a lower result, 1 for every pair with the same
  result. The *top* of a board is 2 × (pairs that played it − 1).
- Fewer results than expected (RULES.md §9): when a board has fewer results than the others (a
  table that did not play it), each result is scaled to the top of a complete board by Neuberg's
  formula, as bridge does, so every board weighs the same: with ``n`` results of an expected ``E``
  (one per table) and ``m`` matchpoints on the 2-1-0 scale, the pair scores
  ``(m + 1) × E / n − 1`` of a top of ``2 × (E − 1)``. (On the 1-½-0 scale of bridge books this is
  the familiar ``(M + ½) × E / n − ½``.) A complete board is unchanged; the average (half the top)
  stays the average; a lone result scores exactly the average.
- A pair that missed a board (its table did not play it) gets the club's average, a percentage
  (40, 50 or 60: "average minus", "average", "average plus" in bridge) of the complete top, as
  :func:`missed_board`; that board counts in the pair's top like any other, so a missing deal
  neither helps nor hurts beyond the club's choice.
- Without an expected number of results (``expected=None``) a board is compared among the results
  it has, on its own lower top (how the engine scored before Neuberg; kept for callers and tests
  that have no movement).
- The option "difference to the average": a pair's result minus the average result of the line on
  that board (an exact fraction). Choice: a missed board adds no difference (0, the line's average),
  whatever the club's percentage; the percentage is for matchpoints.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

MATCHPOINTS_PER_WIN = 2
MATCHPOINTS_PER_TIE = 1

#: how the caller names a pair (an entrant id)
Pair = TypeVar("Pair", bound=Hashable)
#: how the caller names a board (its number)
Board = TypeVar("Board", bound=Hashable)


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One pair on one board: its ``result`` (None: the pair missed the board), ``matchpoints``
    out of ``top`` (a Fraction when scaled by Neuberg's formula or given for a missed board),
    ``raw``: the matchpoints before scaling, and the ``difference`` of its result to the line's
    average."""

    result: int | None
    matchpoints: int | Fraction
    top: int
    difference: Fraction
    raw: int | None = None

    @property
    def missed(self) -> bool:
        return self.result is None

    @property
    def scaled(self) -> bool:
        """Scaled by Neuberg's formula (a board with fewer results)."""
        return self.raw is not None and self.raw != self.matchpoints

    @property
    def percentage(self) -> Fraction:
        return Fraction(100 * self.matchpoints) / self.top if self.top else Fraction(50)


def table_result(own: int, opponents: int) -> int:
    """A pair's result on a deal: its score minus the opponents' score."""
    return own - opponents


def top(pairs: int) -> int:
    """The most matchpoints a board played by ``pairs`` pairs of one line gives."""
    return MATCHPOINTS_PER_WIN * (pairs - 1) if pairs > 0 else 0


def neuberg(matchpoints: int, results: int, expected: int) -> Fraction:
    """Neuberg's formula on the 2-1-0 scale: ``matchpoints`` earned among ``results`` results,
    scaled to a board of ``expected`` results: ``(m + 1) × E / n − 1``."""
    if not 0 < results <= expected:
        raise ValueError(f"neuberg: results must be 1..{expected}, not {results}")
    return Fraction((matchpoints + MATCHPOINTS_PER_TIE) * expected, results) - MATCHPOINTS_PER_TIE


def missed_board(percentage: int | Fraction, expected: int) -> BoardScore:
    """The score of a pair that missed a board: ``percentage`` (the club's average, e.g. 50) of the
    top of a complete board of ``expected`` results, and no difference to the average."""
    if not 0 <= percentage <= 100:
        raise ValueError(f"missed board: the percentage must be 0..100, not {percentage}")
    board_top = top(expected)
    return BoardScore(
        result=None, matchpoints=Fraction(percentage) * board_top / 100, top=board_top, difference=Fraction(0)
    )


def score_board(results: Mapping[Pair, int | None], expected: int | None = None) -> dict[Pair, BoardScore]:
    """Matchpoints of one line on one board. ``results`` maps each pair to its result, or to None
    where the board was not played at its table (that pair then gets no score here; see
    :func:`missed_board`). ``expected``: the results a complete board has (the number of tables);
    with fewer, every result is scaled by Neuberg's formula to that board's top."""
    played = {pair: value for pair, value in results.items() if value is not None}
    count = len(played)
    if not count:
        return {}
    if expected is not None and count > expected:
        raise ValueError(f"score_board: {count} results on a board expected to have {expected}")
    values = sorted(played.values())
    average = Fraction(sum(values), count)
    scale = expected is not None and count < expected
    board_top = top(expected if expected is not None else count)
    scores = {}
    for pair, value in played.items():
        lower = _count_below(values, value)
        equal = _count_below(values, value + 1) - lower - 1  # the others with the same result
        raw = MATCHPOINTS_PER_WIN * lower + MATCHPOINTS_PER_TIE * equal
        scores[pair] = BoardScore(
            result=value,
            matchpoints=neuberg(raw, count, expected) if scale and expected is not None else raw,
            top=board_top,
            difference=value - average,
            raw=raw,
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
    """A pair's evening: matchpoints over the tops of its boards (played, or missed and given the
    club's average), ``boards`` the boards played, ``missed`` the boards given the average, and the
    sum of its differences to the board averages."""

    matchpoints: int | Fraction = 0
    top: int = 0
    boards: int = 0
    difference: Fraction = Fraction(0)
    missed: int = 0

    @property
    def percentage(self) -> Fraction:
        return Fraction(100 * self.matchpoints) / self.top if self.top else Fraction(0)

    def add(self, score: BoardScore) -> PairTotal:
        return PairTotal(
            self.matchpoints + score.matchpoints,
            self.top + score.top,
            self.boards + (0 if score.missed else 1),
            self.difference + score.difference,
            self.missed + (1 if score.missed else 0),
        )


def pair_totals(boards: Mapping[Board, Mapping[Pair, BoardScore]]) -> dict[Pair, PairTotal]:
    """Each pair's totals over ``boards`` (board → pair → its score)."""
    totals: dict[Pair, PairTotal] = {}
    for scores in boards.values():
        for pair, score in scores.items():
            totals[pair] = totals.get(pair, PairTotal()).add(score)
    return totals
