"""One deal: what a scorekeeper records (:class:`DealInput`) and what it scores (RULES.md §3–§5).

Sides are indexes: 0 is side A (N+S, "wij"), 1 is side B (E+W, "zij"); with three players
0, 1 and 2 are the three players. ``score_deal`` is on the hot path of every page that shows a
match, so it checks and scores a two-side deal with plain tuple arithmetic and set look-ups.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import errors as E
from .cards import Suit
from .errors import InvalidDeal
from .rulesets import RuleSet

#: Every roem value a side can declare in one deal: 0 or a sum of 20, 50, 100 and 200, so every
#: multiple of 10 except 10 and 30 (100 and 200 are sums of 20 and 50 too), up to 1000.
ROEM_ITEMS = (20, 50, 100, 200)
_ROEM_LIMIT = 10_000
_WRITABLE = frozenset(
    20 * a + 50 * b
    for a in range(_ROEM_LIMIT // 20 + 1)
    for b in range(_ROEM_LIMIT // 50 + 1)
    if 20 * a + 50 * b <= _ROEM_LIMIT
)
MAX_ROEM = 1000
VALID_ROEM: frozenset[int] = frozenset(v for v in _WRITABLE if v <= MAX_ROEM)

_SUITS = frozenset(Suit)
_CHALLENGES = (0, 1, 2, 3)
CHALLENGE_NAMES = ("", "kraak", "rekraak", "superkraak")


def is_valid_roem(value: object) -> bool:
    """True if ``value`` is roem a side can declare in a deal: 0 or a sum of roem items, ≤ 1000."""
    return type(value) is int and value in VALID_ROEM


@dataclass(frozen=True, slots=True)
class DealInput:
    """One deal as written on the score sheet.

    ``points`` and ``roem`` have one entry per side (the last-trick bonus is in the points, the
    pit bonus is not in the roem). ``bidder`` is the side that chose trump ("gaat"), None where
    the rule set has none. ``pit`` is the side that won every trick, ``verzaakt`` the side that
    broke a play rule. ``trump`` is the trump suit (needed for Wilde Boom), ``challenge`` the Wilde
    Boom level (0 none, 1 kraak, 2 rekraak, 3 superkraak), ``nil`` marks a nil bid ("ledig").
    Choice: ``big_roem`` is a field added for the boom, since roem alone cannot tell four jacks
    from other roem. ``big_roem`` (South African only) says per side whether it declared four jacks or a run of
    five in this hand, which keeps a boom of 2 strokes in old play.
    """

    points: tuple[int, ...]
    roem: tuple[int, ...] = (0, 0)
    bidder: int | None = 0
    pit: int | None = None
    verzaakt: int | None = None
    trump: Suit | None = None
    challenge: int = 0
    nil: bool = False
    big_roem: tuple[bool, ...] | None = None


class DealResult(NamedTuple):
    """The score of one deal.

    ``scores``: one per side. ``nat``: the bidder side failed and scored nothing (never with
    "no nat", never without a bidder). ``pit``: the side that won every trick, or None.
    ``made``: the bidder side won the deal (None without a bidder). ``verzaakt``: the side that
    reneged, or None. ``multiplier``: 1, or the Wilde Boom factor (challenge × spades).
    ``bidder``: the bidder side as scored (None without a bidder). ``nil``: a nil bid was scored.
    """

    scores: tuple[int, ...]
    nat: bool
    pit: int | None
    made: bool | None
    verzaakt: int | None
    multiplier: int
    bidder: int | None
    nil: bool = False
    #: The deal is not counted and is played again (a verzaakt under the "replay" penalty).
    replayed: bool = False

    @property
    def marks(self) -> tuple[str, ...]:
        """Per side, what a sheet writes beside the score: "N" nat, "P" pit, "TP" tegenpit (a pit
        by the defenders), "V" verzaakt, or ""."""
        marks = [""] * len(self.scores)
        if self.nat and self.bidder is not None:
            marks[self.bidder] = "N"
        if self.pit is not None:
            marks[self.pit] = "TP" if self.bidder is not None and self.pit != self.bidder else "P"
        if self.verzaakt is not None:
            marks[self.verzaakt] = "V"
        return tuple(marks)

    @property
    def mark(self) -> str:
        """The deal's one mark for a sheet: "V", "TP", "P", "N" or ""."""
        marks = self.marks
        for mark in ("V", "TP", "P", "N"):
            if mark in marks:
                return mark
        return ""


