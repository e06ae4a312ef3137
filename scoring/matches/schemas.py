"""The schemas of the matches API (contract 3): what a generated client sees, and what ninja checks.

Inputs (``SheetIn``, ``DealIn``, ``ConfirmIn``) are strict and closed: ``1.0`` or ``true`` is not a
whole number, an unknown field is refused, and every bound a JSON schema can state is stated. What
a schema cannot state — card points adding up to 162 (146 South African), roem being sums of 20,
50, 100 and 200, a bidder the rule set allows, no more deals than the match can have — is in the
descriptions and answers 400 from the scoring services. Outputs state every field as required.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias

from ninja import Field
from pydantic import BaseModel, ConfigDict, PlainValidator, WithJsonSchema
from pydantic_core import PydanticCustomError

from competitions.models import RULESET_CHOICES, Match
from core.api_errors import ApiErrors

#: Every rule set together: 64 deals (the most any rule set plans) plus 16 tie-break deals,
#: repeated while still tied; the South African boom goes on until a side has its strokes. The
#: match's own rule set sets the real limit (see ``scoring.api.deal_limit``); this bounds the body.
MOST_DEALS = 256
#: Largest id or version the databases store (a bigger number is refused, never sent to SQL).
BIG_INT = 2**63 - 1
MAX_VERSION = 2**31 - 1

if TYPE_CHECKING:  # the names are built from the models' choices at run time, which mypy cannot follow
    RuleSetName: TypeAlias = str
    MatchStatus: TypeAlias = str
else:
    RuleSetName = Literal[tuple(code for code, _label in RULESET_CHOICES)]
    MatchStatus = Literal[tuple(Match.Status.values)]
Trump = Literal["C", "D", "H", "S"]
Mark = Literal["", "N", "P", "TP", "V"]
SideIndex = Literal[0, 1, 2]
Seat = Literal["N", "E", "S", "W"]
SEAT_HELP = (
    "individual play: the seat (N, E, S, W) of the player who verzaakt, one of the verzaakt side's "
    "(N, S on side A; E, W on side B); that player alone loses the club's personal penalty; null: not named"
)


def _side(value):
    if value is None or (type(value) is int and 0 <= value <= 2) or (type(value) is str and value in ("A", "B", "C")):
        return value
    raise PydanticCustomError("side", "a side: 0, 1 or 2, or A, B or C")


#: A side as a client may write it: 0/1/2 or the letter on the paper sheet.
SideIn = Annotated[
    int | str | None,
    PlainValidator(_side),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "integer", "enum": [0, 1, 2]},
                {"type": "string", "enum": ["A", "B", "C"]},
                {"type": "null"},
            ],
            "description": '0 = side A (N+S), 1 = side B (E+W), 2 = the third player; or "A", "B", "C"',
        }
    ),
]
SidePoints = Annotated[int, Field(ge=0, le=162)]
SideRoem = Annotated[int, Field(ge=0)]


class Out(BaseModel):
    """An answer, built as a dict: pydantic's own model (ninja's ``Schema`` wraps every value of it,
    each deal's too, for attribute access it does not need)."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class In(BaseModel):
    """A request body: pydantic's own model, not ninja's ``Schema``, whose validator wraps every
    value for attribute access (of no use for JSON) and, with ``extra="forbid"``, validates each
    deal twice: a third of a save's time in ninja went there."""

    model_config = ConfigDict(extra="forbid", strict=True)


# --- outputs ------------------------------------------------------------------------------------


class MatchSideOut(Out):
    name: str
    players: list[str]


