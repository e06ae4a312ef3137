"""standings.xlsx and standings.pdf, compared with the standings selector."""

from __future__ import annotations

import datetime
import io
import shutil

import openpyxl
import pytest

from competitions.models import MatchSide
from competitions.standings import standings
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, RoundFactory, fill_match, seated_match
from tests.readback import ink_ratio, pdf_pages_text, render_png

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def competition():
    club = ClubFactory(name="KC Ĳsselmonde")
    competition = CompetitionFactory(club=club, name="Parencompetitie", slug="paren", format="pairs")
    players = [PlayerFactory(club=club) for _ in range(8)]
    names = ["De Schoppenboeren", "Roem & Co", "Joëlle's Jokers", "Nat of Niet"]
    for number, pairing in enumerate([((0, 1), (2, 3)), ((0, 2), (1, 3))], start=1):
        round_ = RoundFactory(competition=competition, number=number, date=datetime.date(2025, 3, 14))
        for table, (home, away) in enumerate(pairing, start=1):
            four = [players[2 * home], players[2 * away], players[2 * home + 1], players[2 * away + 1]]
            match = seated_match(round=round_, table=table, players=four, team_names=[names[home], names[away]])
            fill_match(match, seed=10 * number + table)
            sides = list(MatchSide.objects.filter(match=match).order_by("side"))
            a, b = sides
            a.opponents_total, b.opponents_total = b.total, a.total
            a.result, b.result = ("win", "loss") if a.total > b.total else ("loss", "win")
            for side in sides:
                side.save()
    return competition


def test_standings_xlsx_matches_the_selector(client, competition):
    response = client.get("/competitions/paren/standings.xlsx")
    assert response.status_code == 200
    ws = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content))).active
    rows = list(ws.iter_rows(values_only=True))
    assert ws.parent.properties.title.startswith("Parencompetitie — standings")  # header in row 1 (issue 24)
    header = list(rows[0])
    assert header[:3] == ["Rank", "Name", "Played"] and "Points" in header and "Made %" in header
    assert ws.freeze_panes == "A2"
    assert ws.auto_filter.ref == f"A1:{openpyxl.utils.get_column_letter(len(header))}{len(rows)}"
    assert ws.column_dimensions["B"].width == 30
    expected = standings(competition)
    data = [dict(zip(header, r)) for r in rows[1:]]
    assert [(d["Rank"], d["Name"], d["Points"], d["Played"], d["Won"]) for d in data] == [
        (r.rank, r.name, r.points_display, r.played, r.won) for r in expected
    ]
    assert all(isinstance(d["Points"], int) and isinstance(d["Average"], float | int) for d in data)


def test_standings_pdf_lists_every_entrant(client, competition, tmp_path):
    response = client.get("/competitions/paren/standings.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "\n".join(pdf_pages_text(response.content))
    for row in standings(competition):
        assert row.name in text
        assert str(row.points_display) in text.replace(".", "").replace(",", "")
    assert "Parencompetitie — standings" in text and "Page 1 of 1" in text
    if shutil.which("pdftoppm"):
        assert ink_ratio(render_png(response.content, tmp_path)) > 0.005


def test_standings_files_404_and_query_count(client, competition, django_assert_max_num_queries):
    assert client.get("/competitions/nope/standings.xlsx").status_code == 404
    assert client.get("/competitions/nope/standings.pdf").status_code == 404
    with django_assert_max_num_queries(10):
        assert client.get("/competitions/paren/standings.pdf").status_code == 200
    competition.is_public = False
    competition.save()
    assert client.get("/competitions/paren/standings.xlsx").status_code == 404


def test_empty_standings_still_export(client):
    CompetitionFactory(slug="leeg", format="pairs")
    assert client.get("/competitions/leeg/standings.pdf").status_code == 200
    content = b"".join(client.get("/competitions/leeg/standings.xlsx").streaming_content)
    assert len(list(openpyxl.load_workbook(io.BytesIO(content)).active.iter_rows())) == 1  # the header


def test_evenings_that_do_not_count_are_struck_through_with_a_note_and_the_sheet_is_named_in_dutch(client):
    from tests.factories import generated_individual

    comp = generated_individual(players=8, evenings=3, rounds=1)
    comp.standings_method = "best_n"
    comp.count_best = 2
    comp.save()
    rows = standings(comp)
    dropped = [(r.name, e.number) for r in rows for e in r.evenings if not e.counted]
    assert dropped  # best 2 of 3: one evening each does not count
    client.cookies["django_language"] = "nl"
    content = b"".join(
        client.get(f"/competitions/{comp.slug}/standings.xlsx", HTTP_ACCEPT_LANGUAGE="nl").streaming_content
    )
    book = openpyxl.load_workbook(io.BytesIO(content))
    ws = book.active
    assert ws.title == "klassement"
    header = [c.value for c in ws[1]]
    struck = set()
    for line in ws.iter_rows(min_row=2):
        name = line[header.index("Naam")].value
        for number in range(1, 4):
            cell = line[header.index(str(number))]
            if cell.font.strike:
                assert cell.comment is not None and "telt niet" in cell.comment.text
                struck.add((name, number))
    assert struck == set(dropped)


def test_the_evenings_dates_are_on_a_sheet_of_their_own(client):
    """A date per evening (issue 24 item 8) without a second header row on the main sheet: a sheet
    "avonden" lists each evening's number, date and whether it was imported."""
    import datetime

    from tests.factories import generated_individual

    comp = generated_individual(players=8, evenings=3, rounds=1)
    comp.evenings.filter(number=2).update(date=datetime.date(2025, 10, 3), imported=True)
    client.cookies["django_language"] = "nl"
    content = b"".join(
        client.get(f"/competitions/{comp.slug}/standings.xlsx", HTTP_ACCEPT_LANGUAGE="nl").streaming_content
    )
    book = openpyxl.load_workbook(io.BytesIO(content))
    assert book.sheetnames == ["klassement", "avonden"] and book.active.title == "klassement"
    sheet = book["avonden"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("Avond", "Datum", "Geïmporteerd")
    assert [r[0] for r in rows[1:]] == [1, 2, 3]
    dates = {e.number: e.date for e in comp.evenings.all()}
    assert [r[1].date() if r[1] else None for r in rows[1:]] == [dates[1], datetime.date(2025, 10, 3), dates[3]]
    assert rows[2][2] == "geïmporteerd uit de eigen administratie van de club" and rows[1][2] is None
    assert sheet.auto_filter.ref == "A1:C4"


def test_a_pairs_competition_has_no_evenings_sheet(client, competition):
    content = b"".join(client.get("/competitions/paren/standings.xlsx").streaming_content)
    assert openpyxl.load_workbook(io.BytesIO(content)).sheetnames == ["standings"]
