"""Known answers of the one rounding helper (issue 24 item 5): half up, never cut off, never banker's
rounding, the Dutch decimal comma in Dutch; and the pages, PDFs, xlsx and API that use it."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from django.template import Context, Template
from django.utils import translation

from competitions.standings.metrics import StandingRow
from core.numbers import half_up, number_text, rounded
from scoring.duplicate.selectors import matchpoints_number, matchpoints_text, percent


@pytest.mark.parametrize(
    ("value", "places", "dutch", "english", "number"),
    [
        (61.458, 2, "61,46", "61.46", 61.46),
        (Fraction(4, 6) * 100, 2, "66,67", "66.67", 66.67),
        (16.15, 1, "16,2", "16.2", 16.2),
        (2.5, 0, "3", "3", 3),
        (3.5, 0, "4", "4", 4),  # no banker's rounding either way
        (Fraction(5, 2), 0, "3", "3", 3),
        (Decimal("0.125"), 2, "0,13", "0.13", 0.13),
        (-2.5, 0, "-3", "-3", -3),
        (1.005, 2, "1,01", "1.01", 1.01),  # the float written 1.005 (binary 1.00499…)
        (7, 1, "7,0", "7.0", 7.0),
    ],
)
def test_known_answers(value, places, dutch, english, number):
    with translation.override("nl"):
        assert number_text(value, places) == dutch
    with translation.override("en"):
        assert number_text(value, places) == english
    assert rounded(value, places) == number and type(rounded(value, places)) is type(number)
    assert half_up(value, places) == Decimal(english)


def test_the_template_filter_rounds_as_the_helper_does():
    template = Template("{% load numbers %}{{ a|half_up:1 }} {{ b|half_up:2 }} {{ c|half_up }}")
    with translation.override("nl"):
        assert template.render(Context({"a": 16.15, "b": 61.458, "c": 2.5})) == "16,2 61,46 3"


def test_django_alone_would_cut_off():
    """Why the helper exists: Django's number_format truncates (the bug the issue saw)."""
    from django.utils.formats import number_format

    with translation.override("nl"):
        assert number_format(61.458, 2) == "61,45" and number_format(16.15, 1) == "16,1"


def test_duplicate_percentages_and_matchpoints():
    with translation.override("nl"):
        assert percent(Fraction(61458, 1000)) == "61,46"
        assert percent(Fraction(400, 6)) == "66,67"
        assert matchpoints_text(Fraction(17, 3)) == "5,67"
    assert matchpoints_number(Fraction(17, 3)) == 5.67 and matchpoints_number(Fraction(6)) == 6


def test_standings_averages_round_half_up():
    row = StandingRow(name="A", entrant_id=1, points=Fraction(323, 20), total=5, played=2)  # 16.15; 5 / 2
    assert row.points_display == 16.2
    assert row.average_display == 2.5
    assert StandingRow(name="B", entrant_id=2, total=1615, played=100).average_display == 16.2  # not 16.1


def test_the_ratings_table_shows_what_the_players_page_shows():
    from scoring.ratings.tables import RatingTable

    with translation.override("nl"):
        assert RatingTable.render_rating(None, 16.15) == "16,2"
        page = Template("{% load numbers %}{{ r|half_up:1 }}").render(Context({"r": 16.15}))
        assert page == "16,2"
