"""Issue 24 item 2: every sheet of a duplicate table shows the board numbers on its wallet (round 2's
table 1 plays boards 5-8 of 4 x 16 when the movement gives it wallet set 2), as the hand records and
frequency sheets do: the match page, the filled and blank PDF sheets, the keyboard entry page and the
table's phone."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from competitions.base.table_codes import assign_table_codes
from competitions.models import Match
from competitions.pairings import mitchell
from scoring.duplicate.selectors import board_numbers
from tests.scoring.duplicate.test_pages import pdf_text, played

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def second_round_table(competition, setup, table=1):
    match = Match.objects.select_related("round__competition").get(
        round__competition=competition, round__number=2, table=table
    )
    wallet = mitchell.wallet_at(setup.tables, table - 1, 1, setup.movement)
    return match, list(mitchell.wallet_boards(wallet, setup.per_round))


def test_the_selector_maps_deals_to_the_wallets_boards():
    competition, setup, _organiser = played()
    for table in range(1, 5):
        match, boards = second_round_table(competition, setup, table)
        assert board_numbers(match) == dict(zip(range(1, 5), boards, strict=True))
    assert len({tuple(board_numbers(second_round_table(competition, setup, t)[0]).values()) for t in range(1, 5)}) == 4


def test_every_sheet_shows_the_board_numbers(client):
    competition, setup, organiser = played()
    match, boards = next(
        (m, b) for m, b in (second_round_table(competition, setup, t) for t in range(1, 5)) if b[0] != 1
    )
    page = client.get(f"/matches/{match.pk}/").content.decode()
    shown = re.findall(r'<tr[^>]*data-deal="(\d+)"[^>]*>\s*<td class="num">(\d+)</td>', page)
    assert [int(b) for _d, b in shown] == boards
    sheet = pdf_text(client.get(f"/matches/{match.pk}/sheet.pdf").content)
    for board in boards:
        assert re.search(rf"(?m)^{board}\b", sheet) or f"\n{board} " in sheet or f" {board} " in sheet
    client.force_login(organiser)
    entry = client.get(reverse("scoring:enter", args=[match.pk])).content.decode()
    rows = re.findall(r'<th scope="row" class="num">(\d+)</th>', entry)
    assert [int(n) for n in rows[:4]] == boards
    assign_table_codes(round=match.round)
    match.refresh_from_db()
    client.logout()
    phone = client.get(f"/t/{match.table_code}/").content.decode()  # confirmed: the sheet as checked
    assert [int(n) for n in re.findall(r'<tr data-deal="\d+"><th scope="row">(\d+)</th>', phone)] == boards
    Match.objects.filter(pk=match.pk).update(status=Match.Status.DRAFT)  # being entered: the deal cards
    phone = client.get(f"/t/{match.table_code}/").content.decode()
    assert [int(n) for n in re.findall(r'<span class="no">deal (\d+)</span>', phone)][:4] == boards


def test_the_data_exports_carry_the_board_number_beside_the_deal(client):
    competition, setup, _organiser = played()
    match, boards = next(
        (m, b) for m, b in (second_round_table(competition, setup, t) for t in range(1, 5)) if b[0] != 1
    )
    data = client.get(f"/api/matches/{match.pk}").json()
    assert [d["number"] for d in data["deals"]] == [1, 2, 3, 4]  # the deal numbers stay as they were
    assert [d["board"] for d in data["deals"]] == boards
    response = client.get(f"/competitions/{competition.slug}/results.xlsx?round=2")
    sheet = load_workbook(io.BytesIO(b"".join(response.streaming_content)), read_only=True).active
    rows = list(sheet.iter_rows(values_only=True))
    header = list(rows[0])
    assert header[-3:] == ["date", "verzaakt by", "board number"]  # each added last: earlier files keep theirs
    at = {h: header.index(h) for h in ("table", "deal", "board number")}
    got = [(r[at["deal"]], r[at["board number"]]) for r in rows[1:] if r[at["table"]] == match.table]
    assert got == list(zip(range(1, 5), boards, strict=True))
    for table in range(1, 5):  # every table's rows: the board numbers of its own wallet
        other, its_boards = second_round_table(competition, setup, table)
        assert [r[at["board number"]] for r in rows[1:] if r[at["table"]] == table] == its_boards


def test_the_blank_round_sheets_show_round_twos_board_numbers(client):
    competition, setup, _organiser = played()
    reader = PdfReader(io.BytesIO(client.get(f"/competitions/{competition.slug}/rounds/2/sheets.pdf").content))
    text = "\n".join(page.extract_text() for page in reader.pages)
    printed = {}
    for sheet in text.split("TABLE\n")[1:]:  # one score sheet per table, two to a page
        table = int(sheet.split("\n", 1)[0])
        rows = sheet.split("N/P/TP\n", 1)[1]
        printed[table] = [int(n) for n in re.findall(r"(?m)^(\d+)\n[NESW]\n", rows)]
    expected = {t: second_round_table(competition, setup, t)[1] for t in range(1, 5)}
    assert printed == expected
    assert sorted(b for boards in printed.values() for b in boards) == list(range(1, 17))
    assert [5, 6, 7, 8] in printed.values()  # round 2's boards 5-8 are on a sheet as 5-8, not 1-4
