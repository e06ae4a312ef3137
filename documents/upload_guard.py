"""The check of an uploaded xlsx before openpyxl reads it: decompression bombs are refused in a
bounded amount of work and memory.

An xlsx is a zip of XML parts. Five megabytes on disk can hold gigabytes of XML (13 million identical
rows) or one row of ten million cells, which openpyxl would build in memory as one list before any
row cap applies. So, before openpyxl opens the file:

1. the archive's directory is checked: at most :data:`MAX_PARTS` parts, none larger than its limit
   once unpacked, all together at most :data:`MAX_UNPACKED`, and no large part compressed more than
   :data:`MAX_RATIO` times. ``zipfile`` never unpacks more than a part's declared size (a part that
   lies about it fails its CRC check), so the declared sizes are a real bound;
2. every worksheet and the shared strings are streamed through expat, counting elements and cells
   and stopping at the first limit: a row of more than :data:`MAX_COLUMNS` columns, more than
   :data:`MAX_CELLS` cells, more than :data:`MAX_STRINGS` shared strings, or any DTD (no entity
   tricks), and a sheet with more rows than the importer's cap (``max_row``, the header included),
   or a row numbered beyond it, is refused there with a message about the file's size: the rows are
   first counted by a byte search (:func:`_count_rows`), so what lies beyond is never parsed, by
   the scan or by openpyxl.

What passes is small enough for openpyxl's read-only mode, which holds one row at a time.
"""

from __future__ import annotations

import io
import re
import zipfile
from xml.parsers import expat

from django.utils.translation import gettext as _

#: limits on the archive's directory
MAX_PARTS = 500
MAX_UNPACKED = 60 * 1024 * 1024  # all parts together; a 5,000-row results export unpacks to ~6 MB
MAX_SHEET = 40 * 1024 * 1024  # one worksheet
MAX_STRINGS_PART = 20 * 1024 * 1024  # the shared strings
MAX_XML = 2 * 1024 * 1024  # any other XML part: styles, workbook, relationships (Excel's are kilobytes)
MAX_OTHER = 10 * 1024 * 1024  # anything else (an image), never parsed
MAX_RATIO = 100  # unpacked / packed, for parts over RATIO_FROM bytes (real sheets compress 5–20 times)
RATIO_FROM = 1024 * 1024
#: limits on the content
MAX_COLUMNS = 100  # the widest import (results) has 25 columns
MAX_CELLS = 300_000  # 5,000 rows of 25 columns is 125,000
MAX_STRINGS = 200_000
MAX_ELEMENTS = 1_500_000  # XML elements per part (a cell is two or three)
MAX_STRUCTURE = 100_000  # elements per part that are not cells, rows or their text (columns, styles...)
#: the elements of rows, cells and texts (rich text runs and their fonts); every other one is "structure"
CONTENT = frozenset(
    {
        "row",
        "c",
        "v",
        "f",
        "is",
        "t",
        "r",
        "rPr",
        "si",
        "rPh",
        "phoneticPr",
        "b",
        "i",
        "u",
        "strike",
        "sz",
        "color",
        "rFont",
        "family",
        "scheme",
        "vertAlign",
        "charset",
        "outline",
        "shadow",
        "condense",
        "extend",
    }
)
CHUNK = 64 * 1024

_SHEET_PART = re.compile(r"xl/worksheets/[^/]+\.xml", re.IGNORECASE)
_STRINGS_PART = re.compile(r"xl/sharedStrings\.xml", re.IGNORECASE)
_XML_PART = re.compile(r"\.(xml|rels|vml)$", re.IGNORECASE)
_COLUMN = re.compile(r"([A-Za-z]{1,3})\d*")


class UnsafeWorkbook(Exception):
    """The upload is refused; the message says why in the user's language."""


