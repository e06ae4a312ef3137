"""The xlsx side of bringing a club's history along (issue 26 item 12): the downloadable template
(headers player, date, points in the current language) and the reading of an uploaded file into the
rows that ``competitions.season.history`` checks and imports.

The upload is opened and read by ``documents.workbook`` like every import's (checked by
``documents.upload_guard`` before openpyxl opens it, then read in read-only mode; ``read_sheet``
finds the headers by name, in English or Dutch or one of their aliases, in any order, and names a
header that is not the template's, one that appears twice and one that is missing in the same words
as the other imports); blank rows are ignored. Each row keeps its sheet row number, so that a
refusal names the row the organiser sees in Excel.
"""

from __future__ import annotations

import datetime
import io
import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from openpyxl import Workbook
from openpyxl.styles import Font, PatternFill

from competitions.season.history import ROWS_MAX
from documents.workbook import ImportRefused, open_workbook, read_sheet

#: the columns: key (the service's row key), header (translated), the other headers accepted
COLUMNS = (
    ("player", gettext_noop("Player"), {"player", "speler", "name", "naam"}),
    ("date", gettext_noop("Date"), {"date", "datum", "evening", "avond"}),
    ("points", gettext_noop("Points"), {"points", "punten", "score"}),
)
SHEET = gettext_noop("Evening totals")
_DUTCH_DATE = re.compile(r"\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*")


class SheetRefused(Exception):
    """The file as a whole cannot be read (not an xlsx, too big, headers missing); nothing imported.
    ``messages`` names every reason."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(messages))
        self.messages = messages


def header(key: str) -> str:
    return next(_(label) for k, label, _aliases in COLUMNS if k == key)


def template_workbook() -> bytes:
    """An empty sheet with the three headers in the current language and one example row."""
    wb = Workbook()
    ws = wb.active
    ws.title = _("Evening totals")
    ws.append([_(label) for _k, label, _a in COLUMNS])
    bold, fill = Font(bold=True, color="FFFFFF"), PatternFill("solid", fgColor="1D5C3A")
    for cell in ws[1]:
        cell.font, cell.fill = bold, fill
    ws.append(["Joëlle de Vries", datetime.date(2025, 9, 5), 5120])
    ws["B2"].number_format = "yyyy-mm-dd"
    ws.column_dimensions["A"].width, ws.column_dimensions["B"].width, ws.column_dimensions["C"].width = 28, 14, 10
    ws.freeze_panes = "A2"
    ws["A2"].data_type = "s"  # text as text, never a formula
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _date(value):
    """A cell's date: a real date cell, ISO text, or Dutch dd-mm-yyyy text; anything else as it is."""
    if isinstance(value, datetime.datetime):
        return value.date().isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, str) and (m := _DUTCH_DATE.fullmatch(value)):
        try:
            return datetime.date(int(m[3]), int(m[2]), int(m[1])).isoformat()
        except ValueError:
            return value
    return value


def read_rows(data: bytes) -> tuple[list[dict], list[int]]:
    """(rows of {"player", "date", "points"}, their sheet row numbers), or :class:`SheetRefused`."""
    try:
        wb = open_workbook(
            data,
            not_xlsx=_(
                "This file is not an Excel workbook (.xlsx). Download the template, fill it in and save it as .xlsx."
            ),
            max_rows=ROWS_MAX,
            data_only=True,
        )
    except ImportRefused as refused:
        raise SheetRefused([str(m) for m in refused.messages]) from None
    problems: list = []
    try:
        found = read_sheet(
            wb.worksheets[0],
            SHEET,
            [(label, True, None) for _k, label, _a in COLUMNS],  # every column required
            problems,
            max_rows=ROWS_MAX,
            aliases={label: aliases for _k, label, aliases in COLUMNS},
        )
    finally:
        wb.close()
    if problems:
        raise SheetRefused([str(p) for p in problems])
    keys = {label: key for key, label, _a in COLUMNS}
    rows, numbers = [], []
    for number, values in found:
        cells = {keys[label]: value for label, value in values.items()}
        if isinstance(cells["player"], str):
            cells["player"] = cells["player"].strip() or None
        if all(v is None for v in cells.values()):
            continue  # a blank row
        cells["date"] = _date(cells["date"])
        rows.append(cells)
        numbers.append(number)
    if not rows:
        raise SheetRefused([_("The file has no rows to import.")])
    return rows, numbers
