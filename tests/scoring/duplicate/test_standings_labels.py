"""A duplicate evening's standings as a duplicate club reads them (issue 34 item 4), on the page, in the
PDF (read back) and in the xlsx (openpyxl): boards played, MP (matchpoints) and MP % (the percentage),
no won/drawn/lost and no "Wedstrijdpunten" or "Punten" over matchpoints and a percentage."""

from __future__ import annotations

import io
import random

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from scoring.duplicate.demo import play_evening
from tests.competitions.pdf_overlap import words
from tests.factories import UserFactory
from tests.scoring.duplicate.conftest import dealt_evening

pytestmark = pytest.mark.django_db


def test_duplicate_standings_are_labelled_boards_mp_and_percent(client, settings):
    settings.LANGUAGE_CODE = "nl"
    club, competition, setup = dealt_evening(4, 16, seed=3)
    organiser = UserFactory(organiser_of=club)
    play_evening(setup, random.Random(3), enterer=UserFactory(scorer_of=club), confirmer=organiser)
    with translation.override("nl"):
        page = client.get(reverse("competitions:standings", args=[competition.slug])).content.decode()
        pdf = client.get(reverse("competition_exports:standings_pdf", args=[competition.slug])).content
        xlsx = client.get(reverse("competition_exports:standings_xlsx", args=[competition.slug]))
    head = page[page.index("<thead") : page.index("</thead>")]
    for label in ("Spellen", "MP", "MP %"):
        assert f">{label}<" in head or f">{label} " in head or label in head, label
    for wrong in ("Wedstrijdpunten", "Gewonnen", "Gelijk", "Verloren", ">Punten<"):
        assert wrong not in head, wrong
    text = " ".join(w[5] for w in words(pdf))
    assert "Spellen" in text and "MP" in text and "Wedstrijdpunten" not in text and "Gewonnen" not in text
    book = load_workbook(io.BytesIO(b"".join(xlsx.streaming_content) if xlsx.streaming else xlsx.content))
    header = [c.value for c in next(book.worksheets[0].iter_rows(max_row=1))]
    assert {"Spellen", "MP", "MP %"} <= set(header), header
    assert not {"Wedstrijdpunten", "Gewonnen", "Gelijk", "Verloren", "Punten"} & set(header), header


def test_hand_records_keep_ronde_one_word(client, settings):
    """Issue 34 item 3: "Ronde" broke as "Rond/e" in the hand records' movement table."""
    settings.LANGUAGE_CODE = "nl"
    club, competition, setup = dealt_evening(4, 16, seed=3)
    organiser = UserFactory(organiser_of=club)
    play_evening(setup, random.Random(3), enterer=UserFactory(scorer_of=club), confirmer=organiser)
    client.force_login(organiser)
    with translation.override("nl"):
        pdf = client.get(reverse("duplicate:hand_records", args=[competition.slug]), HTTP_ACCEPT_LANGUAGE="nl").content
    found = [w[5] for w in words(pdf)]
    assert "Ronde" in found and "Rond" not in found
