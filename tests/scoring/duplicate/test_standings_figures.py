"""Issue 24 item 6: the generic standings of a duplicate competition show each pair's roem, nat, pits
(as its tables recorded them), on the page and in the xlsx; "Made %" without bids is "—" in both."""

from __future__ import annotations

import io

import pytest
from django.db.models import Sum
from django.urls import reverse
from openpyxl import load_workbook

from competitions.models import Match, MatchSide
from competitions.standings import standings
from competitions.standings.exports import cell_value
from competitions.standings.metrics import StandingRow
from tests.scoring.duplicate.test_pages import played

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_roem_nat_and_pits_are_the_pairs_own(client):
    competition, _setup, _organiser = played()
    rows = {r.entrant_id: r for r in standings(competition)}
    expected = {
        e["entrant_id"]: e
        for e in MatchSide.objects.filter(match__round__competition=competition, match__status=Match.Status.CONFIRMED)
        .values("entrant_id")
        .annotate(roem=Sum("roem"), nat=Sum("nat"), pits=Sum("pits"), bids=Sum("bids"), made=Sum("made"))
    }
    assert len(rows) == 8 and sum(e["roem"] for e in expected.values()) > 0
    for entrant_id, row in rows.items():
        e = expected[entrant_id]
        assert (row.roem, row.nat, row.pits, row.bids, row.made) == (
            e["roem"],
            e["nat"],
            e["pits"],
            e["bids"],
            e["made"],
        )
    response = client.get(f"/competitions/{competition.slug}/standings.xlsx")
    book = load_workbook(io.BytesIO(b"".join(response.streaming_content) if response.streaming else response.content))
    sheet = book.worksheets[0]
    cells = [[c.value for c in r] for r in sheet.iter_rows()]
    header_row = next(i for i, r in enumerate(cells) if "roem" in r)
    header = cells[header_row]
    by_name = {r[header.index("Name")]: r for r in cells[header_row + 1 :] if r[header.index("Name")]}
    for row in rows.values():
        line = by_name[row.name]
        assert line[header.index("roem")] == row.roem and line[header.index("nat")] == row.nat
        assert line[header.index("Made %")] == (row.made_percent if row.bids else "—")
    page = client.get(reverse("competitions:standings", args=[competition.slug])).content.decode()
    best = max(rows.values(), key=lambda r: r.roem)
    assert f">{best.roem}<" in page.replace(" ", "")


def test_made_percent_without_bids_is_a_dash_in_the_xlsx_as_on_the_page():
    row = StandingRow(name="A", entrant_id=1)
    assert cell_value(row, "made_percent") == "—"
    row = StandingRow(name="B", entrant_id=2, bids=4, made=3)
    assert cell_value(row, "made_percent") == 75
