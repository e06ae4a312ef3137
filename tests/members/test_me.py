"""A member's own page (/me/): the next evenings with "ik kom / ik kom niet" (changeable until the
club's deadline, then late), tonight's table once published, results, mail choices and the private
calendar; bad input gets a Dutch message and changes nothing."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from icalendar import Calendar

from competitions import services
from competitions.models import CallOff, SignUp
from members.mails.links import unsubscribe_token
from members.models import MemberSettings
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    PlayerFactory,
    UserFactory,
    club_evening,
    publish_next_round,
)
from tests.members.helpers import outbox_mails

pytestmark = pytest.mark.django_db

NEXT_WEEK = timezone.localdate() + datetime.timedelta(days=7)


def logged_in(client, player):
    client.force_login(player.account)
    return client


def page(client) -> str:
    response = client.get("/me/", HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 200
    return response.content.decode()


def test_a_member_signs_up_and_changes_their_mind_before_the_deadline(client):
    _club, _competition, members, evening, _organiser = club_evening(date=NEXT_WEEK)
    member = members[0]
    logged_in(client, member)
    assert "Nog geen antwoord." in page(client)
    response = client.post(f"/me/evenings/{evening.pk}/", {"answer": "yes"}, follow=True, HTTP_ACCEPT_LANGUAGE="nl")
    assert "Genoteerd: je komt." in response.content.decode()
    assert SignUp.objects.get(evening=evening, player=member).coming is True
    client.post(f"/me/evenings/{evening.pk}/", {"answer": "no"})
    sign_up = SignUp.objects.get(evening=evening, player=member)
    assert (sign_up.coming, sign_up.late) == (False, False)
    assert CallOff.objects.filter(evening=evening, player=member).exists(), "an apology in time is afgemeld"
    assert "Je bent afgemeld." in page(client)
    client.post(f"/me/evenings/{evening.pk}/", {"answer": "yes"})
    assert not CallOff.objects.filter(evening=evening, player=member).exists()


def test_after_the_deadline_an_answer_is_kept_as_late_and_an_apology_is_not_afgemeld(client):
    _club, competition, members, evening, _organiser = club_evening()  # tonight
    competition.evening_start = datetime.time(0, 30)  # long started past its deadline? no: today at 00:30
    competition.save(update_fields=["evening_start"])
    member = members[0]
    logged_in(client, member)
    text = page(client)
    assert "De sluitingstijd is voorbij" in text
    response = client.post(f"/me/evenings/{evening.pk}/", {"answer": "no"}, follow=True, HTTP_ACCEPT_LANGUAGE="nl")
    assert "na de sluitingstijd" in response.content.decode()
    sign_up = SignUp.objects.get(evening=evening, player=member)
    assert (sign_up.coming, sign_up.late) == (False, True)
    assert not CallOff.objects.filter(evening=evening, player=member).exists()
    assert "te laat" in page(client)


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("cancelled", "is afgelast"),
        ("past", "is begonnen of voorbij"),
        ("begun", "is begonnen of voorbij"),
        ("other-club", "van een andere club"),
        ("bad-answer", "Kies „Ik kom” of „Ik kom niet”."),
    ],
)
def test_refused_answers_say_why_in_dutch_and_change_nothing(client, case, message):
    _club, competition, members, evening, _organiser = club_evening(date=NEXT_WEEK)
    answer = "yes"
    if case == "cancelled":
        evening.cancelled = True
        evening.save(update_fields=["cancelled"])
    elif case == "past":
        evening.date = timezone.localdate() - datetime.timedelta(days=1)
        evening.save(update_fields=["date"])
    elif case == "begun":
        evening.date = timezone.localdate()
        evening.save(update_fields=["date"])
        publish_next_round(evening)
    elif case == "other-club":
        other = ClubFactory()
        evening = services.create_evening(competition=CompetitionFactory(club=other), date=NEXT_WEEK)
    else:
        answer = "misschien"
    logged_in(client, members[0])
    response = client.post(f"/me/evenings/{evening.pk}/", {"answer": answer}, follow=True, HTTP_ACCEPT_LANGUAGE="nl")
    assert message in response.content.decode()
    assert SignUp.objects.count() == 0 and CallOff.objects.count() == 0


def test_an_unknown_evening_is_a_404_and_an_anonymous_visitor_is_sent_to_log_in(client):
    _club, _competition, members, evening, _organiser = club_evening(date=NEXT_WEEK)
    assert client.get("/me/").status_code == 302
    assert client.post(f"/me/evenings/{evening.pk}/", {"answer": "yes"}).status_code == 302
    logged_in(client, members[0])
    assert client.post("/me/evenings/999999/", {"answer": "yes"}).status_code == 404
    assert client.get(f"/me/evenings/{evening.pk}/").status_code == 405


def test_an_account_without_a_member_gets_a_plain_dutch_sentence(client):
    club = ClubFactory()
    client.force_login(UserFactory(organiser_of=club))
    response = client.get("/me/", HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 403
    assert "niet gekoppeld aan een lid" in response.content.decode()


def test_tonights_table_shows_once_the_round_is_published(client):
    _club, _competition, members, evening, _organiser = club_evening()
    logged_in(client, members[0])
    assert "Vanavond" not in page(client)
    services.register_attendance(evening=evening, players=members)
    round = services.draw_next_round(evening=evening, seed=3)
    assert "Vanavond" not in page(client), "a draft draw is not shown"
    services.publish_round(round=round)
    seat = members[0].seats.select_related("match").get(match__round=round)
    text = page(client)
    assert "Vanavond" in text and f"tafel {seat.match.table}, plaats" in text


def test_mail_choices_are_saved_and_a_member_cannot_change_another_members(client):
    _club, _competition, members, _evening, _organiser = club_evening(date=NEXT_WEEK)
    logged_in(client, members[0])
    prefix = f"p{members[0].pk}"
    client.post("/me/mails/", {"player": members[0].pk, f"{prefix}-result": "on", f"{prefix}-language": "nl"})
    choices = MemberSettings.objects.get(player=members[0])
    assert (choices.draw_mail, choices.result_mail, choices.reminder_mail) == (False, True, False)
    other = members[1]
    response = client.post("/me/mails/", {"player": other.pk, f"p{other.pk}-language": "nl"})
    assert response.status_code == 404
    assert not MemberSettings.objects.filter(player=other).exists()


def test_the_private_calendar_works_without_login_with_every_planned_evening_in_amsterdam_time(client):
    _club, competition, members, evening, _organiser = club_evening(date=NEXT_WEEK)
    second = services.create_evening(competition=competition, date=NEXT_WEEK + datetime.timedelta(days=7))
    logged_in(client, members[0])
    client.post(f"/me/evenings/{evening.pk}/", {"answer": "yes"})
    text = page(client)
    token = MemberSettings.objects.get(player=members[0]).calendar_token
    href = f"http://testserver/me/calendar/{token}.ics"
    assert f'href="{href}"' in text
    client.logout()
    response = client.get(f"/me/calendar/{token}.ics", HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    feed = Calendar.from_ical(response.content)
    assert [z["TZID"] for z in feed.walk("VTIMEZONE")] == ["Europe/Amsterdam"]
    events = feed.walk("VEVENT")
    assert len(events) == 2
    starts = sorted(e.decoded("DTSTART") for e in events)
    assert starts[0].date() == NEXT_WEEK and starts[1].date() == second.date
    assert str(starts[0].tzinfo) == "Europe/Amsterdam" and starts[0].hour == 20
    assert "je komt" in str(events[0]["SUMMARY"]) + str(events[1]["SUMMARY"])
    assert client.get(f"/me/calendar/{token[:-1]}{'y' if token.endswith('x') else 'x'}.ics").status_code == 404


def test_one_click_unsubscribe_needs_no_login_and_stops_that_kind_of_mail(client, settings):
    settings.EMAIL_BACKEND = "core.outbox.OutboxBackend"
    _club, _competition, members, evening, _organiser = club_evening()
    token = unsubscribe_token(player_id=members[0].pk, kind="draw")
    shown = client.get(f"/me/unsubscribe/{token}/", HTTP_ACCEPT_LANGUAGE="nl")
    assert shown.status_code == 200 and "Geen mails meer over de loting" in shown.content.decode()
    assert not MemberSettings.objects.filter(player=members[0]).exists(), "a GET (a link scanner) changes nothing"
    client.handler.enforce_csrf_checks = True  # the mail program posts without our form
    done = client.post(
        f"/me/unsubscribe/{token}/",
        data="List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    assert done.status_code == 200 and "Klaar" in done.content.decode()
    assert MemberSettings.objects.get(player=members[0]).draw_mail is False
    assert client.post(f"/me/unsubscribe/{token}/").status_code == 200, "used twice: still fine"
    publish_next_round(evening)
    to = {mail["to"][0] for mail in outbox_mails()}
    assert f"lid{members[0].pk}@example.nl" not in to and len(to) == 7


def test_a_tampered_unsubscribe_link_is_refused_in_dutch_and_a_removed_members_link_answers_410(client):
    _club, _competition, members, _evening, _organiser = club_evening()
    token = unsubscribe_token(player_id=members[0].pk, kind="draw")
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    response = client.post(f"/me/unsubscribe/{forged}/", HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 400 and "Deze afmeldlink klopt niet" in response.content.decode()
    other_kind = unsubscribe_token(player_id=members[1].pk, kind="draw")
    assert other_kind != token  # a member's link names that member: it cannot be turned into another's
    gone = PlayerFactory.create_batch(1, club=ClubFactory())[0]
    link = unsubscribe_token(player_id=gone.pk, kind="draw")
    gone.delete()
    response = client.post(f"/me/unsubscribe/{link}/", HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 410 and "niet meer op de lijst" in response.content.decode()


def test_the_page_runs_as_many_queries_for_a_long_season(client, django_assert_max_num_queries):
    _club, competition, members, evening, _organiser = club_evening(date=NEXT_WEEK)
    for n in range(6):
        services.create_evening(competition=competition, date=NEXT_WEEK + datetime.timedelta(days=7 * (n + 1)))
    logged_in(client, members[0])
    page(client)  # the calendar's secret is made once
    with django_assert_max_num_queries(14):
        page(client)


def test_a_member_downloads_their_own_data_and_nobody_elses(client):
    _club, _competition, members, evening, _organiser = club_evening(date=NEXT_WEEK)
    logged_in(client, members[0])
    client.post(f"/me/evenings/{evening.pk}/", {"answer": "no"})
    assert 'href="/me/export.json"' in page(client)
    response = client.get("/me/export.json")
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    data = response.json()["members"]
    assert len(data) == 1
    assert data[0]["member"]["first_name"] == members[0].first_name
    assert data[0]["account"]["email"] == members[0].account.email
    assert data[0]["sign_ups"][0]["coming"] is False
    assert members[1].account.email not in response.content.decode()
    client.logout()
    assert client.get("/me/export.json").status_code == 302