def _column_number(reference: str) -> int | None:
    match = _COLUMN.match(reference or "")
    if match is None:
        return None
    number = 0
    for letter in match.group(1).upper():
        number = number * 26 + ord(letter) - 64
    return number


class _Scan:
    """Counts of one streamed part; the expat handlers raise :class:`UnsafeWorkbook` at a limit."""

    def __init__(self, *, part: str, max_row: int | None, cells_before: int, sheet: bool, max_elements: int):
        self.part = part
        self.sheet = sheet
        self.max_elements = max_elements
        self.max_row = max_row
        self.elements = 0
        self.structure = 0
        self.cells = cells_before
        self.row = 0  # the current row number
        self.row_cells = 0
        self.strings = 0

    def start(self, name: str, attrs: dict) -> None:
        self.elements += 1
        if self.elements > self.max_elements:
            raise UnsafeWorkbook(
                _("The file is too complex to be a filled-in template (part %(part)s has more than %(max)s elements).")
                % {"part": self.part, "max": f"{self.max_elements:,}"}
            )
        local = name.rpartition("}")[2] if "}" in name else name.rpartition(":")[2]
        if local not in CONTENT:
            self.structure += 1
            if self.structure > MAX_STRUCTURE:
                raise UnsafeWorkbook(
                    _(
                        "The file is too complex to be a filled-in template (part %(part)s has more "
                        "than %(max)s elements)."
                    )
                    % {"part": self.part, "max": f"{MAX_STRUCTURE:,}"}
                )
        elif not self.sheet:
            if local == "si":
                self.strings += 1
                if self.strings > MAX_STRINGS:
                    raise UnsafeWorkbook(
                        _("The file has more than %(max)s different texts; a filled-in template has far fewer.")
                        % {"max": f"{MAX_STRINGS:,}"}
                    )
        elif local == "row":
            number = attrs.get("r")
            self.row = int(number) if number and number.isascii() and number.isdigit() else self.row + 1
            self.row_cells = 0
            if self.max_row is not None and self.row > self.max_row:
                # refused here, not skipped: openpyxl reads a sheet without a dimension element
                # whole to learn its width (80,000 rows took 11 s), so a longer sheet never reaches it
                raise too_many_rows(self.max_row)
        elif local == "c":
            self.cells += 1
            self.row_cells += 1
            column = _column_number(attrs.get("r", "")) or self.row_cells
            if column > MAX_COLUMNS or self.row_cells > MAX_COLUMNS:
                raise UnsafeWorkbook(
                    _(
                        "Row %(row)s has cells beyond column %(max)s; a template has far fewer "
                        "columns. Delete the extra columns and upload the file again."
                    )
                    % {"row": self.row or 1, "max": MAX_COLUMNS}
                )
            if self.cells > MAX_CELLS:
                raise UnsafeWorkbook(
                    _("The file has more than %(max)s cells; a template filled with 5,000 rows has far fewer.")
                    % {"max": f"{MAX_CELLS:,}"}
                )


def too_many_rows(max_row: int) -> UnsafeWorkbook:
    return UnsafeWorkbook(
        _(
            "The file is too large for an import: a sheet has more than %(max)s rows "
            "(at most %(max)s rows below the header). Split it into smaller files."
        )
        % {"max": f"{max_row - 1:,}"}
    )


#: The start of a row element, with or without a namespace prefix (``<row ``, ``<x:row>``), not
#: ``<rowBreaks``: at most 30 bytes, so a chunk cut at its last ``<`` never splits one.
_ROW_START = re.compile(rb"<(?:[A-Za-z_][\w.-]{0,20}:)?row[\s/>]")


