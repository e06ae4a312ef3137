"""The organiser's attendance starts from the members' own answers: who said "ik kom" is ticked, an
apology in time is "afgemeld" (compensated as the reglement says), a late one is not; the organiser
still changes everything."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from competitions import standings
from competitions.evenings import signups
from competitions.models import Attendance, CallOff
from tests.factories import UserFactory, club_evening, play_and_confirm, publish_next_round

pytestmark = pytest.mark.django_db


def test_the_attendance_page_starts_ticked_from_the_sign_ups_and_shows_apologies(client):
    _club, competition, members, evening, organiser = club_evening()
    competition.evening_start = datetime.time(23, 0)
    competition.save(update_fields=["evening_start"])
    early = timezone.make_aware(datetime.datetime.combine(evening.date, datetime.time(8, 0)))
    for player in members[:5]:
        signups.answer(evening=evening, player=player, coming=True, now=early)
    signups.answer(evening=evening, player=members[5], coming=False, now=early)
    client.force_login(organiser)
    url = reverse("staff:attendance", args=[competition.slug, evening.number])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    for player in members[:5]:
        assert f'name="present" value="{player.pk}" id="present-{player.pk}" checked' in page
    for player in members[5:]:
        assert f'name="present" value="{player.pk}" id="present-{player.pk}">' in page
    called_off = re.search(rf'<input type="checkbox" name="called_off" value="{members[5].pk}"[^>]*>', page).group(0)
    assert called_off.endswith(" checked>"), "an apology in time is ticked as afgemeld"
    assert "Eigen antwoord" in page and "komt" in page
    assert not Attendance.objects.filter(evening=evening).exists(), "nothing saved until the organiser saves"
    # the organiser saves, changing one: the list now shows what was saved, not the sign-ups
    data = {"ticks": "1", "present": [p.pk for p in members[:4]] + [members[6].pk], "called_off": [members[5].pk]}
    assert client.post(url, data).status_code == 302
    assert set(Attendance.objects.filter(evening=evening).values_list("player_id", flat=True)) == {
        *(p.pk for p in members[:4]),
        members[6].pk,
    }
    page = client.get(url).content.decode()
    assert f'name="present" value="{members[4].pk}" id="present-{members[4].pk}">' in page


def test_an_apology_in_time_is_compensated_and_a_late_one_is_not(client):
    club, competition, members, evening, organiser = club_evening(players=10)
    competition.absence_policy = "average"
    competition.unexcused_policy = "nothing"
    competition.evening_start = datetime.time(23, 0)
    competition.save(update_fields=["absence_policy", "unexcused_policy", "evening_start"])
    # On the evening's own day in the club's time zone (not "today in UTC": between 23:00 and 00:00 UTC
    # that is the day before the evening in Amsterdam, and 22:30 would still be in time).
    in_time = timezone.make_aware(datetime.datetime.combine(evening.date, datetime.time(8, 0)))
    # after 21:00, the deadline (2 hours before 23:00)
    too_late = timezone.make_aware(datetime.datetime.combine(evening.date, datetime.time(22, 30)))
    excused, unexcused = members[8], members[9]
    assert signups.answer(evening=evening, player=excused, coming=False, now=in_time).late is False
    assert signups.answer(evening=evening, player=unexcused, coming=False, now=too_late).late is True
    assert set(CallOff.objects.values_list("player_id", flat=True)) == {excused.pk}
    from competitions import services

    services.register_attendance(evening=evening, players=members[:8], called_off=[excused])
    round = publish_next_round(evening)
    play_and_confirm(round, scorer=UserFactory(scorer_of=club), confirmer=organiser)
    rows = {row.player_id: row for row in standings.standings(competition)}
    assert rows[excused.pk].points > 0, "afgemeld in time: the evening's average"
    assert unexcused.pk not in rows or rows[unexcused.pk].points == 0, "a late apology: no points"
