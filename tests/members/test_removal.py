"""A member asks to be removed (AVG); the organiser anonymises them: results stay, the name goes, and
the member's old links say in Dutch that they are no longer on the list."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from competitions import standings
from competitions.models import SignUp
from members.mails.links import answer_token, unsubscribe_token
from members.models import MemberSettings
from tests.factories import ClubFactory, UserFactory, club_evening, play_and_confirm, publish_next_round

pytestmark = pytest.mark.django_db


def test_a_member_asks_to_be_removed_and_the_organiser_anonymises_them(client):
    club, competition, members, evening, organiser = club_evening()
    leaving = members[0]
    round = publish_next_round(evening)
    play_and_confirm(round, scorer=UserFactory(scorer_of=club), confirmer=organiser)
    points_before = {r.player_id: r.points for r in standings.standings(competition)}
    token = MemberSettings.objects.get_or_create(player=leaving)[0].calendar_token
    account = leaving.account

    client.force_login(account)
    refused = client.post("/me/remove/", {"player": leaving.pk}, follow=True, HTTP_ACCEPT_LANGUAGE="nl")
    assert "Vink aan dat je verwijderd wilt worden" in refused.content.decode()
    assert MemberSettings.objects.get(player=leaving).removal_requested_at is None
    client.post("/me/remove/", {"player": leaving.pk, "confirm": "yes"})
    assert MemberSettings.objects.get(player=leaving).removal_requested_at is not None
    assert client.post("/me/remove/", {"player": members[1].pk, "confirm": "yes"}).status_code == 404

    client.force_login(UserFactory(organiser_of=ClubFactory()))  # another club's organiser: not theirs
    assert client.post(f"/manage/clubs/{club.slug}/members/{leaving.pk}/anonymise/").status_code == 404
    client.force_login(organiser)
    dashboard = client.get("/manage/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Leden die gevraagd hebben verwijderd te worden" in dashboard and leaving.name in dashboard
    client.post(f"/manage/clubs/{club.slug}/members/{leaving.pk}/anonymise/")

    leaving.refresh_from_db()
    assert leaving.first_name == "Oud-lid" and leaving.email == "" and leaving.account is None
    assert not leaving.active and leaving.member_number == f"x{leaving.pk}"
    assert not SignUp.objects.filter(player=leaving).exists()
    assert not MemberSettings.objects.filter(player=leaving).exists()
    account = get_user_model().objects.get(pk=account.pk)
    assert not account.is_active and account.email == "" and not account.has_usable_password()
    assert {r.player_id: r.points for r in standings.standings(competition)} == points_before, "results stay"
    assert "P1" not in client.get(f"/competitions/{competition.slug}/standings/").content.decode().split("<main>")[1]

    client.logout()
    gone = client.post(
        f"/me/unsubscribe/{unsubscribe_token(player_id=leaving.pk, kind='draw')}/", HTTP_ACCEPT_LANGUAGE="nl"
    )
    assert gone.status_code == 410 and "niet meer op de lijst" in gone.content.decode()
    answer = client.post(
        f"/me/answer/{answer_token(player_id=leaving.pk, evening_id=evening.pk, coming=True)}/",
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    assert answer.status_code == 410
    assert client.get(f"/me/calendar/{token}.ics").status_code == 404