def score_deal(rules: RuleSet, deal: DealInput) -> DealResult:
    """Check a recorded deal and score it by the rule set; raise :class:`InvalidDeal` if bad.

    A verzaakt costs what ``rules.verzaakt_penalty`` says (RULES.md §4): the whole deal to the
    other side (default), a fixed number of points off the offending side's score of the deal as
    played (which may then be below zero), or nothing counted at all (the deal is replayed).
    A verzaakt deal may leave out its bidder (``bidder=None``) except under "fixed-points"."""
    result = _score_any(rules, deal)
    if result.verzaakt is None or rules.verzaakt_penalty == "whole-deal":
        return result
    if rules.verzaakt_penalty == "replay":
        zeros = (0,) * len(result.scores)
        return result._replace(scores=zeros, nat=False, pit=None, made=None, multiplier=1, replayed=True)
    played = _score_any(rules, dataclasses.replace(deal, verzaakt=None))  # "fixed-points"
    scores = list(played.scores)
    scores[result.verzaakt] -= rules.verzaakt_points
    return played._replace(scores=tuple(scores), verzaakt=result.verzaakt)


def _score_any(rules: RuleSet, deal: DealInput) -> DealResult:
    if rules.sides != 2:
        return _score_three(rules, deal)
    points = deal.points
    roem = deal.roem
    if type(points) is not tuple or len(points) != 2:
        points = _as_pair(rules, points, "points", E.POINTS_SIDES)
    if type(roem) is not tuple or len(roem) != 2:
        roem = _as_pair(rules, roem, "roem", E.ROEM_SIDES)
    pa, pb = points
    ra, rb = roem
    total = rules.deal_total
    if type(pa) is not int or type(pb) is not int or pa < 0 or pb < 0 or pa + pb != total:
        _check_points(rules, points)
    if ra not in VALID_ROEM or rb not in VALID_ROEM or type(ra) is not int or type(rb) is not int:
        _check_roem(rules, roem)
    pit = deal.pit
    verzaakt = deal.verzaakt
    if pit is not None:
        if pit != 0 and pit != 1 or type(pit) is not int:
            raise InvalidDeal("pit", E.PIT_UNKNOWN, choices=_choices(rules), value=pit)
        if points[pit] != total:
            raise InvalidDeal("pit", E.PIT_POINTS, side=_side(rules, pit), total=total, value=points[pit])
        if verzaakt is not None:
            raise InvalidDeal("verzaakt", E.VERZAAKT_PIT)
        if pit:
            rb += rules.pit_bonus
        else:
            ra += rules.pit_bonus
    elif verzaakt is not None and (verzaakt != 0 and verzaakt != 1 or type(verzaakt) is not int):
        raise InvalidDeal("verzaakt", E.VERZAAKT_UNKNOWN, choices=_choices(rules), value=verzaakt)
    challenge = deal.challenge
    if challenge:
        if challenge not in _CHALLENGES or type(challenge) is not int:
            raise InvalidDeal("challenge", E.CHALLENGE_RANGE, value=challenge)
        if not rules.challenges:
            raise InvalidDeal("challenge", E.CHALLENGE_RULES)
    trump = deal.trump
    multiplier = 1
    if rules.needs_trump or trump is not None:
        if trump is None:
            raise InvalidDeal("trump", E.TRUMP_MISSING)
        if trump not in _SUITS:
            raise InvalidDeal("trump", E.TRUMP_UNKNOWN, value=trump)
        if rules.spades_double and trump == "S":
            multiplier = 2
    nil = deal.nil
    if nil and not rules.nil_bid:
        raise InvalidDeal("nil", E.NIL_RULES)

    if not rules.has_bidder:
        # Choice: a bidder given for a game without one (South African) is ignored, not refused,
        # because DealInput's default bidder is 0.
        if verzaakt is not None:
            return _verzaakt2(rules, verzaakt, ra, rb, multiplier, None)
        return DealResult((pa + ra, pb + rb), False, pit, None, None, 1, None)

    bidder = deal.bidder
    if bidder is None and verzaakt is not None:
        # Choice (issue 33 item 2): RULES.md §4 gives a verzaakt deal to the other side "whoever
        # bid", so "verz." and the side is a whole deal without a bidder (made is then None).
        # Where the deal is scored as played ("fixed-points") score_deal still asks for it.
        return _verzaakt2(rules, verzaakt, ra, rb, multiplier << challenge, None)
    if bidder != 0 and bidder != 1 or type(bidder) is not int:
        if bidder is None:
            raise InvalidDeal("bidder", E.BIDDER_MISSING, what="side")
        raise InvalidDeal("bidder", E.BIDDER_UNKNOWN, choices=_choices(rules), value=bidder)
    if challenge:
        multiplier <<= challenge
    if verzaakt is not None:
        # Choice: a verzaakt deal in Wilde Boom is worth the deal's multiplier too (challenge and
        # spades), like every other outcome of that deal.
        return _verzaakt2(rules, verzaakt, ra, rb, multiplier, bidder)

    if bidder:
        cb, cd = pb + rb, pa + ra
    else:
        cb, cd = pa + ra, pb + rb
    if challenge:
        # The side that made the last challenge must score more than the other side.
        challenger = bidder if challenge == 2 else 1 - bidder
        won = cb > cd if challenger == bidder else cd > cb
        winner = challenger if won else 1 - challenger
        whole = (total + ra + rb) * multiplier
        scores = (0, whole) if winner else (whole, 0)
        return DealResult(scores, winner != bidder, pit, winner == bidder, None, multiplier, bidder)
    if nil:
        defenders = 1 - bidder
        if pit == defenders:
            # RULES.md §4: a nil bid is made exactly when the defenders took every trick (their pit
            # is marked): the bidder side scores the nil bonus, whatever hand roem it announced
            # (Wilde Boom), and the defenders their own points and roem, pit bonus included.
            if bidder:
                scores = ((pa + ra) * multiplier, rules.nil_bonus * multiplier)
            else:
                scores = (rules.nil_bonus * multiplier, (pb + rb) * multiplier)
            return DealResult(scores, False, pit, True, None, multiplier, bidder, True)
        if points[bidder] == 0 and pit is None:
            raise InvalidDeal("pit", E.NIL_PIT_MISSING, side=_side(rules, defenders))
        whole = (total + ra + rb) * multiplier
        return DealResult((0, whole) if bidder == 0 else (whole, 0), True, pit, False, None, multiplier, bidder, True)
    if cb > cd or (cb == cd and not rules.nat_on_tie):
        sa, sb = pa + ra, pb + rb
        if rules.slot_bonus and cd == 0:
            # Choice: "the defenders end with 0" means no card points and no roem in the deal.
            if bidder:
                sb += rules.slot_bonus
            else:
                sa += rules.slot_bonus
        if multiplier != 1:
            sa *= multiplier
            sb *= multiplier
        return DealResult((sa, sb), False, pit, True, None, multiplier, bidder)
    if rules.no_nat:
        return DealResult(((pa + ra) * multiplier, (pb + rb) * multiplier), False, pit, False, None, multiplier, bidder)
    whole = (total + ra + rb) * multiplier
    return DealResult((0, whole) if bidder == 0 else (whole, 0), True, pit, False, None, multiplier, bidder)


