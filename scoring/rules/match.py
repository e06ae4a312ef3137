"""A match: the deals of one table added up (RULES.md §4 options, §5 boom, §9).

A match ends after a fixed number of deals, or after the deal in which a side reaches the target
score (optionally capped at a number of deals); with tie-break deals, equal totals at the end
add that many deals, again while still equal. South African klawerjas counts strokes instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from . import errors as E
from .deal import DealInput, DealResult, score_deal
from .errors import InvalidDeal
from .rulesets import RuleSet


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The state of a match after the deals given.

    ``totals``: the sum of the deal scores per side. ``results``: one :class:`DealResult` per
    deal. ``finished``: no more deals are to be played. ``winner``: the side with the highest
    total (the first to the strokes in klawerjas) once finished and not a draw, else None.
    ``planned``: the number of deals the match has as far as known now (None with a target
    score and no cap). ``strokes``: klawerjas only, strokes per side; ``play_totals``: klawerjas
    only, the totals of the play in progress.
    """

    # Choice: for klawerjas ``totals`` is the sum of all hands of the match; the totals that
    # decide the boom are ``play_totals``, which restart at 0 after every boom.
    totals: tuple[int, ...]
    results: tuple[DealResult, ...]
    finished: bool
    winner: int | None
    planned: int | None
    strokes: tuple[int, ...] | None = None
    play_totals: tuple[int, ...] | None = None

    @property
    def played(self) -> int:
        """The number of deals played."""
        return len(self.results)


def score_match(rules: RuleSet, deals: Iterable[DealInput]) -> MatchResult:
    """Score every deal and add them up; raise :class:`InvalidDeal` (with ``.deal`` set to the
    deal's number) for a bad deal or for a deal played after the match was over."""
    if rules.boom:
        return _score_boom(rules, deals)
    sides = rules.sides
    totals = [0] * sides
    results: list[DealResult] = []
    target = rules.target_score
    planned = rules.max_deals if target is not None else rules.deals_per_match
    tiebreak = False  # playing tie-break deals
    finished = False
    decided_by: int | None = None  # target_winner "bidder": the side that won by bidding
    for number, deal in enumerate(deals, start=1):
        if finished:
            raise InvalidDeal("deals", E.MATCH_OVER, deal=number, last=number - 1, number=number)
        try:
            result = score_deal(rules, deal)
        except InvalidDeal as error:
            raise error.in_deal(number) from None
        results.append(result)
        for side, score in enumerate(result.scores):
            totals[side] += score
        if result.replayed:  # a verzaakt deal under "replay": played again, so one deal more
            if planned is not None:
                planned += 1
            continue
        if tiebreak:
            at_end = number == planned
        else:
            at_end = number == planned or (target is not None and max(totals) >= target)
        if at_end and not tiebreak and rules.target_winner == "bidder":
            decided_by = _bidder_past_target(rules, totals, result)
            if decided_by is not None:
                finished = True
                planned = number
                continue
        if at_end:
            if rules.tiebreak_deals and _tied(totals):
                tiebreak = True
                planned = number + rules.tiebreak_deals
            else:
                finished = True
                planned = number
    winner = decided_by
    if finished and winner is None and not _tied(totals):
        winner = totals.index(max(totals))
    return MatchResult(tuple(totals), tuple(results), finished, winner, planned)


def _bidder_past_target(rules: RuleSet, totals: list[int], result: DealResult) -> int | None:
    """With ``target_winner="bidder"``: the bidder side of the deal in which two or more sides
    passed the target together, if it is one of them; else None (the higher total decides).

    Choices: "reach" is "reach or pass" (a total equal to the target reaches it, as everywhere in
    score_match); the rule only applies when more than one side reached the target in that deal
    (a match ends at the first deal in which any side reaches it, so those sides all reached it in
    that deal); it beats equal totals too (no tie-break deals then); a bidder side that did not
    reach the target (it cannot, being nat or verzaakt) leaves the decision to the higher total;
    with three players it is the maker, if the maker is among the players past the target.
    """
    target = rules.target_score
    if target is None or result.bidder is None:
        return None
    past = [side for side, total in enumerate(totals) if total >= target]
    if len(past) < 2 or result.bidder not in past:
        return None
    return result.bidder


def _tied(totals: list[int]) -> bool:
    """Equal at the top: no single side leads.

    Choice: when both sides reach the target score in the same deal, the higher total wins and
    equal totals go to the tie-break deals (unless ``target_winner`` is "bidder", see
    :func:`_bidder_past_target`); with three players "equal" means a tie for first.
    """
    return totals.count(max(totals)) > 1


def _score_boom(rules: RuleSet, deals: Iterable[DealInput]) -> MatchResult:
    """South African klawerjas: hands add up into a play; at 100 a side goes on the boom."""
    totals = [0, 0]
    play = [0, 0]
    big = [False, False]  # four jacks or a five-run declared in this play
    hands_in_play = 0
    strokes = [0, 0]
    results: list[DealResult] = []
    finished = False
    for number, deal in enumerate(deals, start=1):
        if finished:
            raise InvalidDeal("deals", E.MATCH_OVER, deal=number, last=number - 1, number=number)
        try:
            result = score_deal(rules, deal)
        except InvalidDeal as error:
            raise error.in_deal(number) from None
        results.append(result)
        hands_in_play += 1
        for side in (0, 1):
            totals[side] += result.scores[side]
            play[side] += result.scores[side]
            if deal.big_roem and deal.big_roem[side]:
                big[side] = True
        a, b = play
        if a >= rules.boom_target or b >= rules.boom_target:
            if a == b:
                continue  # both passed with equal totals: no stroke, play goes on
            side = 0 if a > b else 1
            strokes[side] += _strokes(rules, play[1 - side], hands_in_play > 1, big[side])
            play = [0, 0]
            big = [False, False]
            hands_in_play = 0
            if strokes[side] >= rules.strokes_to_win:
                finished = True
    winner = None
    if finished:
        winner = 0 if strokes[0] >= rules.strokes_to_win else 1
    return MatchResult(tuple(totals), tuple(results), finished, winner, None, tuple(strokes), tuple(play))


def _strokes(rules: RuleSet, other: int, old_play: bool, big: bool) -> int:
    """Strokes for going on the boom: 2 when the other side is below 50, else 1; in old play
    ("ou jol", totals carried from an earlier hand) 2 only with four jacks or a five-run.

    Choice: a play is old once it has lasted more than one hand; in old play a side without
    four jacks or a five-run earns 1 stroke even when the other side is below 50.
    """
    if other < rules.boom_low and (not old_play or big):
        return 2
    return 1
