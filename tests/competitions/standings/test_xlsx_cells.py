"""standings.xlsx as openpyxl reads its cells (issue 34 item 6): "Gehaald %" is a number or empty, never
the text "—"; an absence's points carry a note that says so (the page marks them with *)."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from competitions.models import MatchSide
from tests.factories import generated_individual

pytestmark = pytest.mark.django_db


def test_made_percent_is_numeric_or_empty_and_absences_are_noted(client, settings):
    settings.LANGUAGE_CODE = "nl"
    comp = generated_individual(players=14, evenings=3, rounds=2, absence_policy="fixed", absence_points=1450)
    MatchSide.objects.filter(match__round__competition=comp).update(bids=None, made=None)  # totals-only entry
    with translation.override("nl"):
        response = client.get(reverse("competition_exports:standings_xlsx", args=[comp.slug]))
    data = b"".join(response.streaming_content) if response.streaming else response.content
    sheet = load_workbook(io.BytesIO(data)).worksheets[0]
    header = [c.value for c in sheet[1]]
    assert "Gehaald %" in header
    column = header.index("Gehaald %") + 1
    values = [sheet.cell(row=r, column=column).value for r in range(2, sheet.max_row + 1)]
    assert values and all(v is None or isinstance(v, int | float) for v in values), values
    texts = [c.value for row in sheet.iter_rows(min_row=2) for c in row if c.value == "—"]
    assert texts == []
    absences = [c for row in sheet.iter_rows(min_row=2) for c in row if c.comment and "afwezig" in c.comment.text]
    assert absences and all(c.value == 1450 for c in absences)