def _verzaakt2(rules: RuleSet, verzaakt: int, ra: int, rb: int, multiplier: int, bidder: int | None) -> DealResult:
    whole = (rules.deal_total + ra + rb + rules.verzaakt_bonus) * multiplier
    scores = (whole, 0) if verzaakt else (0, whole)
    made = None if bidder is None else verzaakt != bidder
    return DealResult(scores, False, None, made, verzaakt, multiplier, bidder)


def _score_three(rules: RuleSet, deal: DealInput) -> DealResult:
    """Three players: the maker must exceed half of everything scored in the deal (RULES.md §5)."""
    n = rules.sides
    points = _as_pair(rules, deal.points, "points", E.POINTS_SIDES)
    roem = _as_pair(rules, deal.roem, "roem", E.ROEM_SIDES)
    _check_points(rules, points)
    _check_roem(rules, roem)
    total = rules.deal_total
    players = range(n)
    pit, verzaakt = deal.pit, deal.verzaakt
    effective = list(roem)
    if pit is not None:
        if pit not in players or type(pit) is not int:
            raise InvalidDeal("pit", E.PIT_UNKNOWN, choices=_choices(rules), value=pit)
        if points[pit] != total:
            raise InvalidDeal("pit", E.PIT_POINTS, side=_side(rules, pit), total=total, value=points[pit])
        if verzaakt is not None:
            raise InvalidDeal("verzaakt", E.VERZAAKT_PIT)
        # Choice: with three players a pit is one player winning every trick; the pit bonus is
        # added to that player's roem, as with two sides.
        effective[pit] += rules.pit_bonus
    if verzaakt is not None and (verzaakt not in players or type(verzaakt) is not int):
        raise InvalidDeal("verzaakt", E.VERZAAKT_UNKNOWN, choices=_choices(rules), value=verzaakt)
    if deal.challenge:
        if deal.challenge not in _CHALLENGES or type(deal.challenge) is not int:
            raise InvalidDeal("challenge", E.CHALLENGE_RANGE, value=deal.challenge)
        raise InvalidDeal("challenge", E.CHALLENGE_RULES)
    if deal.trump is not None and deal.trump not in _SUITS:
        raise InvalidDeal("trump", E.TRUMP_UNKNOWN, value=deal.trump)
    if rules.needs_trump and deal.trump is None:
        raise InvalidDeal("trump", E.TRUMP_MISSING)
    if deal.nil and not rules.nil_bid:
        raise InvalidDeal("nil", E.NIL_RULES)
    maker = deal.bidder
    if not rules.has_bidder or (maker is None and verzaakt is not None):
        maker = None  # a verzaakt deal needs no maker (as with two sides, see _score_any)
    elif maker not in players or type(maker) is not int:
        if maker is None:
            raise InvalidDeal("bidder", E.BIDDER_MISSING, what="player")
        raise InvalidDeal("bidder", E.BIDDER_UNKNOWN, choices=_choices(rules), value=maker)
    own = tuple(p + r for p, r in zip(points, effective))
    whole = total + sum(effective)
    if verzaakt is not None:
        # Choice: with three players the one who reneged scores 0 and each of the other two
        # scores the whole deal plus the verzaakt bonus (as when a maker fails).
        each = whole + rules.verzaakt_bonus
        scores = tuple(0 if i == verzaakt else each for i in players)
        made = None if maker is None else verzaakt != maker
        return DealResult(scores, False, None, made, verzaakt, 1, maker)
    if maker is None:
        return DealResult(own, False, pit, None, None, 1, None)
    if deal.nil:
        if points[maker] == 0 and roem[maker] == 0:  # no trick won (see the two-side case)
            scores = tuple(rules.nil_bonus if i == maker else own[i] for i in players)
            return DealResult(scores, False, pit, True, None, 1, maker, True)
        scores = tuple(0 if i == maker else whole for i in players)
        return DealResult(scores, True, pit, False, None, 1, maker, True)
    # Choice: "exceed half" is strict, so a maker at exactly half fails, unless nat_on_tie is
    # switched off, which lets a maker at exactly half keep its score, as with two sides.
    doubled = 2 * own[maker]
    if doubled > whole or (doubled == whole and not rules.nat_on_tie):
        raised = list(own)
        if rules.slot_bonus and all(own[i] == 0 for i in players if i != maker):
            raised[maker] += rules.slot_bonus
        return DealResult(tuple(raised), False, pit, True, None, 1, maker)
    if rules.no_nat:
        return DealResult(own, False, pit, False, None, 1, maker)
    # Choice: each opponent scores the whole total of the deal: 162 plus all roem of the three
    # players, pit bonus included.
    scores = tuple(0 if i == maker else whole for i in players)
    return DealResult(scores, True, pit, False, None, 1, maker)


