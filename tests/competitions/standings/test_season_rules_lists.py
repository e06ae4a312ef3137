"""The season's rules as every list shows them: the standings page, the projector, standings.pdf,
standings.xlsx and the API (DESIGN.md contract 3: ``"qualified"``, ``"rank": null``, ``"total"``).
The season is the hand-computed one of ``test_season_rules`` (A = C 2800, F 2500, E = G 2300,
B = D 2200 after three evenings; H 1800 over 2 evenings and I 700 over 1), played on to its 4th and
last planned evening where a test says so (best 2: A = C 2100, E = G 1900, F = H 1800, B = D 1700;
I 700 over 1 evening). Contract 3: the minimum excludes only once the last planned evening is played;
until then every row has a place (the running total) and ``"qualified"`` is null."""

from __future__ import annotations

import io

import openpyxl
import pytest
from django.urls import reverse

from tests.competitions.standings.test_season_rules import add_evening, season
from tests.readback import pdf_pages_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

RULES = dict(
    min_evenings=3,
    standings_method="best_n",
    count_best=2,
    planned_evenings=4,
    best_from="season_end",
    points_champion=True,
)


def test_the_api_sends_a_running_total_mid_season_and_the_exclusion_at_the_end(client):
    comp, people = season(**RULES)
    rows = client.get(f"/api/competitions/{comp.slug}/standings").json()["rows"]
    got = [
        (r["name"][-1], r["rank"], r["qualified"], r["points"], r["best"], r["total"], r["total_rank"]) for r in rows
    ]
    # Mid-season (3 of 4 planned): everyone ranked on the plain sum, nothing decided (null);
    # best = best 2 (A: 1100 + 1000).
    assert got == [
        ("A", 1, None, 2800, 2100, 2800, 1),
        ("C", 1, None, 2800, 2100, 2800, 1),
        ("F", 3, None, 2500, 1800, 2500, 3),
        ("E", 4, None, 2300, 1700, 2300, 4),
        ("G", 4, None, 2300, 1700, 2300, 4),
        ("B", 6, None, 2200, 1700, 2200, 6),
        ("D", 6, None, 2200, 1700, 2200, 6),
        ("H", 8, None, 1800, 1800, 1800, 8),
        ("I", 9, None, 700, 700, 700, 9),
    ]
    assert [r["name"][-1] for r in rows if r["points_champion"]] == ["A", "C"]
    add_evening(comp, people, 4)
    rows = client.get(f"/api/competitions/{comp.slug}/standings").json()["rows"]
    got = {r["name"][-1]: (r["rank"], r["qualified"], r["points"], r["total"]) for r in rows}
    assert got == {
        "A": (1, True, 2100, 3600),
        "C": (1, True, 2100, 3600),
        "E": (3, True, 1900, 3300),
        "G": (3, True, 1900, 3300),
        "H": (5, True, 1800, 2400),  # 1800 level; the average per match decides: H 800, F 775
        "F": (6, True, 1800, 3100),
        "B": (7, True, 1700, 3000),
        "D": (7, True, 1700, 3000),
        "I": (None, False, 700, 700),
    }
    assert rows[-1]["name"] == "Speler I"


def test_the_page_ranks_everyone_mid_season_and_lists_the_unranked_last_at_the_end(
    client, django_assert_max_num_queries
):
    comp, people = season(**RULES)
    page = client.get(reverse("competitions:standings", args=[comp.slug])).content.decode()
    assert 'class="unqualified' not in page and "n.r." not in page
    assert "Running total: the minimum of 3 evenings played applies only after the last planned evening (4)" in page
    assert "Best 2" in page and "All evenings" in page
    assert "Points champion (every evening added up): Speler A, Speler C, 2800 points." in page
    add_evening(comp, people, 4)
    with django_assert_max_num_queries(10):
        page = client.get(reverse("competitions:standings", args=[comp.slug])).content.decode()
    assert page.index("Speler I") > page.index("Speler D") and page.count('class="unqualified') == 1
    assert "n.r." in page and "fewer than 3 evenings played" in page and "Running total" not in page


def test_the_projector_shows_the_running_total_then_the_unranked_without_a_place(client):
    comp, people = season(**RULES)
    page = client.get(reverse("competitions:projector", args=[comp.slug])).content.decode()
    assert "Running total" in page and "n.r." not in page
    add_evening(comp, people, 4)
    page = client.get(reverse("competitions:projector", args=[comp.slug])).content.decode()
    assert "n.r." in page and "fewer than 3 evenings played" in page


def xlsx_rows(client, comp):
    response = client.get(f"/competitions/{comp.slug}/standings.xlsx")
    ws = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content))).active
    values = [[c.value for c in row] for row in ws.iter_rows()]
    header = next(r for r in values if "Name" in r)
    return header, values[values.index(header) + 1 :]


def pdf_text(client, comp):
    pdf = client.get(f"/competitions/{comp.slug}/standings.pdf")
    return " ".join(pdf_pages_text(b"".join(pdf.streaming_content) if pdf.streaming else pdf.content))


def test_the_xlsx_and_pdf_carry_the_same(client):
    comp, people = season(**RULES)
    header, body = xlsx_rows(client, comp)
    col = {name: header.index(name) for name in ("Rank (running total)", "Name", "Points", "Best 2", "All evenings")}
    h = next(r for r in body if r[col["Name"]] == "Speler H")
    assert (h[col["Rank (running total)"]], h[col["Points"]], h[col["Best 2"]], h[col["All evenings"]]) == (
        8,
        1800,
        1800,
        1800,
    )
    text = pdf_text(client, comp)
    assert "Running total" in text and "n.r." not in text and "Points champion" in text
    add_evening(comp, people, 4)
    header, body = xlsx_rows(client, comp)
    col = {name: header.index(name) for name in ("Rank", "Name", "Points", "All evenings")}
    i = next(r for r in body if r[col["Name"]] == "Speler I")
    assert (i[col["Rank"]], i[col["Points"]], i[col["All evenings"]]) == ("n.r.", 700, 700)
    a = next(r for r in body if r[col["Name"]] == "Speler A")
    assert (a[col["Rank"]], a[col["Points"]]) == (1, 2100)
    text = pdf_text(client, comp)
    assert "n.r." in text and "fewer than 3 evenings played" in text and "Running total" not in text
