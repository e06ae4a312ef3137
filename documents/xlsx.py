"""The one xlsx writer of the project, pretix style: an exporter only yields rows, this base writes them.

An :class:`Exporter` declares its columns and yields plain rows (numbers stay numbers). The base
writes them with ``openpyxl.Workbook(write_only=True)``: rows go to a temporary file as they come,
so memory stays bounded however large the export, and :func:`xlsx_response` streams that file.

Choice (speed): openpyxl builds and serialises an element per cell, about 6,000 rows/s for a
20-column row. Data rows (plain ``int``/``float``/``bool``/``str``/``date``-free tuples) are
therefore serialised here as one XML string per row through the write-only sheet's own stream
(:class:`_RowWriter`); the header row, styles, widths and frozen panes still go through openpyxl.
Where the stream is not the pure-Python one this relies on (lxml installed), every row falls back
to openpyxl's own writer, so the output is the same, only slower.

Every string is written as text (an inline string), on every path: a name such as
``=HYPERLINK("http://evil.example","x")`` must never become a live formula in a public export.
"""

from __future__ import annotations

import datetime
import math
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape
from zipfile import ZIP_DEFLATED, ZipFile

from django.http import FileResponse
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._writer import WorksheetWriter
from openpyxl.writer.excel import ExcelWriter

from documents.public_names import active as public_names_active
from documents.public_names import public

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="1D5C3A")  # the site's green
LETTERS = [get_column_letter(i) for i in range(1, 257)]
PLAIN = frozenset({int, float, bool, str, type(None)})  # what a data row may hold to take the fast path


@dataclass(frozen=True)
class Column:
    header: str
    width: float = 12
    number_format: str = ""  # e.g. "0" or "0.0" for number columns of a formatted sheet


@dataclass(frozen=True)
class Struck:
    """A value written struck through, with a note on its cell (an evening that does not count)."""

    value: object
    note: str


@dataclass(frozen=True)
class Noted:
    """A value written as it is, with a note on its cell (an evening imported from the club's records)."""

    value: object
    note: str


class Exporter:
    """Subclasses set ``columns`` (or override :meth:`get_columns`) and implement :meth:`rows`."""

    filename = "export.xlsx"
    columns: Sequence[Column] = ()
    freeze_header = True
    autofilter = False  # a filter on the header row, over every data row

    @property
    def sheet_title(self) -> str:
        return "Sheet"

    def document_title(self) -> str:
        """The workbook's title (its document properties); none by default."""
        return ""

    def get_columns(self) -> Sequence[Column]:
        return self.columns

    def title_rows(self) -> list[Sequence]:
        """Rows above the header (a title, a date); none by default."""
        return []

    def rows(self) -> Iterator[Sequence]:
        raise NotImplementedError

    def extra_sheets(self) -> list[tuple[str, Sequence[Column], Sequence[Sequence]]]:
        """Sheets after the main one, each (title, columns, rows), written plainly; none by default."""
        return []


def _finite(value) -> bool:
    return type(value) is not float or math.isfinite(value)


class _RowWriter(WorksheetWriter):
    """Writes a plain row as one string; anything else (styled cells) the openpyxl way."""

    strings_cached = 20_000  # distinct strings whose XML is kept (names, statuses): bounded memory

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._strings: dict[str, str] = {}
        self._plans: dict[tuple, tuple[str, list]] = {}

    def _string(self, value: str) -> str:
        """The end of a string cell's XML (after its reference); an empty string is an empty cell."""
        xml = self._strings.get(value)
        if xml is None:
            if not value:
                return '"/>'

            text = escape(ILLEGAL_CHARACTERS_RE.sub("", value))
            space = ' xml:space="preserve"' if text[:1].isspace() or text[-1:].isspace() else ""
            xml = f'" t="inlineStr"><is><t{space}>{text}</t></is></c>'
            if len(self._strings) < self.strings_cached:
                self._strings[value] = xml
        return xml

    def _plan(self, kinds: tuple) -> tuple[str, list]:
        """A format string for rows whose values have these types, and which values it takes how."""
        xml = ['<row r="{0}">']
        picks: list[tuple[int, Callable | None]] = []  # (value's index, how it is written; None: as it is)
        for index, (letter, kind) in enumerate(zip(LETTERS, kinds)):
            if kind is type(None):
                continue
            arg = "{%d}" % (len(picks) + 1)
            if kind is str:
                xml.append(f'<c r="{letter}{{0}}{arg}')
                picks.append((index, self._string))
            elif kind is bool:
                xml.append(f'<c r="{letter}{{0}}" t="b"><v>{arg}</v></c>')
                picks.append((index, int))
            else:  # int, float
                xml.append(f'<c r="{letter}{{0}}"><v>{arg}</v></c>')
                picks.append((index, None))
        xml.append("</row>")
        plan = ("".join(xml), picks)
        if len(self._plans) < 1000:
            self._plans[kinds] = plan
        return plan

    def write_row(self, xf, row, row_idx):
        write = getattr(xf, "_file", None)
        plain = isinstance(row, tuple | list)
        if not plain or not callable(write) or (float in map(type, row) and not all(map(_finite, row))):
            return super().write_row(xf, self._cells(row, row_idx) if plain else row, row_idx)
        kinds = tuple(map(type, row))
        xml, picks = self._plans.get(kinds) or self._plan(kinds)
        write(xml.format(row_idx, *[row[i] if f is None else f(row[i]) for i, f in picks]))

    def _cells(self, values, row_idx):
        return self.ws._openpyxl_values_to_row(_as_text(self.ws, values), row_idx)


