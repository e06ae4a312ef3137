"""Decompression bombs made with zipfile directly: small on disk, huge or dense once unpacked.

Each bomb is a real workbook written by openpyxl whose worksheet (or shared strings) is replaced by
XML streamed from a generator, so that the file is otherwise one Excel and openpyxl open."""

from __future__ import annotations

import io
import random
import zipfile
from collections.abc import Iterable, Iterator

import openpyxl

NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
HEADER = ["member number", "first name", "last name", "email", "active"]


def _base(sheet_title: str = "members", shared_strings: bool = False) -> bytes:
    wb = openpyxl.Workbook()
    wb.active.title = sheet_title
    wb.active.append(HEADER)
    out = io.BytesIO()
    wb.save(out)
    if not shared_strings:
        return out.getvalue()
    # openpyxl writes no shared strings part: add one and declare it
    source = zipfile.ZipFile(io.BytesIO(out.getvalue()))
    rebuilt = io.BytesIO()
    with zipfile.ZipFile(rebuilt, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "[Content_Types].xml":
                data = data.replace(
                    b"</Types>",
                    b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                    b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
                )
            if info.filename == "xl/_rels/workbook.xml.rels":
                data = data.replace(
                    b"</Relationships>",
                    b'<Relationship Id="rIdS" Type="http://schemas.openxmlformats'
                    b'.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
                    b"</Relationships>",
                )
            target.writestr(info.filename, data)
        target.writestr("xl/sharedStrings.xml", f"<sst {NS}><si><t>x</t></si></sst>")
    return rebuilt.getvalue()


def with_parts(parts: dict[str, Iterable[str]], *, sheet_title: str = "members", shared_strings: bool = False) -> bytes:
    """The base workbook with the named parts replaced by the streamed XML (level 9: smallest on disk)."""
    source = zipfile.ZipFile(io.BytesIO(_base(sheet_title, shared_strings)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for info in source.infolist():
            if info.filename in parts:
                continue
            target.writestr(info.filename, source.read(info))
        for name, chunks in parts.items():
            with target.open(name, "w", force_zip64=True) as stream:
                buffer = []
                size = 0
                for chunk in chunks:
                    buffer.append(chunk)
                    size += len(chunk)
                    if size > 1 << 20:
                        stream.write("".join(buffer).encode())
                        buffer, size = [], 0
                stream.write("".join(buffer).encode())
    return out.getvalue()


def _sheet(rows: Iterator[str], dimension: str = "A1:E1") -> Iterator[str]:
    yield f'<?xml version="1.0" encoding="UTF-8"?><worksheet {NS}><dimension ref="{dimension}"/><sheetData>'
    yield '<row r="1">' + "".join(f'<c t="inlineStr"><is><t>{h}</t></is></c>' for h in HEADER) + "</row>"
    yield from rows
    yield "</sheetData></worksheet>"


SHEET = "xl/worksheets/sheet1.xml"


def wide_row(cells: int) -> bytes:
    """One data row of ``cells`` numeric cells (the 293 KB file of the report held ten million)."""

    def rows():
        yield '<row r="2">'
        for _ in range(cells // 1000):
            yield '<c t="n"><v>1</v></c>' * 1000
        yield "</row>"

    return with_parts({SHEET: _sheet(rows())})


def tall(rows_count: int) -> bytes:
    """``rows_count`` identical member rows (the 4.8 MB file of the report held 13 million)."""
    row = '<row><c t="n"><v>1</v></c><c t="inlineStr"><is><t>Jan</t></is></c><c t="inlineStr"><is><t>Vries</t></is></c></row>'

    def rows():
        for _ in range(rows_count // 1000):
            yield row * 1000

    return with_parts({SHEET: _sheet(rows())})


def many_strings(count: int) -> bytes:
    """A shared strings table of ``count`` tiny strings."""

    def strings():
        yield f'<?xml version="1.0" encoding="UTF-8"?><sst {NS} count="{count}" uniqueCount="{count}">'
        for _ in range(count // 1000):
            yield "<si><t>x</t></si>" * 1000
        yield "</sst>"

    return with_parts({"xl/sharedStrings.xml": strings()}, shared_strings=True)


def huge_dimension(members: int = 3) -> bytes:
    """A small valid sheet that claims to span A1:XFD1048576."""
    rows = (
        f'<row r="{n + 2}"><c t="inlineStr"><is><t>{1000 + n}</t></is></c><c t="inlineStr"><is><t>Jan</t></is></c>'
        f'<c t="inlineStr"><is><t>Vries{n}</t></is></c></row>'
        for n in range(members)
    )
    return with_parts({SHEET: _sheet(rows, dimension="A1:XFD1048576")})


def many_columns_definitions(count: int) -> bytes:
    """A sheet whose <cols> holds ``count`` column definitions before its data."""

    def parts():
        yield f'<?xml version="1.0" encoding="UTF-8"?><worksheet {NS}><cols>'
        for _ in range(count // 1000):
            yield '<col min="1" max="1" width="9"/>' * 1000
        yield "</cols><sheetData>"
        yield '<row r="1">' + "".join(f'<c t="inlineStr"><is><t>{h}</t></is></c>' for h in HEADER) + "</row>"
        yield "</sheetData></worksheet>"

    return with_parts({SHEET: parts()})


def billion_laughs() -> bytes:
    entities = (
        '<!DOCTYPE lolz [<!ENTITY lol "lol">'
        + "".join(f'<!ENTITY lol{i} "{("&lol%s;" % (i - 1 if i > 1 else "")) * 10}">' for i in range(1, 10))
        + "]>"
    )
    return with_parts(
        {
            SHEET: [
                f'<?xml version="1.0"?>{entities}<worksheet {NS}><sheetData><row r="1">'
                f'<c t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>'
            ]
        }
    )


def dense(rows_count: int, cells_per_row: int = 25, *, values: int = 100, seed: int = 1) -> bytes:
    """``rows_count`` rows of ``cells_per_row`` varied numbers and no dimension element: within every
    size and ratio limit (the issue's file: 2M cells in 80,000 rows, 2.8 MB), and openpyxl, which
    learns a sheet's width from its dimension, would read it whole to find it."""
    rng = random.Random(seed)

    def parts():
        yield f'<?xml version="1.0" encoding="UTF-8"?><worksheet {NS}><sheetData>'
        yield '<row r="1">' + "".join(f'<c t="inlineStr"><is><t>{h}</t></is></c>' for h in HEADER) + "</row>"
        for number in range(2, rows_count + 2):
            cells = "".join(f"<c><v>{rng.randrange(values)}</v></c>" for _ in range(cells_per_row))
            yield f'<row r="{number}">{cells}</row>'
        yield "</sheetData></worksheet>"

    return with_parts({SHEET: parts()})
