"""Issue 25, item 6: an xlsx of 2M cells in 80,000 rows with no dimension element, 2.8 MB and under
every size and ratio limit, passed the guard (which stopped scanning at the row cap) and then kept
openpyxl busy for 11 s, reading the whole sheet to learn its width, before a message about a column.
The guard now counts the sheet's rows with a byte search before parsing it and refuses once there are
more than the cap, with a message about the file's size; neither expat nor openpyxl parses the sheet.
Counted (elements, bytes), never timed (0.2 s on the loaded 2-core machine, against 11 s before)."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.utils import translation

import documents.workbook
from clubs.members.services import read_workbook
from documents import upload_guard
from documents.workbook import MAX_BYTES, MAX_ROWS, ImportRefused
from scoring.results.file import read_results
from tests.security import bombs

READERS = {"members": read_workbook, "results": read_results}


@pytest.fixture(scope="module")
def eighty_thousand_rows() -> bytes:
    return bombs.dense(80_000, 25)


@pytest.fixture
def counted(monkeypatch):
    """Elements the guard looked at, and the sheet's bytes it read."""
    seen = {"elements": 0, "bytes": 0}
    start = upload_guard._Scan.start

    def counting(self, name, attrs):
        seen["elements"] += 1
        return start(self, name, attrs)

    real_open = zipfile.ZipFile.open

    def measured_open(self, name, *args, **kwargs):
        stream = real_open(self, name, *args, **kwargs)
        if getattr(name, "filename", name) != bombs.SHEET:
            return stream
        read = stream.read

        def reading(n=-1):
            data = read(n)
            seen["bytes"] += len(data)
            return data

        stream.read = reading
        return stream

    monkeypatch.setattr(upload_guard._Scan, "start", counting)
    monkeypatch.setattr(zipfile.ZipFile, "open", measured_open)
    return seen


@pytest.fixture
def openpyxl_never_opens(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("openpyxl was asked to open a file of 80,000 rows")

    monkeypatch.setattr(documents.workbook, "load_workbook", refuse)


def test_the_file_is_within_every_size_and_ratio_limit(eighty_thousand_rows):
    assert len(eighty_thousand_rows) < MAX_BYTES
    info = zipfile.ZipFile(io.BytesIO(eighty_thousand_rows)).getinfo(bombs.SHEET)
    assert info.file_size < upload_guard.MAX_SHEET
    assert info.file_size < upload_guard.MAX_RATIO * info.compress_size
    assert b"<dimension" not in zipfile.ZipFile(io.BytesIO(eighty_thousand_rows)).read(bombs.SHEET)[:2000]


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_eighty_thousand_rows_are_refused_at_the_first_row_past_the_cap(
    reader, eighty_thousand_rows, counted, openpyxl_never_opens
):
    with translation.override("en"), pytest.raises(ImportRefused) as refused:
        reader(eighty_thousand_rows)
    message = " ".join(str(m) for m in refused.value.messages)
    assert "too large for an import" in message and f"more than {MAX_ROWS:,} rows" in message
    assert "column" not in message
    per_row = 25 * 2 + 1
    assert counted["elements"] < (MAX_ROWS + 2) * per_row + 1000  # stopped at row 5,002 of 80,001
    sheet_size = zipfile.ZipFile(io.BytesIO(eighty_thousand_rows)).getinfo(bombs.SHEET).file_size
    assert counted["bytes"] < sheet_size / 10  # read a sixteenth of the sheet, give or take a chunk


def test_the_message_is_in_dutch_by_default(eighty_thousand_rows, openpyxl_never_opens):
    with translation.override("nl"), pytest.raises(ImportRefused) as refused:
        read_workbook(eighty_thousand_rows)
    assert "te groot" in " ".join(str(m) for m in refused.value.messages)


def test_a_sheet_at_the_cap_is_still_read(openpyxl_never_opens, monkeypatch):
    data = bombs.dense(MAX_ROWS, 3)  # header + 5,000 rows: the guard lets it through to openpyxl
    upload_guard.check_workbook(data, max_row=MAX_ROWS + 1)
    with pytest.raises(upload_guard.UnsafeWorkbook):
        upload_guard.check_workbook(data, max_row=MAX_ROWS)
