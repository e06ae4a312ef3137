"""No export ever carries a live formula: a name such as =HYPERLINK(...) is written as text, in the
title rows, the header and every data row, on every path of the xlsx writer."""

from __future__ import annotations

import datetime
import io
import math

import openpyxl
import pytest

from clubs.members.template import template_workbook
from documents.xlsx import Column, Exporter, write_xlsx
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    fill_match,
    seated_match,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
EVIL = '=HYPERLINK("http://evil.example","x")'
HOSTILE = [EVIL, "+1+1", "-2+3", "@SUM(1)", "=1+1\x07"]


def cells(content: bytes):
    wb = openpyxl.load_workbook(io.BytesIO(content))
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            yield from row


def assert_no_formula(content: bytes, *expected_texts: str) -> None:
    found = list(cells(content))
    formulas = [(c.coordinate, c.value) for c in found if c.data_type == "f"]
    assert formulas == []
    texts = {c.value for c in found if isinstance(c.value, str)}
    for text in expected_texts:
        assert any(text in value for value in texts), (text, texts)


def body(response) -> bytes:
    assert response.status_code == 200
    return b"".join(response.streaming_content) if response.streaming else response.content


@pytest.fixture
def competition():
    club = ClubFactory(name="@SUM(1) club", slug="evil-club")
    competition = CompetitionFactory(club=club, name="=1+1 competition", slug="evil", format="pairs")
    players = [PlayerFactory(club=club, first_name="+cmd|' /C calc'!A0", last_name=EVIL) for _ in range(4)]
    match = seated_match(
        round=RoundFactory(competition=competition, number=1, date=datetime.date(2025, 3, 14)),
        table=1,
        players=players,
        team_names=[EVIL, "-2+3"],
    )
    fill_match(match, seed=3)
    return competition


def test_standings_xlsx_writes_hostile_names_as_text(client, competition):
    content = body(client.get("/competitions/evil/standings.xlsx"))
    assert_no_formula(content, EVIL, "-2+3")
    title = openpyxl.load_workbook(io.BytesIO(content)).properties.title  # the title: a property, never a cell
    assert "=1+1 competition" in title and "@SUM(1) club" in title


def test_results_xlsx_writes_hostile_names_as_text(client, competition):
    content = body(client.get("/competitions/evil/results.xlsx"))
    assert_no_formula(content, EVIL, "-2+3", "evil")


def test_member_template_has_no_formula(client, competition):
    client.force_login(UserFactory(username="template-organiser", organiser_of=competition.club))
    assert_no_formula(body(client.get("/manage/clubs/evil-club/import/template.xlsx")), "member number")
    assert_no_formula(template_workbook())


class _EveryPath(Exporter):
    """Rows that take each path of the writer: the fast one, the formatted one (openpyxl cells),
    control characters and non-finite numbers (openpyxl's own writer), styled titles."""

    columns = [Column("=header"), Column("b", number_format="0.0"), Column("c")]

    def title_rows(self):
        return [[EVIL, None, "+title"]]

    def rows(self):
        yield (EVIL, 1.5, "@x")
        yield ["-1+2", 2, "=A1\x00"]
        yield (EVIL, math.inf, "+9")


@pytest.mark.parametrize("formatted", [True, False])
def test_every_path_of_the_writer_writes_strings_as_text(formatted):
    exporter = _EveryPath()
    if not formatted:
        exporter.columns = [Column(c.header) for c in _EveryPath.columns]
    out = io.BytesIO()
    write_xlsx(exporter, out)
    assert_no_formula(out.getvalue(), EVIL, "+title", "=header", "@x", "-1+2", "=A1", "+9")
