"""Reading an uploaded xlsx, for every import (members and teams, results, a club's evening totals): the
one upload form with its size limit, the opening of the file behind ``documents.upload_guard`` (bombs
and oversized sheets refused in bounded work, then openpyxl in read-only mode), sheets found by name in
English or the current language, rows read by the template's headers, and the refusals that name a
sheet, row and column."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl import load_workbook
from openpyxl.utils.exceptions import InvalidFileException

from documents.upload_guard import MAX_COLUMNS, UnsafeWorkbook, check_workbook

MAX_BYTES = 5 * 1024 * 1024
MAX_ROWS = 5000
YES = {"yes", "y", "ja", "j", "true", "1", "x"}
NO = {"no", "n", "nee", "false", "0"}


@dataclass(frozen=True)
class RowError:
    sheet: str
    row: int
    column: str
    message: str

    def __str__(self) -> str:
        return _("Row %(row)s, column '%(column)s': %(message)s") % {
            "row": self.row,
            "column": _(self.column),
            "message": self.message,
        }

    @property
    def sheet_name(self) -> str:
        return _(self.sheet)


class ImportRefused(Exception):
    """The file cannot be imported. ``messages`` lists every reason; nothing was written."""

    def __init__(self, messages: list):
        super().__init__("; ".join(str(m) for m in messages))
        self.messages = messages


def _aliases(key: str) -> set[str]:
    return {key.casefold(), _(key).casefold()}


def find_sheet(wb, key: str):
    names = _aliases(key)
    for ws in wb.worksheets:
        if ws.title.strip().casefold() in names:
            return ws
    return None


def _values(cells, key: str, number: int, problems: list, positions: dict | None = None) -> tuple:
    """A row's values; a formula (whose value a file written by a program need not carry) is a problem."""
    values: list[object] = []
    for index, cell in enumerate(cells):
        if cell.data_type == "f":
            column = next((k for k, i in (positions or {}).items() if i == index), None)
            if column is not None:
                problems.append(
                    RowError(
                        key,
                        number,
                        column,
                        _("holds a formula (%(formula)s), not a value; type the value itself or paste it as a value")
                        % {"formula": str(cell.value)[:40]},
                    )
                )
            values.append(None)
        else:
            values.append(cell.value)
    return tuple(values)


def read_sheet(
    ws, key: str, columns, problems: list, *, max_rows: int = MAX_ROWS, aliases: dict[str, set[str]] | None = None
) -> list[tuple[int, dict]]:
    """Rows as (row number, {column key: value}); header and formula problems are added to ``problems``.
    A column's header is its key, in English or the current language, or one of its ``aliases``
    (lower case). Reads at most ``max_rows`` rows (and one more, to say there are more) of at most
    ``MAX_COLUMNS``."""
    width = min(ws.max_column or MAX_COLUMNS, MAX_COLUMNS)
    rows = ws.iter_rows(max_row=max_rows + 2, max_col=width)
    header = next(rows, None)
    if header is None:
        return []
    header = _values(header, key, 1, problems)
    positions, known = {}, {}
    for k, _req, _len in columns:
        for alias in _aliases(k) | (aliases or {}).get(k, set()):
            known[alias] = k
    for index, title in enumerate(header):
        if title is None or str(title).strip() == "":
            continue
        k = known.get(str(title).strip().casefold())
        if k is None:
            problems.append(
                _("Sheet '%(sheet)s': column '%(column)s' is not one of the template's columns (%(expected)s).")
                % {"sheet": ws.title, "column": title, "expected": ", ".join(_(c) for c, _r, _l in columns)}
            )
        elif k in positions:
            problems.append(
                _("Sheet '%(sheet)s': column '%(column)s' appears twice.") % {"sheet": ws.title, "column": title}
            )
        else:
            positions[k] = index
    for k, required, _len in columns:
        if required and k not in positions:
            problems.append(
                _("Sheet '%(sheet)s': the column '%(column)s' is missing.") % {"sheet": ws.title, "column": _(k)}
            )
    result = []
    for number, values in enumerate(rows, start=2):
        if number > max_rows + 1:
            problems.append(_("Sheet '%(sheet)s' has more than %(max)s rows.") % {"sheet": ws.title, "max": max_rows})
            break
        values = _values(values, key, number, problems, positions)
        if all(v is None or str(v).strip() == "" for v in values):
            continue
        result.append((number, {k: values[i] if i < len(values) else None for k, i in positions.items()}))
    return result


def open_workbook(data: bytes, *, not_xlsx: str, max_rows: int = MAX_ROWS, data_only: bool = False):
    """An uploaded workbook, read-only; :class:`ImportRefused` if it is empty, too big or not an xlsx
    (``not_xlsx`` is the message for the last case, saying where a good file comes from). At most
    ``max_rows`` rows below the header; formulas as formulas unless ``data_only`` (their cached values)."""
    if not data:
        raise ImportRefused([_("The file is empty.")])
    if len(data) > MAX_BYTES:
        raise ImportRefused([_("The file is larger than 5 MB.")])
    try:
        check_workbook(data, max_row=max_rows + 1)  # before openpyxl: bombs (and too many rows) refused early
    except UnsafeWorkbook as unsafe:
        raise ImportRefused([str(unsafe)]) from None
    try:  # by default formulas as formulas (not their cached values), so that they are reported as such
        return load_workbook(io.BytesIO(data), read_only=True, data_only=data_only)
    except (zipfile.BadZipFile, InvalidFileException, KeyError, OSError, ValueError):
        raise ImportRefused([not_xlsx]) from None


def cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def validate_size(upload) -> None:
    if upload.size > MAX_BYTES:
        raise ValidationError(_("The file is larger than 5 MB."))


class UploadForm(forms.Form):
    """The one upload of an xlsx to import: a file of at most :data:`MAX_BYTES`."""

    file = forms.FileField(
        validators=[validate_size],
        error_messages={
            "required": gettext_lazy("Choose a file to upload."),
            "empty": gettext_lazy("The file is empty."),
        },
    )

    @property
    def problems(self) -> list[str]:
        """What is wrong with the upload, in words for the page."""
        return [str(message) for messages in self.errors.values() for message in messages]

    @property
    def upload(self):
        return self.files.get("file")
