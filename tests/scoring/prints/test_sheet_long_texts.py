"""Long texts on a score sheet, read back word by word (``pdftotext -bbox``; issue 34 item 3): a long
team name goes on two lines at a readable size, whole, in the sides' block and over its columns; the
address under the QR code is whole (on two lines when it must) and clear of "Page x of y"."""

from __future__ import annotations

import datetime

import pytest

from tests.competitions.pdf_overlap import overlaps, words
from tests.factories import ClubFactory, CompetitionFactory, RoundFactory, UserFactory, seated_match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

LONG_NAMES = ["De Vrolijke Schoppenboeren van Oud-Beijerland", "Klaverjasclub Roem en Verzaakt Hoogvliet"]
LONG_SITE = "https://klaverjassen.kc-de-schoppenboeren.nl"


@pytest.fixture
def round_():
    club = ClubFactory(name="KC Lange Namen")
    competition = CompetitionFactory(club=club, name="Wintercompetitie", slug="lang")
    round_ = RoundFactory(competition=competition, number=1, date=datetime.date(2025, 3, 14))
    seated_match(round=round_, table=1, team_names=LONG_NAMES)
    return round_


def _sheet(client) -> bytes:
    response = client.get("/competitions/lang/rounds/1/sheets.pdf")
    assert response.status_code == 200
    return response.content


def _address_lines(pdf: bytes, address: str) -> list[tuple[float, str]]:
    """The words that spell the address, top line first: one word, or two words one under the other."""
    found = [(y0, text) for page, _x0, y0, _x1, _y1, text in words(pdf) if page == 1 and text and text in address]
    found.sort()
    for i, (y, text) in enumerate(found):
        if text == address:
            return [(y, text)]
        for y2, rest in found[i + 1 :]:
            if y2 > y + 1 and text + rest == address:
                return [(y, text), (y2, rest)]
    return []


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


def test_the_address_under_the_qr_code_is_whole_and_clear_of_the_page_number(client, round_, settings):
    settings.SITE_URL = LONG_SITE
    host = LONG_SITE.split("://")[1]
    # anyone: the staff entry page's address
    pdf = _sheet(client)
    match_pk = round_.matches.get().pk
    lines = _address_lines(pdf, f"{host}/matches/{match_pk}/enter/")
    assert len(lines) == 2, [w[5] for w in words(pdf)][-12:]
    assert not [w for w in words(pdf) if w[5].endswith("…")]
    assert overlaps(pdf) == []
    # the club's staff: the table link's code and the short address under it
    client.force_login(UserFactory(username="lang-org", organiser_of=round_.competition.club))
    pdf = _sheet(client)
    assert _address_lines(pdf, f"{host}/t/")
    assert not [w for w in words(pdf) if w[5].endswith("…")]
    assert overlaps(pdf) == []
    page = [w for w in words(pdf) if w[0] == 1]
    number = next(w for w in page if w[5] == "Page")
    address = max((w for w in page if host in w[5] or w[5].startswith("klaverjassen")), key=lambda w: w[4])
    assert address[4] < number[2] - 1, (address, number)  # a point or more above the page number


def test_long_names_at_a_table_of_three_are_whole_beside_their_seats(client):
    from clubs.models import Player
    from tests.factories import ClubFactory, seated_match

    match = seated_match(club=ClubFactory(slug="troef"), ruleset="driemans", slug="drie-lang")
    long_last = ["van der Heijden-Bosschaert", "Verschuuren-Oudshoorn", "de Wit-Vanderlinden"]
    for seat, last in zip(match.seats.order_by("seat"), long_last):
        Player.objects.filter(pk=seat.player_id).update(first_name="Wilhelmina Adriana", last_name=last)
    client.force_login(UserFactory(username="drie-lang-org", organiser_of=match.round.competition.club))
    pdf = client.get(f"/matches/{match.pk}/sheet.pdf").content
    found = words(pdf)
    for last in long_last:
        for word in last.split():
            # beside the seat and over the columns, whole, at 6.5 pt or more (the seats round the
            # table may cut a name: the whole one is beside the seat)
            whole = [w for w in found if w[5] == word and w[4] - w[2] >= 6.4]
            assert len(whole) >= 2, (word, [w for w in found if w[5].startswith(word[:4])])
    assert overlaps(pdf) == []