# --- the slow path: only reached with bad or unusual input, to name what is wrong


def _side(rules: RuleSet, index: int) -> str:
    return ("player " if rules.sides == 3 else "side ") + rules.side_names[index]


def _choices(rules: RuleSet) -> str:
    if rules.sides == 3:
        return "0, 1 or 2 (player 1, 2 or 3)"
    return "0 (side A) or 1 (side B)"


def _as_pair(rules: RuleSet, values: object, field: str, template: str) -> tuple[Any, ...]:
    # Any: what the caller sent, not yet checked (_check_points and _check_roem refuse what is not an int)
    """Accept any sequence of the right length; name the field otherwise."""
    what = "player" if rules.sides == 3 else "side"
    try:
        values = tuple(values)  # type: ignore[arg-type]  # any object: one that is not iterable raises TypeError
    except TypeError:
        raise InvalidDeal(field, template, what=what, count=rules.sides, given=repr(values)) from None
    if len(values) != rules.sides:
        raise InvalidDeal(field, template, what=what, count=rules.sides, given=len(values))
    return values


def _check_points(rules: RuleSet, points: tuple[Any, ...]) -> None:
    for i, value in enumerate(points):
        if type(value) is not int:
            raise InvalidDeal("points", E.POINTS_WHOLE, side=_side(rules, i), value=value)
        if value < 0:
            raise InvalidDeal("points", E.POINTS_NEGATIVE, side=_side(rules, i), value=value)
    if sum(points) != rules.deal_total:
        shown = " + ".join(str(p) for p in points)
        raise InvalidDeal("points", E.POINTS_TOTAL, total=rules.deal_total, shown=shown, sum=sum(points))


def _check_roem(rules: RuleSet, roem: tuple[Any, ...]) -> None:
    for i, value in enumerate(roem):
        side = _side(rules, i)
        if type(value) is not int:
            raise InvalidDeal("roem", E.ROEM_WHOLE, side=side, value=value)
        if value < 0:
            raise InvalidDeal("roem", E.ROEM_NEGATIVE, side=side, value=value)
        if value not in _WRITABLE and value <= _ROEM_LIMIT or value % 10:
            raise InvalidDeal("roem", E.ROEM_ITEMS, side=side, value=value)
        if value > MAX_ROEM:
            raise InvalidDeal("roem", E.ROEM_MAX, side=side, max=MAX_ROEM, value=value)
