"""Long texts on a score sheet, read back word by word (``pdftotext -bbox``; issue 34 item 3): a long
team name goes on two lines at a readable size, whole, in the sides' block and over its columns."""

from __future__ import annotations

import pytest

from tests.competitions.pdf_overlap import overlaps, words
from tests.scoring.sheet_factories import make_club, make_competition, make_match, make_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

LONG_NAMES = ["De Vrolijke Schoppenboeren van Oud-Beijerland", "Klaverjasclub Roem en Verzaakt Hoogvliet"]


@pytest.fixture
def round_():
    club = make_club("KC Lange Namen")
    competition = make_competition(club, name="Wintercompetitie", slug="lang")
    round_ = make_round(competition, 1)
    make_match(round_, 1, team_names=LONG_NAMES)
    return round_


def _sheet(client) -> bytes:
    response = client.get("/competitions/lang/rounds/1/sheets.pdf")
    assert response.status_code == 200
    return response.content


def test_long_team_names_are_whole_on_two_lines_at_a_readable_size(client, round_):
    pdf = _sheet(client)
    found = words(pdf)
    assert not [w for w in found if w[5].endswith("…")]
    for name in LONG_NAMES:
        for word in name.split():
            mine = [w for w in found if w[5] == word]
            # in the sides' block and over the side's columns, each at 6.5 pt or more (a word's box is
            # as high as the font size)
            assert len(mine) >= 2, (word, mine)
            assert all(w[4] - w[2] >= 6.4 for w in mine), (word, [w[4] - w[2] for w in mine])
    assert overlaps(pdf) == []