def text_cell(ws, value: str) -> WriteOnlyCell:
    """A string cell written as text, always: openpyxl would store a string starting with "=" as a
    live formula (``=HYPERLINK(...)`` in a member's name), so the type is set back to string."""
    cell = WriteOnlyCell(ws, value=ILLEGAL_CHARACTERS_RE.sub("", value))
    cell.data_type = "s"
    return cell


def _as_text(ws, values) -> list:
    """A row for openpyxl's own writer with every string as a text cell (see :func:`text_cell`)."""
    return [text_cell(ws, v) if isinstance(v, str) else v for v in values]


def _prepare_sheet(ws):
    """Route plain rows of a write-only sheet through :class:`_RowWriter` (see the module doc)."""
    original = ws._values_to_row
    ws._openpyxl_values_to_row = original

    def values_to_row(values, row_idx):
        if isinstance(values, tuple | list) and PLAIN.issuperset(map(type, values)):
            return values
        if isinstance(values, tuple | list):  # strings as text, never formulas (and no control characters)
            values = _as_text(ws, values)
        return original(values, row_idx)

    ws._values_to_row = values_to_row
    ws._writer = _RowWriter(ws)
    ws._writer.write_top()


def styled_row(ws, values: Iterable, *, font=None, fill=None, alignment=None) -> list:
    cells = []
    for value in values:
        cell = text_cell(ws, value) if isinstance(value, str) else WriteOnlyCell(ws, value=value)
        if font is not None:
            cell.font = font
        if fill is not None:
            cell.fill = fill
        if alignment is not None:
            cell.alignment = alignment
        cells.append(cell)
    return cells


def write_xlsx(exporter: Exporter, fileobj) -> int:
    """Write the exporter's sheet to ``fileobj``; return the number of data rows."""
    wb = Workbook(write_only=True)
    ws = wb.create_sheet(title=str(exporter.sheet_title)[:31])
    if title := exporter.document_title():
        wb.properties.title = title
    columns = exporter.get_columns()
    for letter, column in zip(LETTERS, columns):
        ws.column_dimensions[letter].width = column.width
    titles = exporter.title_rows()
    if exporter.freeze_header:
        ws.freeze_panes = f"A{len(titles) + 2}"
    _prepare_sheet(ws)  # after widths and panes: the sheet's top is written here
    for title_row in titles:
        ws.append(styled_row(ws, title_row, font=Font(bold=True, size=13)))
    ws.append(
        styled_row(
            ws,
            [c.header for c in columns],
            font=HEADER_FONT,
            fill=HEADER_FILL,
            alignment=Alignment(horizontal="center", vertical="center", wrap_text=True),
        )
    )
    formats = [c.number_format for c in columns]
    count = 0
    rows = exporter.rows()
    if public_names_active():  # a public download: members' names as they chose (documents.public_names)
        rows = ([public(value) for value in row] for row in rows)
    if any(formats):
        for row in rows:
            ws.append([_formatted(ws, v, f) for v, f in zip(row, formats)])
            count += 1
    else:
        for row in rows:
            ws.append(row)
            count += 1
    if exporter.autofilter and columns:
        header = len(titles) + 1
        ws.auto_filter.ref = f"A{header}:{LETTERS[len(columns) - 1]}{header + count}"
    for title, extra_columns, extra_rows in exporter.extra_sheets():
        if public_names_active():
            extra_rows = [[public(value) for value in row] for row in extra_rows]
        _write_plain_sheet(wb, title, extra_columns, extra_rows)
    # Choice: deflate level 1 instead of openpyxl's default 6: three times faster on a large sheet,
    # a file about a fifth larger.
    wb.properties.modified = datetime.datetime.now(tz=datetime.UTC).replace(tzinfo=None)
    with ZipFile(fileobj, "w", ZIP_DEFLATED, allowZip64=True, compresslevel=1) as archive:
        ExcelWriter(wb, archive).save()
    return count


def _write_plain_sheet(wb, title: str, columns: Sequence[Column], rows: Sequence[Sequence]) -> None:
    """A small sheet beside the main one: its header in row 1 (frozen, filtered), values as given."""
    ws = wb.create_sheet(title=str(title)[:31])
    for letter, column in zip(LETTERS, columns):
        ws.column_dimensions[letter].width = column.width
    ws.freeze_panes = "A2"
    ws.append(styled_row(ws, [c.header for c in columns], font=HEADER_FONT, fill=HEADER_FILL))
    formats = [c.number_format for c in columns]
    for row in rows:
        ws.append([_formatted(ws, v, f) for v, f in zip(row, formats)])
    if columns:
        ws.auto_filter.ref = f"A1:{LETTERS[len(columns) - 1]}{1 + len(rows)}"


def _formatted(ws, value, number_format):
    if isinstance(value, Struck):
        cell = WriteOnlyCell(ws, value=value.value)
        cell.font = Font(strike=True, color="777777")
        cell.comment = Comment(value.note, "Klaverjas")
        if number_format:
            cell.number_format = number_format
        return cell
    if isinstance(value, Noted):
        cell = WriteOnlyCell(ws, value=value.value)
        cell.comment = Comment(value.note, "Klaverjas")
        if number_format:
            cell.number_format = number_format
        return cell
    if not number_format or not isinstance(value, int | float) or isinstance(value, bool):
        return value
    cell = WriteOnlyCell(ws, value=value)
    cell.number_format = number_format
    return cell


def xlsx_response(exporter: Exporter) -> FileResponse:
    """Write to a temporary file (bounded memory) and stream it back."""
    spool = tempfile.TemporaryFile()
    write_xlsx(exporter, spool)
    spool.seek(0)
    return FileResponse(spool, as_attachment=True, filename=exporter.filename, content_type=XLSX_TYPE)
