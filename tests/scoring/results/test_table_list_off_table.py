"""tables.pdf's "Where do I sit?" lists everyone of the round, also who has no table: the bye and the
late arrival sitting the round out (issue 33, item 6)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from competitions.models import Attendance, Bye, Entrant, Evening, SitOut
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, RoundFactory, seated_match
from tests.readback import pdf_pages_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def evening_round():
    club = ClubFactory(name="KC Troef")
    competition = CompetitionFactory(club=club, name="Wintercompetitie", slug="winter", format="individual")
    evening = Evening.objects.create(competition=competition, number=1)
    round_ = RoundFactory(competition=competition, number=1, date=datetime.date(2025, 3, 14))
    round_.evening = evening
    round_.save()
    seated = [PlayerFactory(club=club, first_name=first, last_name="Smit") for first in ("Anna", "Bert", "Cor", "Dirk")]
    seated_match(round=round_, table=1, players=seated)
    bye = PlayerFactory(club=club, first_name="Evert", last_name="van Dam")
    late = PlayerFactory(club=club, first_name="Fleur", last_name="Zwart")
    for player in [*seated, bye]:
        Attendance.objects.create(evening=evening, player=player)
    Attendance.objects.create(evening=evening, player=late, arrived_late=True)
    Bye.objects.create(round=round_, entrant=Entrant.objects.create(competition=competition, player=bye, name=bye.name))
    SitOut.objects.create(round=round_, player=late)
    return round_


def test_where_do_i_sit_lists_the_bye_and_the_late_arrival(client, evening_round):
    response = client.get("/competitions/winter/rounds/1/tables.pdf")
    assert response.status_code == 200
    where = pdf_pages_text(response.content)[-1]
    assert "Evert van Dam" in where and "Fleur Zwart" in where, where
    assert "bye this round" in where
    assert "arrives late" in where
    # in the one alphabetical list by surname (tussenvoegsels skipped): Dam, Smit, Zwart
    assert where.index("Evert van Dam") < where.index("Anna Smit") < where.index("Fleur Zwart")
    assert "4 players at 1 tables" in where or "4 players at 1 table" in where


def test_where_do_i_sit_says_it_in_dutch(client, evening_round, settings):
    settings.LANGUAGE_CODE = "nl"
    client.cookies["django_language"] = "nl"
    with translation.override("nl"):
        where = pdf_pages_text(client.get("/competitions/winter/rounds/1/tables.pdf").content)[-1]
    assert "deze ronde vrij" in where and "komt later" in where, where
