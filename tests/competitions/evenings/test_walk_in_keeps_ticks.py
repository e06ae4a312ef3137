"""Issue 27 item 1: a walk-in added on the attendance page keeps every tick not saved yet (the walk-in's
button posts the attendance form, ticks and all, to the walk-in address; the ticks are saved first)."""

import pytest
from django.urls import reverse

from competitions import services
from competitions.models import Attendance
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def setup(client):
    club = ClubFactory()
    competition = CompetitionFactory(club=club, rounds_per_evening=3)
    players = PlayerFactory.create_batch(24, club=club)
    evening = services.create_evening(competition=competition)
    client.force_login(UserFactory(organiser_of=club))
    return competition, evening, players


def test_the_walk_in_saves_the_ticks_posted_along(client, setup):
    competition, evening, players = setup
    url = reverse("staff:walk-in", args=[competition.slug, evening.number])
    ticks = {"ticks": "1", "present": [p.pk for p in players[:23]], "late": [players[23].pk]}
    response = client.post(url, {**ticks, "first_name": "Gerrit", "last_name": "Gast", "guest": "on"}, follow=True)
    assert response.status_code == 200
    present = dict(Attendance.objects.filter(evening=evening).values_list("player_id", "arrived_late"))
    assert len(present) == 25
    assert present[players[23].pk] is True and not any(present[p.pk] for p in players[:23])
    assert Attendance.objects.filter(evening=evening, player__last_name="Gast").exists()
    assert "25 players present" in response.content.decode()


def test_a_walk_in_refused_still_keeps_the_ticks(client, setup):
    competition, evening, players = setup
    url = reverse("staff:walk-in", args=[competition.slug, evening.number])
    response = client.post(url, {"ticks": "1", "present": [p.pk for p in players[:10]], "last_name": ""}, follow=True)
    assert "Surname" in response.content.decode()
    assert Attendance.objects.filter(evening=evening).count() == 10


def test_without_the_ticks_marker_a_walk_in_leaves_the_list_alone(client, setup):
    competition, evening, players = setup
    services.register_attendance(evening=evening, players=players[:5])
    url = reverse("staff:walk-in", args=[competition.slug, evening.number])
    client.post(url, {"first_name": "Anna", "last_name": "Nieuw"})
    assert Attendance.objects.filter(evening=evening).count() == 6


def test_the_walk_in_fields_belong_to_the_attendance_form(client, setup):
    competition, evening, _players = setup
    page = client.get(reverse("staff:attendance", args=[competition.slug, evening.number])).content.decode()
    walk_in = reverse("staff:walk-in", args=[competition.slug, evening.number])
    assert f'formaction="{walk_in}"' in page
    for name in ("first_name", "last_name", "guest", "guest_club"):
        assert f'name="{name}" id="id_{name}"' in page
    assert page.count('form="attendance"') == 5
    assert '<input type="hidden" name="ticks" value="1">' in page


def test_a_new_evenings_date_starts_at_today_in_the_date_inputs_format(client, setup):
    import datetime

    competition, _evening, _players = setup
    client.cookies["django_language"] = "nl"  # Dutch writes dates 25-11-2026, which a date input cannot show
    page = client.get(reverse("staff:competition", args=[competition.slug])).content.decode()
    assert f'value="{datetime.date.today():%Y-%m-%d}"' in page
