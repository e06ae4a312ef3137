"""documents.workbook.read_sheet, the one reader of every xlsx import (issue 35 item 3): a column found
by its key, its translation or an alias the import names; the rows it reads bounded by ``max_rows``.
Real workbooks, written and read back with openpyxl in read-only mode, as an upload is."""

import io

from django.utils import translation
from openpyxl import Workbook, load_workbook

from documents.workbook import MAX_ROWS, read_sheet

COLUMNS = [("Player", True, None), ("Points", True, None)]


def sheet(header, rows):
    wb = Workbook()
    ws = wb.active
    ws.append(header)
    for row in rows:
        ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    return load_workbook(io.BytesIO(out.getvalue()), read_only=True).worksheets[0]


def test_a_column_is_found_by_its_key_its_translation_or_an_alias():
    problems: list = []
    with translation.override("nl"):
        rows = read_sheet(
            sheet(["Speler", "score"], [["Anna", 10]]), "x", COLUMNS, problems, aliases={"Points": {"score"}}
        )
    assert problems == []
    assert rows == [(2, {"Player": "Anna", "Points": 10})]


def test_without_the_alias_the_header_is_named_and_the_column_missing():
    problems: list = []
    with translation.override("en"):
        read_sheet(sheet(["Player", "score"], [["Anna", 10]]), "x", COLUMNS, problems)
    assert problems == [
        "Sheet 'Sheet': column 'score' is not one of the template's columns (Player, Points).",
        "Sheet 'Sheet': the column 'Points' is missing.",
    ]


def test_the_rows_read_are_bounded_by_max_rows():
    rows = [["Anna", n] for n in range(4)]
    problems: list = []
    with translation.override("en"):
        assert len(read_sheet(sheet(["Player", "Points"], rows), "x", COLUMNS, problems, max_rows=3)) == 3
    assert problems == ["Sheet 'Sheet' has more than 3 rows."]
    problems = []
    assert len(read_sheet(sheet(["Player", "Points"], rows), "x", COLUMNS, problems)) == 4 < MAX_ROWS
    assert problems == []
