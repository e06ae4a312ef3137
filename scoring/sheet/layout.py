"""What a score sheet looks like for a rule set: its rows, sides and optional columns, the one-key
inputs (side keys, trump keys, tally symbols), field names and labels, and the initial values of a
sheet from its stored deals. Shared by the entry form, its live preview and the printed tables.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy

from core.compass import seat_label
from scoring.rules import RuleSet, dealer_for_deal, forced_bidder

#: The one key that names a side, by number of sides. Two sides: w(ij)/z(ij) or a/b.
#: Three players: their seats in Dutch n/o/z (noord, oost, zuid; the English e/s too), or a/b/c, or 1/2/3.
SIDE_KEYS = {
    2: {"w": 0, "a": 0, "z": 1, "b": 1},
    3: {"n": 0, "a": 0, "1": 0, "o": 1, "e": 1, "b": 1, "2": 1, "z": 2, "s": 2, "c": 2, "3": 2},
}
#: How a side's key is shown in a filled-in sheet (Dutch, as the sheet's wij/zij are).
SIDE_SHOWN = {2: ("w", "z"), 3: ("n", "o", "z")}
#: Trump as one key: the suit letter, or k(laveren)/r(uiten) in Dutch (harten and schoppen share H, S).
TRUMP_KEYS = {"c": "C", "k": "C", "d": "D", "r": "D", "h": "H", "s": "S", "♣": "C", "♦": "D", "♥": "H", "♠": "S"}
TALLY_CHARS = set("|VvOo")
_WHOLE = re.compile(r"[0-9]{1,9}")


def whole_number(text: str) -> int | None:
    """``text`` as a whole number of at most nine digits (ASCII only), or None."""
    return int(text) if _WHOLE.fullmatch(text) else None


SIDE_SUFFIXES = ("a", "b", "c")

FIELD_LABELS = {
    "bidder": gettext_lazy("bidder"),
    "points": gettext_lazy("points"),
    "roem": gettext_lazy("roem"),
    "pit": gettext_lazy("pit"),
    "verzaakt": gettext_lazy("verzaakt"),
    "verzaakt_seat": gettext_lazy("verzaakt by"),
    "trump": gettext_lazy("trump"),
    "challenge": gettext_lazy("challenge"),
    "nil": gettext_lazy("nil"),
    "big_roem": gettext_lazy("four jacks or five-run"),
    "deal": gettext_lazy("deal"),
    "deals": gettext_lazy("deal"),
    "number": gettext_lazy("deal"),
}


def side_labels(sides: int) -> tuple[str, ...]:
    return ("wij", "zij") if sides == 2 else tuple(seat_label(seat) for seat in ("N", "E", "S"))


def field_name(number: int, name: str) -> str:
    return f"deal-{number}-{name}"


@dataclass
class SheetLayout:
    """What the sheet looks like for a rule set: rows, sides, which optional columns it has."""

    rules: RuleSet
    rows: int
    first_dealer: int = 0
    show_trump: bool = False  # a trump column although the rules do not need it (trumps are stored)
    #: duplicate: deal number -> the board number on the wallet, shown instead of the deal number
    boards: dict[int, int] = field(default_factory=dict)

    def board(self, number: int) -> int:
        """The number the sheet shows for deal ``number``: its board where the deal is one."""
        return self.boards.get(number, number)

    @property
    def sides(self) -> int:
        return self.rules.sides

    @property
    def has_bidder(self) -> bool:
        return self.rules.has_bidder

    @property
    def has_trump(self) -> bool:
        return self.rules.needs_trump or self.show_trump

    @property
    def has_challenge(self) -> bool:
        return self.rules.challenges

    @property
    def has_nil(self) -> bool:
        return self.rules.nil_bid

    @property
    def has_big_roem(self) -> bool:
        """South African klawerjas: a box per side for four jacks or a run of five (a boom of 2 strokes)."""
        return self.rules.boom

    @property
    def suffixes(self) -> tuple[str, ...]:
        return SIDE_SUFFIXES[: self.sides]

    def dealer(self, number: int) -> int:
        return dealer_for_deal(self.rules, number, self.first_dealer)

    def forced(self, number: int) -> int | None:
        """The bidder side that verplicht implies for this deal, or None."""
        return forced_bidder(self.rules, self.dealer(number))

    @property
    def column_count(self) -> int:
        """Columns of the entry table: #, dealer, the inputs, the mark, scores and running totals."""
        return 2 + len(self.input_names()) + 1 + 2 * self.sides

    @property
    def footer_span(self) -> int:
        """Columns before the running totals (the footer's label spans them)."""
        return self.column_count - self.sides

    @property
    def side_keys(self) -> str:
        return " ".join(SIDE_SHOWN[self.sides])

    def input_names(self) -> list[str]:
        """The fields of one row, in the order Tab visits them."""
        names = ["bidder"] if self.has_bidder else []
        names += [f"points_{s}" for s in self.suffixes]
        names += [f"roem_{s}" for s in self.suffixes]
        names += ["pit", "verzaakt"]
        if self.has_trump:
            names.append("trump")
        if self.has_challenge:
            names.append("challenge")
        if self.has_nil:
            names.append("nil")
        if self.has_big_roem:
            names += [f"big_roem_{s}" for s in self.suffixes]
        return names

    def checkbox_names(self) -> list[str]:
        """The row's inputs that are ticked rather than typed."""
        return [name for name in self.input_names() if name == "nil" or name.startswith("big_roem_")]