class DealOut(Out):
    number: int = Field(ge=1)
    # sides typed as DealIn takes them (0, 1, 2), so a deal read is sent back unchanged (issue 34 item 8)
    bidder: SideIndex | None = Field(description="side that chose trump: 0 = A (N+S), 1 = B (E+W), 2 = third player")
    points: list[int] = Field(min_length=2, max_length=3, description="card points per side, last trick included")
    roem: list[int] = Field(min_length=2, max_length=3, description="roem declared per side, pit bonus not included")
    pit: SideIndex | None
    verzaakt: SideIndex | None
    verzaakt_seat: Seat | None = Field(description=SEAT_HELP)
    trump: Trump | None
    challenge: int = Field(ge=0, le=3)
    nil: bool
    scores: list[int] = Field(min_length=2, max_length=3)
    nat: bool
    mark: Mark = Field(description="N (nat), P (pit), TP (tegenpit), V (verzaakt) or empty")
    board: int | None = Field(
        None,
        ge=1,
        description="duplicate: the board number on the wallet (round 2's deals 1-4 are boards 5-8); else null",
    )


class MatchOut(Out):
    id: int
    competition: str
    round: int
    table: int
    sides: list[MatchSideOut] = Field(min_length=2, max_length=3)
    rules: RuleSetName
    rule_options: dict[str, Any]
    deals_per_match: int = Field(ge=1)
    version: int = Field(ge=0)
    status: MatchStatus = Field(description="open, draft, entered or confirmed")
    deals: list[DealOut]
    totals: list[int] = Field(min_length=2, max_length=3)


class ConflictOut(ApiErrors):
    """409: someone saved since; the current version and sheet, to show and merge."""

    version: int = Field(ge=0, description="the match's current version")
    deals: list[DealOut] = Field(description="the deals as saved now")


# --- inputs -------------------------------------------------------------------------------------


class DealIn(In):
    number: int | None = Field(None, ge=1, description="optional; if sent, must be the deal's place in the list")
    bidder: SideIn = None
    points: list[SidePoints] = Field(
        min_length=2,
        max_length=3,
        description="one number per side (three at a three-player table); together 162, or 146 South African",
    )
    roem: list[SideRoem] = Field(
        [0, 0],
        min_length=2,
        max_length=3,
        description="one number per side: 0 or sums of 20, 50, 100 and 200 (and the club's roem options)",
    )
    pit: SideIn = None
    verzaakt: SideIn = None
    verzaakt_seat: Seat | None = Field(None, description=SEAT_HELP)
    trump: Trump | None = Field(None, description="where the rules need it (Wilde Boom)")
    challenge: int = Field(0, ge=0, le=3, description="Wilde Boom: 0 none, 1 kraak, 2 rekraak, 3 superkraak")
    nil: bool = Field(False, description="a nil bid, where the rules allow it")
    big_roem: list[bool] | None = Field(
        None, min_length=2, max_length=2, description="South African: per side, four jacks or a five-run declared"
    )
    scores: list[int] | None = Field(None, description="computed: ignored when sent (a read deal may be sent back)")
    nat: bool | None = Field(None, description="computed: ignored when sent")
    mark: str | None = Field(None, max_length=2, description="computed: ignored when sent")
    board: int | None = Field(None, ge=1, le=BIG_INT, description="duplicate's board number: ignored when sent")


class SheetIn(In):
    version: int = Field(ge=0, le=MAX_VERSION, description="the match's version when the sheet was loaded")
    deals: list[DealIn] = Field(
        max_length=MOST_DEALS,
        description="every deal of the match, in order; no more than the match's rule set allows "
        "(its deals plus tie-break deals)",
    )
    clear: bool = Field(
        False,
        description="true to empty a sheet that has deals with deals: []; without it an empty list for such a "
        "sheet is refused (a client that lost its deals must not wipe the table's)",
    )


class ConfirmIn(In):
    version: int = Field(ge=0, le=MAX_VERSION, description="the match's version the confirmer has seen")


COMPUTED_DEAL_KEYS = frozenset({"scores", "nat", "mark", "board"})


def deals_for_service(sheet: SheetIn) -> list[dict]:
    """The deals as the scoring services take them: what the client sent, computed fields left out."""
    return [deal.model_dump(exclude_unset=True, exclude=set(COMPUTED_DEAL_KEYS)) for deal in sheet.deals]


def clears_without_saying(sheet: SheetIn, status: str) -> bool:
    """``deals: []`` for a sheet with deals, without ``"clear": true`` (issue 34 item 8)."""
    return not sheet.deals and not sheet.clear and status != "open"
