"""Organiser flow: club evenings and who came (services.create_evening, register_attendance)."""

import pytest

from competitions import services
from competitions.models import Attendance, Competition, Entrant
from competitions.services import DrawError
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def competition(club):
    return CompetitionFactory(club=club)


def test_evenings_are_numbered_on(competition):
    first = services.create_evening(competition=competition)
    second = services.create_evening(competition=competition)
    assert (first.number, second.number) == (1, 2)


def test_no_evenings_in_a_pairs_competition(club):
    with pytest.raises(DrawError, match="individual"):
        services.create_evening(competition=CompetitionFactory(club=club, format=Competition.Format.PAIRS))


def test_ticked_members_and_late_arrivals_are_present(club, competition):
    players = PlayerFactory.create_batch(6, club=club)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players[:4], late=players[4:5])
    rows = {a.player_id: a.arrived_late for a in Attendance.objects.filter(evening=evening)}
    assert rows == {p.pk: p == players[4] for p in players[:5]}
    assert set(Entrant.objects.filter(competition=competition).values_list("player_id", flat=True)) == set(rows)


def test_the_list_is_replaced_and_a_late_flag_updated(club, competition):
    players = PlayerFactory.create_batch(5, club=club)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players[:4])
    services.register_attendance(evening=evening, players=players[1:4], late=[players[0], players[4]])
    late = dict(Attendance.objects.filter(evening=evening).values_list("player_id", "arrived_late"))
    assert late == {
        players[0].pk: True,
        players[1].pk: False,
        players[2].pk: False,
        players[3].pk: False,
        players[4].pk: True,
    }
    services.register_attendance(evening=evening, players=players[:2])
    assert Attendance.objects.filter(evening=evening).count() == 2


def test_a_member_of_another_club_is_refused(club, competition):
    stranger = PlayerFactory.create_batch(1, club=ClubFactory())[0]
    evening = services.create_evening(competition=competition)
    with pytest.raises(DrawError, match="not a member"):
        services.register_attendance(evening=evening, players=[stranger])
    assert not Attendance.objects.exists()


def test_a_player_in_a_drawn_round_cannot_be_removed(club, competition):
    players = PlayerFactory.create_batch(8, club=club)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players)
    services.draw_next_round(evening=evening, seed=1)
    with pytest.raises(DrawError, match="already plays in round 1"):
        services.register_attendance(evening=evening, players=players[1:])
    assert Attendance.objects.filter(evening=evening).count() == 8


def test_a_late_arrival_plays_from_the_next_round(club, competition):
    players = PlayerFactory.create_batch(9, club=club)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players[:8])
    first = services.draw_next_round(evening=evening, seed=1)
    services.register_attendance(evening=evening, players=players[:8], late=players[8:])
    second = services.draw_next_round(evening=evening, seed=2)
    in_round = lambda r: {s.player_id for m in r.matches.all() for s in m.seats.all()}  # noqa: E731
    assert players[8].pk not in in_round(first)
    assert players[8].pk in in_round(second)
