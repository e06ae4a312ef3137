"""The private internals of openpyxl that ``documents/xlsx.py`` leans on for speed (its module doc says
why): the write-only sheet's ``_values_to_row`` and ``_writer``, ``openpyxl.worksheet._writer.WorksheetWriter``
and the pure-Python stream's ``_file``. An upgrade of openpyxl that renames or reshapes one of them fails
here, by name, before an export breaks or silently falls back to the slow path (like
tests/core/test_private_internals.py for ``core/prepared.py``)."""

from __future__ import annotations

import importlib
import inspect
import io

from openpyxl import Workbook, load_workbook

from documents import xlsx


def test_openpyxl_writer_internals_that_documents_xlsx_uses():
    writer = importlib.import_module("openpyxl.worksheet._writer")
    assert hasattr(writer, "WorksheetWriter"), "openpyxl.worksheet._writer.WorksheetWriter is gone"
    WorksheetWriter = writer.WorksheetWriter
    assert list(inspect.signature(WorksheetWriter.__init__).parameters)[:2] == ["self", "ws"]
    assert list(inspect.signature(WorksheetWriter.write_row).parameters) == ["self", "xf", "row", "row_idx"]
    assert list(inspect.signature(WorksheetWriter.write_top).parameters) == ["self"]
    sheet = Workbook(write_only=True).create_sheet()
    assert hasattr(sheet, "_values_to_row"), "a write-only sheet has no _values_to_row"
    assert list(inspect.signature(sheet._values_to_row).parameters) == ["values", "row_idx"]
    assert hasattr(sheet, "_writer"), "a write-only sheet has no _writer"


class Plain(xlsx.Exporter):
    columns = [xlsx.Column("name"), xlsx.Column("points")]

    def rows(self):
        yield from [("Anna", 1), ("Bram", 2), ("Cor", 3)]


def test_plain_rows_take_the_fast_path_and_read_back(monkeypatch):
    """Plain rows are written as one string each through the stream's ``_file``: openpyxl's own
    ``write_row`` sees only the header. Were ``_file`` gone, every row would fall back (same file, slower)."""
    slow = []
    original = xlsx.WorksheetWriter.write_row
    monkeypatch.setattr(
        xlsx.WorksheetWriter,
        "write_row",
        lambda self, xf, row, row_idx: slow.append(row_idx) or original(self, xf, row, row_idx),
    )
    out = io.BytesIO()
    assert xlsx.write_xlsx(Plain(), out) == 3
    assert slow == [1], "openpyxl's write-only stream changed: data rows no longer take documents.xlsx's fast path"
    sheet = load_workbook(io.BytesIO(out.getvalue()), read_only=True).worksheets[0]
    assert [tuple(r) for r in sheet.iter_rows(values_only=True)] == [
        ("name", "points"),
        ("Anna", 1),
        ("Bram", 2),
        ("Cor", 3),
    ]