def _count_rows(archive: zipfile.ZipFile, info: zipfile.ZipInfo, *, max_row: int) -> None:
    """Count a worksheet's row elements at the speed of a byte search, before expat walks it element
    by element, and refuse the sheet as soon as there are more than ``max_row``: 80,000 rows of 25
    cells (no dimension element, within every size and ratio limit) are refused after reading their
    first 5,000 rows, in milliseconds. (Row *numbers* past the cap are expat's to find.)"""
    rows, tail = 0, b""
    with archive.open(info) as stream:
        while chunk := stream.read(CHUNK):
            data = tail + chunk
            cut = data.rfind(b"<", max(0, len(data) - 64))
            head, tail = (data, b"") if cut == -1 else (data[:cut], data[cut:])
            rows += len(_ROW_START.findall(head))
            if rows > max_row:
                raise too_many_rows(max_row)
    if rows + len(_ROW_START.findall(tail)) > max_row:
        raise too_many_rows(max_row)


def _refuse_dtd(*_args):
    raise UnsafeWorkbook(_("This file is not an Excel workbook (.xlsx): it declares a document type."))


def _scan_part(
    archive: zipfile.ZipFile,
    info: zipfile.ZipInfo,
    *,
    max_row: int | None = None,
    cells_before: int = 0,
    sheet: bool = False,
) -> int:
    """Stream one part through expat; return the cells counted so far."""
    big = sheet or _STRINGS_PART.fullmatch(info.filename)
    scan = _Scan(
        part=info.filename,
        max_row=max_row,
        cells_before=cells_before,
        sheet=sheet,
        max_elements=MAX_ELEMENTS if big else MAX_STRUCTURE,
    )
    parser = expat.ParserCreate(namespace_separator="}")
    parser.StartElementHandler = scan.start
    parser.StartDoctypeDeclHandler = _refuse_dtd
    parser.EntityDeclHandler = _refuse_dtd
    try:
        with archive.open(info) as stream:
            while chunk := stream.read(CHUNK):
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
    except expat.ExpatError:
        raise UnsafeWorkbook(
            _("This file is not an Excel workbook (.xlsx): part %(part)s is not readable XML.")
            % {"part": info.filename}
        ) from None
    return scan.cells


def _limit(name: str) -> int:
    if _SHEET_PART.fullmatch(name):
        return MAX_SHEET
    if _STRINGS_PART.fullmatch(name):
        return MAX_STRINGS_PART
    return MAX_XML if _XML_PART.search(name) else MAX_OTHER


def check_workbook(data: bytes, *, max_row: int | None) -> None:
    """Raise :class:`UnsafeWorkbook` unless ``data`` is a zip whose parts are within the limits above
    and whose worksheets end by row ``max_row``. A file that is not a zip is left to openpyxl."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError):
        return  # openpyxl refuses it with the caller's "not an xlsx" message
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_PARTS:
            raise UnsafeWorkbook(
                _("The file has more than %(max)s parts; it is not a filled-in template.") % {"max": MAX_PARTS}
            )
        total = 0
        for info in infos:
            total += info.file_size
            too_big = info.file_size > _limit(info.filename) or total > MAX_UNPACKED
            packed_too_far = info.file_size > RATIO_FROM and info.file_size > MAX_RATIO * max(info.compress_size, 1)
            if too_big or packed_too_far:
                raise UnsafeWorkbook(
                    _(
                        "The file unpacks to far more data than a filled-in template (part %(part)s: "
                        "%(size)s MB). It may be damaged or made to overload the server."
                    )
                    % {"part": info.filename, "size": f"{info.file_size / 1024 / 1024:,.0f}"}
                )
        cells = 0
        try:
            for info in infos:
                if _SHEET_PART.fullmatch(info.filename):
                    if max_row is not None:
                        _count_rows(archive, info, max_row=max_row)
                    cells = _scan_part(archive, info, max_row=max_row, cells_before=cells, sheet=True)
                elif _XML_PART.search(info.filename):  # openpyxl parses these whole: count their elements
                    _scan_part(archive, info)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, OSError, RuntimeError):
            raise UnsafeWorkbook(
                _("This file is not an Excel workbook (.xlsx): it is a damaged or encrypted archive.")
            ) from None
