"""results.xlsx in the site's language: Dutch headers, the players' names per side at club evenings,
trump as ♣♦♥♠ — and the import reads that file as well as the English layout."""

import datetime
import io

import openpyxl
import pytest
from django.utils import translation

from scoring.models import Deal
from scoring.results.exports import RESULT_HEADERS
from scoring.results.file import read_results, trump_cell
from scoring.results.imports import status_code
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, RoundFactory, fill_match, seated_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    club = ClubFactory(name="KC Klaverjassers")
    competition = CompetitionFactory(club=club, name="Clubavonden", slug="avonden")
    players = [
        PlayerFactory(club=club, first_name=f, last_name=last)
        for f, last in [("Joëlle", "de Vries"), ("Piet", "Jansen"), ("Kees", "Bos"), ("Truus", "Smit")]
    ]
    match = seated_match(
        round=RoundFactory(competition=competition, number=1, date=datetime.date(2025, 3, 14)), table=1, players=players
    )
    fill_match(match, seed=1)
    Deal.objects.filter(match=match, number=1).update(trump="H")
    return competition


def exported(client) -> bytes:
    response = client.get("/competitions/avonden/results.xlsx", HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 200
    return b"".join(response.streaming_content)


def test_dutch_headers_player_names_and_suit_symbols(client, evening):
    rows = list(openpyxl.load_workbook(io.BytesIO(exported(client))).active.iter_rows(values_only=True))
    header = list(rows[0])
    assert header[:4] == ["competitie", "ronde", "tafel", "spel"] and "troef" in header and "punten A" in header
    first = dict(zip(RESULT_HEADERS, rows[1]))
    assert first["side A"] == "Joëlle de Vries & Kees Bos" and first["side B"] == "Piet Jansen & Truus Smit"
    assert first["trump"] == "♥"
    assert all(dict(zip(RESULT_HEADERS, r))["side A"] for r in rows[1:])  # no empty side names


def test_the_import_reads_the_dutch_file_and_the_english_layout(client, evening):
    data = exported(client)
    with translation.override("nl"):
        dutch = read_results(data)
    assert dutch[0][1]["points A"] is not None and trump_cell(dutch[0][1]["trump"]) == "H"
    wb = openpyxl.load_workbook(io.BytesIO(data))
    for index, key in enumerate(RESULT_HEADERS, start=1):
        wb.active.cell(row=1, column=index, value=key)  # the English layout of earlier exports
    english_file = io.BytesIO()
    wb.save(english_file)
    with translation.override("nl"):
        english = read_results(english_file.getvalue())
    assert [row for _n, row in english] == [row for _n, row in dutch]
    assert [trump_cell(v) for v in ("♣", "ruiten", "Harten", "S", "spades", "")] == ["C", "D", "H", "S", "S", None]


def test_sheet_name_status_date_and_filter_as_users_open_them(client, evening):
    """Issue 24 item 8: the sheet is called "uitslagen", the status is in Dutch, every row carries its
    round's date, and the header row has an autofilter; the import still reads that file."""
    data = exported(client)
    wb = openpyxl.load_workbook(io.BytesIO(data))
    ws = wb.active
    assert ws.title == "uitslagen"
    rows = list(ws.iter_rows(values_only=True))
    header = list(rows[0])
    status, date = header.index("status"), header.index("datum")
    assert {row[status] for row in rows[1:]} == {"bevestigd"}
    assert {row[date].date() for row in rows[1:]} == {datetime.date(2025, 3, 14)}
    assert ws.auto_filter.ref and ws.auto_filter.ref.startswith("A1:")
    with translation.override("nl"):
        parsed = read_results(data)
    assert parsed and all(values["status"] == "bevestigd" for _number, values in parsed)


def test_the_import_takes_a_status_as_code_or_label_in_either_language():
    assert status_code("bevestigd") == status_code("Confirmed") == status_code("confirmed") == "confirmed"
    assert status_code("deels ingevoerd") == "draft"
    assert status_code("klaar") is None