def layout_for(rules: RuleSet, *, first_dealer: int = 0, stored: int = 0, show_trump: bool = False) -> SheetLayout:
    """As many rows as the match has deals (plus tie-break deals; a South African boom has no fixed
    count, so 16 rows and 8 more than are filled), and never fewer than are stored.

    The trump column is there where the rules need it, and also where the stored deals record a
    trump (entered through the API, say), so that saving the sheet again does not lose them."""
    if rules.boom:
        rows = max(16, stored + 8)
    else:
        planned = rules.max_deals if rules.target_score is not None and rules.max_deals else rules.deals_per_match
        rows = planned + rules.tiebreak_deals
        if getattr(rules, "verzaakt_penalty", "whole-deal") == "replay":
            rows += 2  # a verzaakt deal is played again: room for replayed deals
    return SheetLayout(rules=rules, rows=max(rows, stored), first_dealer=first_dealer, show_trump=show_trump)


def initial_from_deals(layout: SheetLayout, deals: list[dict], version: int) -> dict:
    """The form's initial values from stored deals (``services.stored_deals`` form), plus the
    verplicht bidder of every row not filled yet."""
    shown = SIDE_SHOWN[layout.sides]
    initial: dict = {"version": version}
    for number in range(1, layout.rows + 1):
        forced = layout.forced(number)
        if forced is not None and layout.has_bidder:
            initial[field_name(number, "bidder")] = shown[forced]
    for number, deal in enumerate(deals, start=1):
        if deal.get("bidder") is not None:
            initial[field_name(number, "bidder")] = shown[deal["bidder"]]
        for i, suffix in enumerate(layout.suffixes):
            points = deal.get("points") or []
            roem = deal.get("roem") or []
            if i < len(points):
                initial[field_name(number, f"points_{suffix}")] = points[i]
            if i < len(roem) and roem[i]:
                initial[field_name(number, f"roem_{suffix}")] = roem[i]
        for name in ("pit", "verzaakt"):
            if deal.get(name) is not None:
                initial[field_name(number, name)] = shown[deal[name]]
        if deal.get("verzaakt_seat"):
            initial[field_name(number, "verzaakt_seat")] = deal["verzaakt_seat"]
        if deal.get("trump"):
            initial[field_name(number, "trump")] = deal["trump"]
        if deal.get("challenge"):
            initial[field_name(number, "challenge")] = deal["challenge"]
        if deal.get("nil"):
            initial[field_name(number, "nil")] = True
        for suffix, flag in zip(layout.suffixes, deal.get("big_roem") or ()):
            if flag:
                initial[field_name(number, f"big_roem_{suffix}")] = True
    return initial
