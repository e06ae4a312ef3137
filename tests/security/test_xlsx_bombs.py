"""Uploads that unpack to far more than they weigh are refused before openpyxl builds them, in a
bounded amount of work (elements scanned, rows parsed: counted, never timed) and memory (measured
in a subprocess). The members import and the results import share the reader, so both are tried."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl.worksheet import _reader

import documents.workbook
from clubs.members.services import read_workbook
from documents import upload_guard as xlsx_guard
from documents.workbook import MAX_ROWS, ImportRefused
from scoring.results.file import read_results
from tests.security import bombs

pytestmark = pytest.mark.usefixtures("english")

READERS = {"members": read_workbook, "results": read_results}


@pytest.fixture
def scanned(monkeypatch):
    """How many XML elements the guard looked at."""
    seen = {"elements": 0}
    start = xlsx_guard._Scan.start

    def counting(self, name, attrs):
        seen["elements"] += 1
        return start(self, name, attrs)

    monkeypatch.setattr(xlsx_guard._Scan, "start", counting)
    return seen


@pytest.fixture
def parsed_rows(monkeypatch):
    """How many rows openpyxl parsed."""
    seen = {"rows": 0}
    parse_row = _reader.WorkSheetParser.parse_row

    def counting(self, row):
        seen["rows"] += 1
        return parse_row(self, row)

    monkeypatch.setattr(_reader.WorkSheetParser, "parse_row", counting)
    return seen


@pytest.fixture
def no_ratio_limit(monkeypatch):
    """The bombs compress about 1,000 times, which the directory check alone refuses: without the ratio
    limit, what stops them is the streamed scan (a bomb of varied XML would compress less)."""
    monkeypatch.setattr(xlsx_guard, "MAX_RATIO", 10**9)


@pytest.fixture
def openpyxl_never_opens(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("openpyxl was asked to open a bomb")

    monkeypatch.setattr(documents.workbook, "load_workbook", refuse)


def refusal(reader, data) -> str:
    with pytest.raises(ImportRefused) as refused:
        reader(data)
    return " ".join(str(m) for m in refused.value.messages)


@pytest.fixture(scope="module")
def ten_million_cells():
    data = bombs.wide_row(10_000_000)
    assert len(data) < 1_000_000  # small on disk (the report's file was 293 KB)
    return data


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_a_row_of_ten_million_cells_is_refused_from_the_archive_directory(
    reader, ten_million_cells, scanned, openpyxl_never_opens
):
    assert "unpacks to far more data" in refusal(reader, ten_million_cells)
    assert scanned["elements"] == 0  # the directory alone told


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_a_wide_row_within_the_size_limits_is_refused_at_the_first_cell_too_many(
    reader, scanned, openpyxl_never_opens, no_ratio_limit
):
    data = bombs.wide_row(1_000_000)  # 21 MB of XML: under the sheet's size limit
    assert "beyond column 100" in refusal(reader, data)
    assert scanned["elements"] < 1000  # the other parts, the header and 101 cells: not a million


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_millions_of_identical_rows_are_refused_from_the_archive_directory(reader, scanned, openpyxl_never_opens):
    data = bombs.tall(1_000_000)  # 110 MB once unpacked
    assert len(data) < 1_000_000
    assert "unpacks to far more data" in refusal(reader, data)
    assert scanned["elements"] == 0


def test_many_rows_within_the_size_limits_are_read_up_to_the_cap_only(scanned, parsed_rows, no_ratio_limit):
    data = bombs.tall(300_000)  # 33 MB of XML, 1.2 million elements
    assert f"more than {MAX_ROWS:,} rows".replace(",", "") in refusal(read_workbook, data).replace(",", "")
    assert scanned["elements"] < 10 * (MAX_ROWS + 10) + 1000  # nine a row: the scan stopped at the row cap
    assert parsed_rows["rows"] <= MAX_ROWS + 3  # and so did openpyxl


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_a_shared_strings_bomb_is_refused(reader, scanned, openpyxl_never_opens, monkeypatch):
    assert "unpacks to far more data" in refusal(reader, bombs.many_strings(2_000_000))
    monkeypatch.setattr(xlsx_guard, "MAX_RATIO", 10**9)
    assert "more than 200,000 different texts" in refusal(reader, bombs.many_strings(500_000))
    assert scanned["elements"] < xlsx_guard.MAX_STRINGS * 2 + 1000  # stopped at the cap, not 1,000,000


def test_column_definitions_before_the_data_are_counted(openpyxl_never_opens, no_ratio_limit):
    assert "too complex" in refusal(read_workbook, bombs.many_columns_definitions(200_000))


def test_a_document_type_with_entities_is_refused(openpyxl_never_opens):
    assert "declares a document type" in refusal(read_workbook, bombs.billion_laughs())


def test_a_sheet_claiming_every_column_is_read_no_wider_than_the_cap(monkeypatch):
    from openpyxl.worksheet._read_only import ReadOnlyWorksheet

    widths = []
    get_row = ReadOnlyWorksheet._get_row

    def measuring(self, row, min_col=1, max_col=None, values_only=False):
        result = get_row(self, row, min_col, max_col, values_only)
        widths.append(len(result))
        return result

    monkeypatch.setattr(ReadOnlyWorksheet, "_get_row", measuring)
    members, teams = read_workbook(bombs.huge_dimension(3))
    assert [values["member number"] for _row, values in members] == ["1000", "1001", "1002"]
    assert max(widths) <= xlsx_guard.MAX_COLUMNS  # not 16,384


@pytest.mark.django_db
def test_the_upload_page_answers_the_bomb_with_a_message(client, ten_million_cells):
    from tests.factories import ClubFactory, UserFactory

    club = ClubFactory(name="KC Bom", slug="bom")
    client.force_login(UserFactory(username="bom-organiser", organiser_of=club))
    response = client.post(
        f"/manage/clubs/{club.slug}/import/", {"file": SimpleUploadedFile("leden.xlsx", ten_million_cells)}
    )
    assert response.status_code == 400
    assert "unpacks to far more data" in response.content.decode()


MEASURE = textwrap.dedent("""
    import json, os, sys, tracemalloc
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django
    django.setup()
    from django.utils import translation
    translation.activate("en")
    from documents import upload_guard as xlsx_guard
    from clubs.members.services import ImportRefused, read_workbook
    from scoring.results.file import read_results
    xlsx_guard.MAX_RATIO = 10**9  # the streamed scan and openpyxl must cope on their own
    data = open(sys.argv[1], "rb").read()
    def peak_resident_kb():  # this process's own high-water mark: peak against peak
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    before = peak_resident_kb()
    tracemalloc.start()
    outcomes = []
    for reader in (read_workbook, read_results):
        try:
            reader(data)
            outcomes.append("read")
        except ImportRefused as refused:
            outcomes.append(str(refused)[:60])
    peak = tracemalloc.get_traced_memory()[1]
    # VmHWM, not ru_maxrss: on Linux ru_maxrss carries the parent's peak across fork and exec, so
    # a child of a 300 MB test process reported 300 MB whatever it did.
    after = peak_resident_kb()
    print(json.dumps({"rss_kb": max(0, after - before), "traced_kb": peak // 1024, "outcomes": outcomes}))
""")


def test_peak_memory_of_refusing_every_bomb_stays_far_under_100_mb(tmp_path, ten_million_cells):
    """Each bomb in a fresh process, read by both importers without the ratio limit (so the scan and
    openpyxl's capped reading do the work): the peak resident size grows by well under 100 MB."""
    files = {
        "wide-10M": ten_million_cells,
        "wide-1M": bombs.wide_row(1_000_000),
        "tall-300k": bombs.tall(300_000),
        "strings-500k": bombs.many_strings(500_000),
        "cols-200k": bombs.many_columns_definitions(200_000),
    }
    figures = {}
    for name, data in files.items():
        path = Path(tmp_path) / f"{name}.xlsx"
        path.write_bytes(data)
        out = subprocess.run(
            [sys.executable, "-c", MEASURE, str(path)],
            capture_output=True,
            text=True,
            cwd=Path(__file__).resolve().parents[2],
            check=True,
        ).stdout
        figures[name] = json.loads(out.strip().splitlines()[-1])
    print(json.dumps(figures, indent=1))
    for name, figure in figures.items():
        assert "read" not in figure["outcomes"], name
        assert figure["rss_kb"] < 100 * 1024, (name, figure)
        assert figure["traced_kb"] < 100 * 1024, (name, figure)
