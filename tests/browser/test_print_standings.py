"""Printing the standings page from the browser (static/css/print.css): every column on the A4
landscape paper, the wide table neither clipped by its scrolling box nor by the page, and no
header running into another. Chromium prints to PDF; the words' boxes are read back."""

from __future__ import annotations

import pytest

from tests.competitions.pdf_overlap import overlaps, words
from tests.factories import generated_individual, generated_pairs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.slow]

A4_LANDSCAPE_WIDTH = 842  # points


@pytest.mark.parametrize("kind", ["individual", "pairs"])
def test_printed_standings_show_every_column(new_page, kind):
    if kind == "individual":
        comp = generated_individual(
            players=16, evenings=14, rounds=1, slug="print-avonden", standings_method="best_n", count_best=10
        )
        last_header = "Gehaald"
    else:
        comp = generated_pairs(pairs=8, rounds=5, slug="print-paren", tie_breakers=["match_points", "points"])
        last_header = "Gehaald"
    page = new_page(viewport={"width": 390, "height": 844})  # printed from a phone: the narrowest case
    page.goto(f"/competitions/{comp.slug}/standings/")
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    found = words(pdf)
    texts = [w[5] for w in found]
    assert last_header in texts and "tegenpitten" in texts and "Punten" in texts
    assert all(w[3] <= A4_LANDSCAPE_WIDTH + 0.5 for w in found)  # nothing beyond the paper's edge
    assert max(w[3] for w in found) > 600  # landscape: the table spans more than a portrait page
    # the table's page (the season's chart below it has a rotated axis label, boxed crosswise)
    assert overlaps(pdf, pages={1}) == []
