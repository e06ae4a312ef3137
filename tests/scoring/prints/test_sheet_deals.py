"""Deals per round other than 16 (RULES.md §4 "deals per match": 12 is common on club evenings):
set per competition, the blank and filled sheets have that many rows and say it in their header."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from scoring.prints.sheets import build_sheet, sheets_for_round
from tests.competitions.pdf_overlap import overlaps
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, RoundFactory, fill_match, seated_match
from tests.readback import pdf_pages_text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language, words", [("en", "12 deals"), ("nl", "12 spellen")])
def test_a_twelve_deal_competition_prints_twelve_rows_and_says_so(client, settings, language, words):
    settings.LANGUAGE_CODE = language
    club = ClubFactory(name="KC De Zwarte Boer")
    competition = CompetitionFactory(club=club, slug=f"twaalf-{language}", deals_per_match=12)
    round_ = RoundFactory(competition=competition, number=1, date=datetime.date(2025, 3, 14))
    seated_match(round=round_, table=1, players=[PlayerFactory(club=club) for _ in range(4)])
    seated_match(
        round=round_, table=2, players=[PlayerFactory(club=club) for _ in range(3)]
    )  # a table of three plays 12 too
    sheets = sheets_for_round(round_, urls=lambda m: ("http://x/", "x"))
    assert [len(s.rows) for s in sheets] == [12, 12]
    response = client.get(f"/competitions/{competition.slug}/rounds/1/sheets.pdf", HTTP_ACCEPT_LANGUAGE=language)
    text = pdf_pages_text(response.content)[0]
    assert text.count(words) == 2  # on both sheets
    assert overlaps(response.content) == []


def test_a_filled_twelve_deal_sheet(client):
    with translation.override("en"):
        club = ClubFactory(name="KC De Zwarte Boer")
        competition = CompetitionFactory(club=club, slug="twaalf-gevuld", deals_per_match=12)
        match = seated_match(
            round=RoundFactory(competition=competition, number=1, date=datetime.date(2025, 3, 14)),
            table=1,
            players=[PlayerFactory(club=club) for _ in range(4)],
        )
        fill_match(match, seed=3)
        sheet = build_sheet(match, urls=lambda m: ("http://x/", "x"), filled=True)
        assert len(sheet.rows) == 12 and "12 deals" in sheet.rules_options
    response = client.get(f"/matches/{match.pk}/sheet.pdf")
    assert overlaps(response.content) == []
