"""Reading an uploaded results file (the results export's format): its rows, and each cell as a whole
number, yes/no or a side letter — with a message naming what a cell holds where it cannot be read."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from documents.workbook import NO, YES, ImportRefused, cell_text, find_sheet, open_workbook, read_sheet
from scoring.results.exports import RESULT_HEADERS, SIDE_LETTERS

SHEET = gettext_noop("results")
REQUIRED = {"competition", "round", "table", "deal", "points A", "points B"}
#: (column key, required, max length) as ``documents.workbook.read_sheet`` takes them
COLUMNS = [(header, header in REQUIRED, 0) for header in RESULT_HEADERS]
_INTEGER = re.compile(r"[+-]?\d+")


def read_results(data: bytes) -> list[tuple[int, dict]]:
    """The rows of an uploaded results file as (row number, {column: value}), or :class:`ImportRefused`."""
    wb = open_workbook(
        data,
        not_xlsx=_(
            "This file is not an Excel workbook (.xlsx). Export the results, change them and save the file as .xlsx."
        ),
    )
    try:
        ws = find_sheet(wb, SHEET)
        if ws is None and len(wb.worksheets) == 1:
            ws = wb.worksheets[0]  # the export's one sheet, renamed
        if ws is None:
            raise ImportRefused([_("The workbook has no sheet called '%(sheet)s'.") % {"sheet": SHEET}])
        problems: list = []
        rows = read_sheet(ws, SHEET, COLUMNS, problems)
    finally:
        wb.close()
    if problems:
        raise ImportRefused(problems)
    if not rows:
        raise ImportRefused([_("The file has no results to import.")])
    return rows


def whole_cell(value) -> int | None:
    """A whole number from a number cell (or a number typed as text); empty is None."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise ValueError(_("must be a number, not yes/no"))
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError(_("must be a whole number, not %(value)s") % {"value": value})
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        if _INTEGER.fullmatch(text):
            return int(text)
        raise ValueError(_("must be a number, not '%(value)s'") % {"value": text})
    raise ValueError(_("must be a number, not a date or time"))


def yes_no_cell(value) -> bool | None:
    if value is None or cell_text(value) == "":
        return None
    if isinstance(value, bool):
        return value
    text = cell_text(value).casefold()
    if text in YES | {_("yes").casefold()}:
        return True
    if text in NO | {_("no").casefold()}:
        return False
    raise ValueError(_("'%(value)s' is not yes or no") % {"value": value})


def side_cell(value, sides: int) -> int | None:
    text = cell_text(value).upper()
    if not text:
        return None
    letters = SIDE_LETTERS[:sides]
    if text not in letters:
        raise ValueError(
            _("'%(value)s' is not a side of this table (%(sides)s)")
            % {"value": cell_text(value), "sides": ", ".join(letters)}
        )
    return letters.index(text)


#: Trump as the export writes it (♣♦♥♠) and as people type it: letters, Dutch and English names.
TRUMP_WORDS = {
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
    "♧": "C",
    "♢": "D",
    "♡": "H",
    "♤": "S",
    "klaveren": "C",
    "klaver": "C",
    "ruiten": "D",
    "ruit": "D",
    "harten": "H",
    "hart": "H",
    "schoppen": "S",
    "schop": "S",
    "clubs": "C",
    "diamonds": "D",
    "hearts": "H",
    "spades": "S",
}


def trump_cell(value) -> str | None:
    """The trump suit's letter from a cell; what is not a known name is passed on as typed (the
    entry service names it in its message)."""
    text = cell_text(value).strip()
    if not text:
        return None
    return TRUMP_WORDS.get(text.casefold(), text)
