"""The season's rules as every list shows them: the standings page, the projector, standings.pdf,
standings.xlsx and the API (DESIGN.md contract 3: ``"qualified"``, ``"rank": null``, ``"total"``).
The season is the hand-computed one of ``test_season_rules`` (A = C 2800, F 2500, E = G 2300,
B = D 2200 after three evenings; H 1800 over 2 evenings and I 700 over 1)."""

from __future__ import annotations

import io

import openpyxl
import pytest
from django.urls import reverse

from tests.competitions.standings.test_season_rules import season
from tests.scoring.sheet_factories import pdf_pages_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

RULES = dict(
    min_evenings=3,
    standings_method="best_n",
    count_best=2,
    planned_evenings=4,
    best_from="season_end",
    points_champion=True,
)


def test_the_api_sends_qualified_rank_null_total_and_best(client):
    comp, _people = season(**RULES)
    rows = client.get(f"/api/competitions/{comp.slug}/standings").json()["rows"]
    got = [
        (r["name"][-1], r["rank"], r["qualified"], r["points"], r["best"], r["total"], r["total_rank"]) for r in rows
    ]
    # Mid-season (3 of 4 planned): points = the plain sum = total; best = best 2 (A: 1100 + 1000).
    assert got == [
        ("A", 1, True, 2800, 2100, 2800, 1),
        ("C", 1, True, 2800, 2100, 2800, 1),
        ("F", 3, True, 2500, 1800, 2500, 3),
        ("E", 4, True, 2300, 1700, 2300, 4),
        ("G", 4, True, 2300, 1700, 2300, 4),
        ("B", 6, True, 2200, 1700, 2200, 6),
        ("D", 6, True, 2200, 1700, 2200, 6),
        ("H", None, False, 1800, 1800, 1800, 8),
        ("I", None, False, 700, 700, 700, 9),
    ]
    assert [r["name"][-1] for r in rows if r["points_champion"]] == ["A", "C"]


def test_the_page_lists_the_unranked_last_with_best_n_and_the_points_champion(client, django_assert_max_num_queries):
    comp, _people = season(**RULES)
    with django_assert_max_num_queries(10):
        page = client.get(reverse("competitions:standings", args=[comp.slug])).content.decode()
    assert page.index("Speler H") > page.index("Speler D") and page.count('class="unqualified') == 2
    assert "n.r." in page and "fewer than 3 evenings played" in page
    assert "Best 2" in page and "All evenings" in page
    assert "Points champion (every evening added up): Speler A, Speler C, 2800 points." in page


def test_the_projector_shows_the_unranked_without_a_place(client):
    comp, _people = season(**RULES)
    page = client.get(reverse("competitions:projector", args=[comp.slug])).content.decode()
    assert "n.r." in page and "fewer than 3 evenings played" in page


def test_the_xlsx_and_pdf_carry_the_same(client):
    comp, _people = season(**RULES)
    response = client.get(f"/competitions/{comp.slug}/standings.xlsx")
    ws = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content))).active
    values = [[c.value for c in row] for row in ws.iter_rows()]
    header = next(r for r in values if "Name" in r)
    body = values[values.index(header) + 1 :]
    col = {name: header.index(name) for name in ("Rank", "Name", "Points", "Best 2", "All evenings")}
    h = next(r for r in body if r[col["Name"]] == "Speler H")
    assert (h[col["Rank"]], h[col["Points"]], h[col["Best 2"]], h[col["All evenings"]]) == ("n.r.", 1800, 1800, 1800)
    a = next(r for r in body if r[col["Name"]] == "Speler A")
    assert (a[col["Rank"]], a[col["Points"]], a[col["Best 2"]]) == (1, 2800, 2100)
    pdf = client.get(f"/competitions/{comp.slug}/standings.pdf")
    text = " ".join(pdf_pages_text(b"".join(pdf.streaming_content) if pdf.streaming else pdf.content))
    assert "n.r." in text and "fewer than 3 evenings played" in text and "Points champion" in text
