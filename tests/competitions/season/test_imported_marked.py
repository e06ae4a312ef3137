"""Imported evenings are marked as imported (issue 26 item 12) on the standings page, the player's page,
standings.pdf and standings.xlsx: the season of ``test_season_rules`` (evenings 1-3 played here) and
an evening brought in from the club's records (evening 4: Speler A 900, Speler B 700)."""

from __future__ import annotations

import io
import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from competitions.season.history import import_evening_totals
from tests.competitions.standings.test_season_rules import season
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

NOTE = "° = imported from the club's own records (evening 4)."


@pytest.fixture
def comp():
    comp, people = season()
    boss = UserFactory(username="marks-boss", organiser_of=comp.club)
    rows = [
        {"player": "Speler A", "date": "2025-06-06", "points": 900},
        {"player": "Speler B", "date": "2025-06-06", "points": 700},
    ]
    import_evening_totals(competition=comp, user=boss, rows=rows, create_players=False)
    assert comp.evenings.get(number=4).imported
    return comp, people


def plain(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def test_the_standings_page_marks_the_imported_evening_and_explains_the_mark(client, comp):
    competition, _people = comp
    html = client.get(reverse("competitions:standings", args=[competition.slug])).content.decode()
    heads = [
        plain(h).replace(" ", "")
        for h in re.findall(r'<th\b[^>]*class="[^"]*\bev\b[^"]*"[^>]*>(.*?)</th>', html, flags=re.S)
    ]
    assert heads == ["1", "2", "3", "4°"], heads
    assert html.count('class="imported-mark"') == 1
    assert NOTE in plain(html)


def test_the_player_page_lists_the_imported_evening_with_its_mark(client, comp):
    competition, people = comp
    html = client.get(reverse("competitions:player", args=[competition.slug, people["A"].pk])).content.decode()
    assert html.count('class="imported-mark"') == 1
    assert NOTE in plain(html)
    # the imported evening counts in the player's season figures: 1000 + 700 + 1100 + 900 over 4 evenings
    other = client.get(reverse("competitions:player", args=[competition.slug, people["C"].pk])).content.decode()
    assert 'class="imported-mark"' not in other and "imported from" not in other


def test_the_pdf_marks_it_and_its_key_explains_it(client, comp):
    competition, _people = comp
    response = client.get(f"/competitions/{competition.slug}/standings.pdf")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "4°" in text and "imported from the club's own records (evening 4)" in re.sub(r"\s+", " ", text)


def test_the_xlsx_marks_its_column_and_notes_its_cells(client, comp):
    competition, people = comp
    response = client.get(f"/competitions/{competition.slug}/standings.xlsx")
    sheet = load_workbook(io.BytesIO(b"".join(response.streaming_content))).active
    header = [c.value for c in sheet[1]]
    assert "4°" in header and "1" in header and "1°" not in header
    column = header.index("4°") + 1
    names = header.index("Name") + 1
    cells = {sheet.cell(row, names).value: sheet.cell(row, column) for row in range(2, sheet.max_row + 1)}
    assert cells["Speler A"].value == 900 and cells["Speler B"].value == 700
    assert "imported from the club's own records" in cells["Speler A"].comment.text
    played = header.index("1") + 1
    assert sheet.cell(2, played).comment is None


def test_in_dutch_the_mark_is_explained_in_dutch(client, comp):
    competition, _people = comp
    with translation.override("nl"):
        html = client.get(
            reverse("competitions:standings", args=[competition.slug]), HTTP_ACCEPT_LANGUAGE="nl"
        ).content.decode()
    assert "geïmporteerd uit de eigen administratie van de club (avond 4)" in plain(html)
