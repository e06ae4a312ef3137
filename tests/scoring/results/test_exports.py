"""The round's table list (PDF) and the deal-by-deal results export (xlsx), read back."""

from __future__ import annotations

import datetime
import io
import shutil

import openpyxl
import pytest

from documents.xlsx import Column, Exporter, write_xlsx
from scoring.models import Deal
from scoring.results.exports import RESULT_HEADERS
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, RoundFactory, fill_match, seated_match
from tests.readback import ink_ratio, pdf_pages_text, render_png

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils (pdftoppm)")


@pytest.fixture
def competition():
    club = ClubFactory(name="KC Ĳsselmonde")
    competition = CompetitionFactory(club=club, name="Voorjaarscompetitie", slug="voorjaar")
    players = [
        PlayerFactory(club=club, first_name=f, last_name=last)
        for f, last in [("Joëlle", "de Vries"), ("Piet", "Jansen"), ("Kees", "van den Berg"), ("Truus", "Smit")]
    ]
    r1, r2 = (
        RoundFactory(competition=competition, number=1, date=datetime.date(2025, 3, 14)),
        RoundFactory(competition=competition, number=2, date=datetime.date(2025, 3, 21)),
    )
    m1 = seated_match(round=r1, table=1, players=players, team_names=["Roem & Co <b>", "De Schoppenboeren"])
    m2 = seated_match(round=r1, table=2)
    m3 = seated_match(round=r2, table=1, players=[PlayerFactory(club=club) for _ in range(3)])
    fill_match(m1, seed=1)
    fill_match(m2, seed=2)
    fill_match(m3, seed=3, deals=12)
    return competition


def read_xlsx(content: bytes):
    return openpyxl.load_workbook(io.BytesIO(content))


def test_table_list_in_big_type(client, competition, tmp_path):
    response = client.get("/competitions/voorjaar/rounds/1/tables.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pages = pdf_pages_text(response.content)
    text = "\n".join(pages)
    for name in (
        "Joëlle de Vries",
        "Kees van den Berg",
        "Roem & Co <b>",
        "De Schoppenboeren",
        "Where do I sit?",
        "Voorjaarscompetitie — Round 1",
        "KC Ĳsselmonde",
        f"Page 1 of {len(pages)}",
        "Generated",
    ):
        assert name in text, name
    where = pages[-1]
    # alphabetical by surname, tussenvoegsels skipped: van den Berg before de Vries
    assert where.index("Kees van den Berg") < where.index("Piet Jansen") < where.index("Joëlle de Vries")
    assert "8 players at 2 tables" in where
    if shutil.which("pdftoppm"):
        assert ink_ratio(render_png(response.content, tmp_path)) > 0.01


def test_table_list_three_players_and_404(client, competition):
    text = pdf_pages_text(client.get("/competitions/voorjaar/rounds/2/tables.pdf").content)[0]
    assert text.count("\n1\n") >= 1 or "1" in text
    assert client.get("/competitions/voorjaar/rounds/7/tables.pdf").status_code == 404
    assert client.get("/competitions/nope/rounds/1/tables.pdf").status_code == 404


def test_table_list_query_count_is_flat(client, django_assert_max_num_queries):
    competition = CompetitionFactory(slug="druk")
    round_ = RoundFactory(competition=competition, number=1, date=datetime.date(2025, 3, 14))
    for table in range(1, 21):
        seated_match(round=round_, table=table)
    with django_assert_max_num_queries(6):
        assert client.get("/competitions/druk/rounds/1/tables.pdf").status_code == 200


def test_results_export_has_every_deal_with_numbers_as_numbers(client, competition):
    response = client.get("/competitions/voorjaar/results.xlsx")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="voorjaar-results.xlsx"')
    ws = read_xlsx(b"".join(response.streaming_content)).active
    rows = list(ws.iter_rows(values_only=True))
    assert list(rows[0]) == RESULT_HEADERS
    assert ws.freeze_panes == "A2"
    assert ws.column_dimensions["A"].width == 18
    data = rows[1:]
    assert len(data) == Deal.objects.count() == 16 + 16 + 12
    first = dict(zip(RESULT_HEADERS, data[0]))
    deal = Deal.objects.get(match__round__number=1, match__table=1, number=1)
    assert first["competition"] == "voorjaar" and first["round"] == 1 and first["table"] == 1 and first["deal"] == 1
    assert first["side A"] == "Roem & Co <b>" and first["side B"] == "De Schoppenboeren"
    assert first["points A"] == deal.points_a and isinstance(first["points A"], int)
    assert first["score B"] == deal.score_b and first["bidder"] == "AB"[deal.bidder]
    assert first["nat"] is deal.nat and first["status"] == "confirmed"
    # in round, table, deal order
    keys = [(r[1], r[2], r[3]) for r in data]
    assert keys == sorted(keys)
    three = [dict(zip(RESULT_HEADERS, r)) for r in data if r[1] == 2]
    assert len(three) == 12 and all(r["points C"] is not None for r in three)
    assert all(r["points A"] + r["points B"] + r["points C"] == 162 for r in three)


def test_results_export_of_one_round(client, competition):
    content = b"".join(client.get("/competitions/voorjaar/results.xlsx?round=2").streaming_content)
    rows = list(read_xlsx(content).active.iter_rows(values_only=True))[1:]
    assert len(rows) == 12 and {r[1] for r in rows} == {2}


def test_results_export_query_count_is_flat(client, competition, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):  # 5 to build it, 1 for its cache key (issue 34 item 12)
        response = client.get("/competitions/voorjaar/results.xlsx")
        b"".join(response.streaming_content)


def test_private_competition_export_is_404(client, competition):
    competition.is_public = False
    competition.save()
    assert client.get("/competitions/voorjaar/results.xlsx").status_code == 404
    assert client.get("/competitions/voorjaar/rounds/1/tables.pdf").status_code == 404


class _Mixed(Exporter):
    columns = [Column("text"), Column("number"), Column("when"), Column("flag")]

    def rows(self):
        yield ("a & <b> \x07bell", 1.5, datetime.date(2025, 1, 2), True)
        yield ("plain", 3, None, False)
        yield ("", -2, None, None)


def test_fast_rows_read_back_like_openpyxl_rows():
    buffer = io.BytesIO()
    assert write_xlsx(_Mixed(), buffer) == 3
    rows = list(openpyxl.load_workbook(buffer).active.iter_rows(values_only=True))
    assert rows[0] == ("text", "number", "when", "flag")
    assert rows[1] == ("a & <b> bell", 1.5, datetime.datetime(2025, 1, 2), True)  # date row: openpyxl's path
    assert rows[2] == ("plain", 3, None, False)
    assert rows[3] == (None, -2, None, None)
