"""From what a person or a program sends (a form row, a JSON object) to an engine ``DealInput``.

Every problem becomes a ``DealError`` that names the deal, the field and what is wrong, in words an
organiser understands; the rules engine decides everything about the game itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from django.utils.translation import gettext as _

from core.compass import seat_label
from scoring.rules import DealInput, InvalidDeal, RuleSet, score_deal
from scoring.rules.cards import Suit
from scoring.rules.rulesets import SEATS, side_of_seat

SIDE_FIELDS = ("a", "b", "c")
KNOWN_KEYS = {
    "number",
    "bidder",
    "points",
    "roem",
    "pit",
    "verzaakt",
    "verzaakt_seat",
    "trump",
    "challenge",
    "nil",
    "big_roem",
}


@dataclass(frozen=True, slots=True)
class SheetDeal(DealInput):
    """A deal as the sheet names it: the engine's input plus, in individual play, the seat (N, E, S,
    W) of the player who verzaakt (RULES.md §9: that player alone loses the club's penalty). The
    engine never reads the seat; the save service stores it (``Deal.verzaakt_seat``). Only a deal
    that names a seat is one of these, so an ordinary deal stays equal to the engine's own."""

    verzaakt_seat: str = ""


@dataclass(frozen=True)
class DealError:
    deal: int  # 1-based number of the deal in the match
    field: str  # "points", "roem", "bidder", "pit", "verzaakt", "verzaakt_seat", "trump", "challenge", "nil", "number", "deals"
    message: str

    def as_dict(self) -> dict:
        return {"deal": self.deal, "field": self.field, "message": self.message}


def _side_value(value, *, field: str, number: int, sides: int, allow_none: bool = True) -> int | None:
    if value is None or value == "":
        if allow_none:
            return None
        raise _Refused(DealError(number, field, _("%(field)s is required") % {"field": field}))
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().upper() in ("A", "B", "C")[:sides]:
            return "ABC".index(value.strip().upper())
        raise _Refused(
            DealError(
                number,
                field,
                _("%(field)s must be a side (0 to %(last)s), not %(value)r")
                % {"field": field, "last": sides - 1, "value": value},
            )
        )
    return value


def _numbers(value, *, field: str, number: int, sides: int, default: int | None) -> tuple[int, ...]:
    if value is None and default is not None:
        return (default,) * sides
    if not isinstance(value, (list, tuple)) or len(value) != sides:
        raise _Refused(
            DealError(
                number,
                field,
                _("%(field)s needs one number per side (%(sides)s numbers)") % {"field": field, "sides": sides},
            )
        )
    out = []
    for item in value:
        if item is None and default is not None:
            item = default
        if isinstance(item, bool) or not isinstance(item, int):
            raise _Refused(
                DealError(
                    number, field, _("%(field)s must be whole numbers, not %(value)r") % {"field": field, "value": item}
                )
            )
        out.append(item)
    return tuple(out)


class _Refused(Exception):
    def __init__(self, error: DealError):
        self.error = error


def to_deal_input(data: Mapping, *, number: int, rules: RuleSet) -> DealInput | DealError:
    """Turn one deal's data into a ``DealInput``, or the first ``DealError`` found in it."""
    sides = rules.sides
    try:
        if not isinstance(data, Mapping):
            raise _Refused(DealError(number, "deals", _("each deal must be an object with its fields")))
        unknown = set(data) - KNOWN_KEYS
        if unknown:
            raise _Refused(
                DealError(number, sorted(unknown)[0], _("unknown field %(field)s") % {"field": sorted(unknown)[0]})
            )
        if data.get("number") not in (None, number):
            raise _Refused(
                DealError(
                    number,
                    "number",
                    _("deal number %(given)r is out of order; expected %(number)s")
                    % {"given": data.get("number"), "number": number},
                )
            )
        points = _numbers(data.get("points"), field="points", number=number, sides=sides, default=None)
        roem = _numbers(data.get("roem"), field="roem", number=number, sides=sides, default=0)
        bidder = _side_value(data.get("bidder"), field="bidder", number=number, sides=sides)
        pit = _side_value(data.get("pit"), field="pit", number=number, sides=sides)
        verzaakt = _side_value(data.get("verzaakt"), field="verzaakt", number=number, sides=sides)
        seat = _offender(data.get("verzaakt_seat"), verzaakt=verzaakt, number=number, rules=rules)
        trump = data.get("trump") or None
        if trump is not None:
            try:
                trump = Suit(str(trump).upper())
            except ValueError:
                raise _Refused(
                    DealError(number, "trump", _("trump must be one of C, D, H, S, not %(value)r") % {"value": trump})
                ) from None
        challenge = data.get("challenge") or 0
        if isinstance(challenge, bool) or not isinstance(challenge, int):
            raise _Refused(DealError(number, "challenge", _("challenge must be a whole number 0 to 3")))
        nil = data.get("nil") or False
        if not isinstance(nil, bool):
            raise _Refused(DealError(number, "nil", _("nil must be true or false")))
        big_roem = _big_roem(data.get("big_roem"), number=number, sides=sides, rules=rules)
    except _Refused as refused:
        return refused.error
    if not rules.has_bidder:
        bidder = None
    kind, extra = (SheetDeal, {"verzaakt_seat": seat}) if seat else (DealInput, {})
    return kind(
        points=points,
        roem=roem,
        bidder=bidder,
        pit=pit,
        verzaakt=verzaakt,
        trump=trump,
        challenge=challenge,
        nil=nil,
        big_roem=big_roem,
        **extra,
    )


def _offender(value, *, verzaakt: int | None, number: int, rules: RuleSet) -> str:
    """The seat of the player who verzaakt ("" when not named): a seat of the side that verzaakt."""
    if value is None or value == "":
        return ""
    seats = SEATS[: rules.players]
    seat = value.strip().upper() if isinstance(value, str) else None
    if seat not in seats:
        raise _Refused(
            DealError(
                number,
                "verzaakt_seat",
                _("the player who verzaakt is named by a seat (%(seats)s), not %(value)r")
                % {"seats": ", ".join(seats), "value": value},
            )
        )
    if verzaakt is None:
        raise _Refused(
            DealError(
                number,
                "verzaakt_seat",
                _("seat %(seat)s is named as the player who verzaakt, but no side verzaakt in this deal")
                % {"seat": seat_label(seat)},
            )
        )
    if side_of_seat(rules, seats.index(seat)) != verzaakt:
        raise _Refused(
            DealError(
                number,
                "verzaakt_seat",
                _("seat %(seat)s is not on the side that verzaakt; name one of its own players")
                % {"seat": seat_label(seat)},
            )
        )
    return seat


def _big_roem(value, *, number: int, sides: int, rules: RuleSet) -> tuple[bool, ...] | None:
    """South African klawerjas: per side, whether it declared four jacks or a run of five this hand
    (a boom then counts 2 strokes). None or all false is "no"; elsewhere it must be left out."""
    if value is None or (isinstance(value, list | tuple) and not any(value)):
        return None
    if not isinstance(value, list | tuple) or len(value) != sides or not all(isinstance(v, bool) for v in value):
        raise _Refused(
            DealError(
                number,
                "big_roem",
                _("big_roem must be a list of %(sides)s true/false values, one per side") % {"sides": sides},
            )
        )
    if not rules.boom:
        raise _Refused(
            DealError(
                number,
                "big_roem",
                _("big_roem (four jacks or a run of five for the boom) is only recorded in South African klawerjas"),
            )
        )
    return tuple(value)


def check_deal(deal: DealInput, *, number: int, rules: RuleSet):
    """Score one deal with the engine: its ``DealResult``, or a ``DealError`` naming the field."""
    try:
        return score_deal(rules, deal)
    except InvalidDeal as exc:
        return DealError(number, exc.field or "deals", translate_engine_message(exc))


#: The words for the sides on the sheet being typed (see ``sheet_words``), or None: the engine's own.
_SHEET_WORDS: ContextVar[tuple[str, ...] | None] = ContextVar("sheet_words", default=None)
_ENGINE_SIDES = ("side A", "side B", "side C", "player 1", "player 2", "player 3")


@contextmanager
def sheet_words(words: Sequence[str]):
    """Within this block, engine messages name a side by the sheet's own words (``("wij", "zij")``
    or the team names) instead of the engine's "side A" / "player 1" (a score sheet has no
    letters). The API keeps the engine's words, which match its 0/1 and "A"/"B"."""
    token = _SHEET_WORDS.set(tuple(words))
    try:
        yield
    finally:
        _SHEET_WORDS.reset(token)


def _side_word(value: str) -> str:
    words = _SHEET_WORDS.get()
    if words and value in _ENGINE_SIDES:
        index = _ENGINE_SIDES.index(value) % 3
        if index < len(words):
            return words[index]
    return _(value)


def translate_engine_message(exc: InvalidDeal) -> str:
    """The engine's message in the user's language (its templates are msgids in django.po)."""
    template = getattr(exc, "template", None)
    params = getattr(exc, "params", None)
    if template is None or params is None:
        return str(exc)
    # The engine puts English words for sides ("side A", "wij"...) into some placeholders.
    params = {
        k: (_side_word(v) if k == "side" else _(v)) if k in ("side", "what", "choices") and isinstance(v, str) else v
        for k, v in params.items()
    }
    try:
        return _(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(exc)


def parse_sheet(deals: Sequence, *, rules: RuleSet) -> tuple[list[DealInput], list, list[DealError]]:
    """Check a whole sheet: the inputs, their engine results, and every error (all of them)."""
    inputs: list[DealInput] = []
    results: list = []
    errors: list[DealError] = []
    if not isinstance(deals, (list, tuple)):
        return [], [], [DealError(0, "deals", _("deals must be a list"))]
    for number, data in enumerate(deals, start=1):
        parsed = to_deal_input(data, number=number, rules=rules)
        if isinstance(parsed, DealError):
            errors.append(parsed)
            continue
        result = check_deal(parsed, number=number, rules=rules)
        if isinstance(result, DealError):
            errors.append(result)
            continue
        inputs.append(parsed)
        results.append(result)
    return inputs, results, errors


def deal_to_dict(deal: DealInput) -> dict:
    """The JSON form of a deal's input (as the API and the audit log show it)."""
    return {
        "bidder": deal.bidder,
        "points": list(deal.points),
        "roem": list(deal.roem),
        "pit": deal.pit,
        "verzaakt": deal.verzaakt,
        "verzaakt_seat": getattr(deal, "verzaakt_seat", "") or None,
        "trump": str(deal.trump.value) if deal.trump is not None else None,
        "challenge": deal.challenge,
        "nil": deal.nil,
        "big_roem": list(deal.big_roem) if deal.big_roem else None,
    }
