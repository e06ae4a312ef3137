"""The score sheet as a form: one row per deal, every input a plain text box, keyboard first.

The form only turns what a person typed into the dicts ``scoring.services`` takes (a side as one
key, roem as a number or tally symbols, the other side's points from the deal total) and names
what it cannot read, at the deal and field. Everything about the game itself — is this deal
valid, what does it score, is it nat — is the rules engine's answer, through
``scoring.sheet.deal_input`` (see :func:`sheet_preview`) and the services.

Input names and ids are ``deal-<n>-<field>`` (``deal-3-points_a``); ``version`` is hidden.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from core.compass import seat_label
from scoring.rules import from_tally
from scoring.rules.rulesets import SEATS
from scoring.sheet.deal_input import DealError
from scoring.sheet.layout import (
    FIELD_LABELS,
    SIDE_KEYS,
    SIDE_SHOWN,
    SIDE_SUFFIXES,
    TALLY_CHARS,
    TRUMP_KEYS,
    SheetLayout,
    field_name,
    side_labels,
    whole_number,
)

NEGATIVE = re.compile(r"\s*-\s*\d+\s*")


@dataclass
class RowState:
    """One row as read from the form: the dict for the services, or why it cannot be read."""

    number: int
    empty: bool = True
    data: dict | None = None
    errors: list[DealError] = field(default_factory=list)


class OffenderSelect(forms.Select):
    """The players of a table as options, each marked with its side (``data-side``), so the entry
    script offers only the two of the side that verzaakt."""

    def __init__(self, *args, sides: dict[str, int], **kwargs):
        super().__init__(*args, **kwargs)
        self.sides = sides

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if value in self.sides:
            option["attrs"]["data-side"] = str(self.sides[value])
        return option


class SheetForm(forms.Form):
    """A whole score sheet. ``deals`` in ``cleaned_data`` is the list for ``services.save_deals``.

    ``seats`` (individual play at a table of four: ``(seat, side, player's name)`` per seat) adds to
    each deal a select ``deal-<n>-verzaakt_seat``: the player who verzaakt (RULES.md §9)."""

    data: dict[str, Any]  # a QueryDict (a dict) or a dict, copied below to fill in the other side's points

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(self, *args, layout: SheetLayout, seats: list[tuple[str, int, str]] | None = None, **kwargs):
        kwargs.setdefault("auto_id", "%s")
        super().__init__(*args, **kwargs)
        self.layout = layout
        self.names_offender = bool(seats)
        self.row_states: list[RowState] = []
        self.deal_errors: dict[int, list[DealError]] = {}
        if self.is_bound:
            self.data = self.data.copy()  # the other side's points are filled in below
        sides = layout.sides
        side_names = side_labels(sides)
        for number in range(1, layout.rows + 1):
            forced = layout.forced(number)
            if layout.has_bidder:
                keys = "/".join(SIDE_SHOWN[sides])
                self.fields[field_name(number, "bidder")] = self._key_field(
                    number,
                    "bidder",
                    _("deal %(n)s: bidder (%(keys)s)") % {"n": number, "keys": keys},
                    extra={"data-forced": SIDE_SHOWN[sides][forced]} if forced is not None else None,
                )
            for kind in ("points", "roem"):
                for suffix, label in zip(layout.suffixes, side_names):
                    name = f"{kind}_{suffix}"
                    attrs = {
                        "class": f"num {kind}",
                        "inputmode": "numeric" if kind == "points" else "text",
                        "maxlength": "4" if kind == "points" else "12",
                        "autocomplete": "off",
                        "data-deal": str(number),
                        "data-field": name,
                        "data-side": str(SIDE_SUFFIXES.index(suffix)),
                        "aria-label": _("deal %(n)s: %(what)s %(side)s")
                        % {"n": number, "what": FIELD_LABELS[kind], "side": label},
                    }
                    self.fields[field_name(number, name)] = forms.CharField(
                        required=False, widget=forms.TextInput(attrs=attrs)
                    )
            for name in ("pit", "verzaakt"):
                keys = "/".join(SIDE_SHOWN[sides])
                self.fields[field_name(number, name)] = self._key_field(
                    number,
                    name,
                    _("deal %(n)s: %(what)s (%(keys)s or empty)")
                    % {"n": number, "what": FIELD_LABELS[name], "keys": keys},
                )
            if seats:
                self.fields[field_name(number, "verzaakt_seat")] = self._offender_field(number, seats)
            if layout.has_trump:
                self.fields[field_name(number, "trump")] = self._key_field(
                    number, "trump", _("deal %(n)s: trump (c, d, h, s)") % {"n": number}
                )
            if layout.has_challenge:
                self.fields[field_name(number, "challenge")] = self._key_field(
                    number,
                    "challenge",
                    _("deal %(n)s: challenge (0 none, 1 kraak, 2 rekraak, 3 superkraak)") % {"n": number},
                )
            if layout.has_nil:
                self.fields[field_name(number, "nil")] = self._tick_field(
                    number, "nil", _("deal %(n)s: nil") % {"n": number}
                )
            if layout.has_big_roem:
                for suffix, label in zip(layout.suffixes, side_names):
                    self.fields[field_name(number, f"big_roem_{suffix}")] = self._tick_field(
                        number,
                        f"big_roem_{suffix}",
                        _("deal %(n)s: four jacks or a run of five %(side)s") % {"n": number, "side": label},
                    )

    def _offender_field(self, number: int, seats: list[tuple[str, int, str]]) -> forms.ChoiceField:
        choices = [("", _("who? (not named)"))] + [
            (seat, f"{seat_label(seat)} ({name})") for seat, _side, name in seats
        ]
        attrs = {
            "class": "offender",
            "data-offender-for": str(number),
            "aria-label": _("deal %(n)s: the player who verzaakt") % {"n": number},
        }
        return forms.ChoiceField(
            required=False,
            choices=choices,
            widget=OffenderSelect(attrs=attrs, sides={seat: side for seat, side, _name in seats}),
        )

    def _tick_field(self, number: int, name: str, label: str) -> forms.BooleanField:
        return forms.BooleanField(
            required=False,
            widget=forms.CheckboxInput(attrs={"data-deal": str(number), "data-field": name, "aria-label": label}),
        )

    def _key_field(self, number: int, name: str, label: str, extra: dict | None = None) -> forms.CharField:
        attrs = {
            "class": f"key {name}",
            "maxlength": "1",
            "autocomplete": "off",
            "data-deal": str(number),
            "data-field": name,
            "aria-label": label,
        }
        attrs.update(extra or {})
        return forms.CharField(required=False, widget=forms.TextInput(attrs=attrs))

    # --- reading the rows

    def _raw(self, number: int, name: str) -> str:
        value = self.data.get(self.add_prefix(field_name(number, name)), "")
        return str(value).strip()

    def _side(self, text: str, *, number: int, name: str, state: RowState):
        if not text or text in ("-", "–"):
            return None
        side = SIDE_KEYS[self.layout.sides].get(text.lower())
        if side is None:
            keys = ", ".join(SIDE_SHOWN[self.layout.sides])
            state.errors.append(
                DealError(
                    number,
                    name,
                    _("%(what)s: type %(keys)s (or leave it empty), not %(text)r")
                    % {"what": FIELD_LABELS[name], "keys": keys, "text": text},
                )
            )
        return side

    def _number(self, text: str, *, number: int, name: str, side: str, state: RowState):
        if not text:
            return None
        if whole_number(text) is not None:
            return whole_number(text)
        state.errors.append(
            DealError(
                number,
                name,
                _("%(what)s of %(side)s must be a whole number, not %(text)r")
                % {"what": FIELD_LABELS[name], "side": side, "text": text},
            )
        )
        return None

    def _roem(self, text: str, *, number: int, side: str, state: RowState):
        if not text:
            return 0
        if whole_number(text) is not None:
            return whole_number(text)
        if any(c in TALLY_CHARS for c in text):
            try:
                return from_tally(text)
            except ValueError:
                pass
        if NEGATIVE.fullmatch(text):  # "-20": a number, but roem is never below 0
            state.errors.append(
                DealError(
                    number,
                    "roem",
                    _("roem of %(side)s must be 0 or more, in multiples of 10 (20, 50, 100 …), not %(text)s")
                    % {"side": side, "text": text.strip()},
                )
            )
            return 0
        state.errors.append(
            DealError(
                number,
                "roem",
                _("roem of %(side)s: %(text)r is neither a number nor tally symbols (| = 20, V = 50, O = 100)")
                % {"side": side, "text": text},
            )
        )
        return 0

    def read_row(self, number: int) -> RowState:
        layout = self.layout
        state = RowState(number)
        labels = side_labels(layout.sides)
        ticks = layout.checkbox_names()
        typed = {name: self._raw(number, name) for name in layout.input_names() if name not in ticks}
        ticked = {
            name: self.data.get(self.add_prefix(field_name(number, name))) in ("on", "true", "1", True)
            for name in ticks
        }
        nil = ticked.get("nil", False)
        # The bidder alone (pre-filled by verplicht) does not make a row filled in.
        state.empty = not any(ticked.values()) and not any(
            v for k, v in typed.items() if k != "bidder" and not (k == "challenge" and v == "0")
        )
        if state.empty:
            return state
        points = [
            self._number(typed[f"points_{s}"], number=number, name="points", side=label, state=state)
            for s, label in zip(layout.suffixes, labels)
        ]
        missing = [i for i, p in enumerate(points) if p is None]
        total = layout.rules.deal_total
        offender = SIDE_KEYS[layout.sides].get((typed.get("verzaakt") or "").lower())
        if len(missing) == layout.sides and offender is not None and layout.rules.verzaakt_penalty != "fixed-points":
            # Issue 33 item 2: "verz." (and who) is a whole deal; its score does not depend on the card
            # points, so none need be made up: they are kept as the score gives them, all to the
            # other side (under "fixed-points" the deal is scored as played: its points are asked).
            points = [0] * layout.sides
            points[1 if offender == 0 else 0] = total
            missing = []
            for i, s in enumerate(layout.suffixes):
                self.data[self.add_prefix(field_name(number, f"points_{s}"))] = str(points[i])
        if len(missing) == 1 and not state.errors:
            # Typing one side's points gives the other's (three players: two of three give the third).
            i = missing[0]
            rest = total - sum(p for p in points if p is not None)
            if rest >= 0:
                points[i] = rest
                self.data[self.add_prefix(field_name(number, f"points_{layout.suffixes[i]}"))] = str(rest)
            else:
                state.errors.append(
                    DealError(
                        number,
                        "points",
                        _("points: %(shown)s is more than %(total)s, all card points of a deal")
                        % {"shown": sum(p for p in points if p is not None), "total": total},
                    )
                )
        if any(p is None for p in points) and not state.errors:
            state.errors.append(
                DealError(
                    number, "points", _("points: fill in the card points (together %(total)s)") % {"total": total}
                )
            )
        roem = [
            self._roem(typed[f"roem_{s}"], number=number, side=label, state=state)
            for s, label in zip(layout.suffixes, labels)
        ]
        data: dict[str, Any] = {"points": points, "roem": roem}
        if layout.has_bidder:
            bidder = self._side(typed["bidder"], number=number, name="bidder", state=state)
            if bidder is None and not typed["bidder"]:
                bidder = layout.forced(number)
            data["bidder"] = bidder
        data["pit"] = self._side(typed["pit"], number=number, name="pit", state=state)
        data["verzaakt"] = self._side(typed["verzaakt"], number=number, name="verzaakt", state=state)
        if self.names_offender and self._raw(number, "verzaakt_seat"):
            data["verzaakt_seat"] = self._raw(number, "verzaakt_seat")  # checked by the services
        if layout.has_trump and typed["trump"]:
            trump = TRUMP_KEYS.get(typed["trump"].lower())
            if trump is None:
                state.errors.append(
                    DealError(number, "trump", _("trump: type c, d, h or s, not %(text)r") % {"text": typed["trump"]})
                )
            data["trump"] = trump
        if layout.has_challenge and typed["challenge"]:
            if typed["challenge"] in ("0", "1", "2", "3"):
                data["challenge"] = int(typed["challenge"])
            else:
                state.errors.append(
                    DealError(
                        number,
                        "challenge",
                        _("challenge: type 0, 1, 2 or 3, not %(text)r") % {"text": typed["challenge"]},
                    )
                )
        if layout.has_nil:
            data["nil"] = nil
        if layout.has_big_roem:
            data["big_roem"] = [ticked[f"big_roem_{s}"] for s in layout.suffixes]
        if not state.errors:
            state.data = data
        return state

    def clean(self):
        cleaned = super().clean()
        states = [self.read_row(n) for n in range(1, self.layout.rows + 1)]
        last_filled = max((s.number for s in states if not s.empty), default=0)
        for state in states:
            if state.empty and state.number < last_filled:
                state.errors.append(
                    DealError(
                        state.number,
                        "points",
                        _("deal %(n)s is empty but deal %(last)s is filled in: fill in the deals in order")
                        % {"n": state.number, "last": last_filled},
                    )
                )
        self.row_states = states
        errors = [e for s in states for e in s.errors]
        if errors:
            self.add_deal_errors(errors)
        cleaned["deals"] = [s.data for s in states[:last_filled]]
        return cleaned

    def add_deal_errors(self, errors: list[DealError]) -> None:
        """Show errors (the form's own or the services') at their deal and field."""
        for error in errors:
            self.deal_errors.setdefault(error.deal, []).append(error)
            name = self._input_for(error)
            if name in self.fields:
                self.add_error(name, error.message)
            else:
                self.add_error(None, _("deal %(n)s: %(message)s") % {"n": error.deal, "message": error.message})

    def _input_for(self, error: DealError) -> str:
        if error.field in ("points", "roem", "big_roem"):
            return field_name(error.deal, f"{error.field}_a")
        if error.field in ("deals", "number"):
            return field_name(error.deal, "points_a")
        return field_name(error.deal, error.field)

    # --- for the template

    def rows(self, preview: dict | None = None) -> list[SheetRow]:
        """The rows for the template, with the engine's scores and marks from ``preview``."""
        layout = self.layout
        answers = {d["number"]: d for d in (preview or {}).get("deals", [])}
        out = []
        for number in range(1, layout.rows + 1):
            fields = {name: self[field_name(number, name)] for name in layout.input_names()}
            answer = answers.get(number, {})
            errors = list(self.deal_errors.get(number, []))
            for found in answer.get("errors", []):
                if not any(e.field == found["field"] and e.message == found["message"] for e in errors):
                    errors.append(DealError(number, found["field"], found["message"]))
            cells = []
            for side in range(layout.sides):
                cells.append(
                    {
                        "side": side,
                        "score": answer["scores"][side] if answer.get("scores") else "",
                        "running": answer["running"][side] if answer.get("running") else "",
                        "mark": answer["marks"][side] if answer.get("marks") else "",
                    }
                )
            out.append(
                SheetRow(
                    number=number,
                    dealer=SEATS[layout.dealer(number)],
                    forced=layout.forced(number),
                    fields=fields,
                    errors=errors,
                    error_fields={e.field for e in errors},
                    state=answer.get("state", "empty"),
                    mark=answer.get("mark", ""),
                    cells=cells,
                    board=layout.board(number),
                    offender=self[field_name(number, "verzaakt_seat")] if self.names_offender else None,
                )
            )
        return out


@dataclass
class SheetRow:
    number: int
    dealer: str
    forced: int | None
    fields: dict
    errors: list[DealError]
    error_fields: set
    state: str = "empty"
    mark: str = ""
    board: int = 0  # the number shown: the deal's, or its board on the wallet (duplicate)
    cells: list = field(default_factory=list)
    offender: object = None  # the select of the player who verzaakt (individual play), or None

    @property
    def forced_key(self) -> str:
        return "" if self.forced is None else SIDE_SHOWN[len(self.cells) or 2][self.forced]

    @property
    def points(self) -> list:
        return [v for k, v in self.fields.items() if k.startswith("points_")]

    @property
    def roem(self) -> list:
        return [v for k, v in self.fields.items() if k.startswith("roem_")]

    @property
    def big_roem(self) -> list:
        return [v for k, v in self.fields.items() if k.startswith("big_roem_")]

    @property
    def points_invalid(self) -> bool:
        return bool(self.error_fields & {"points", "deals", "number"})
