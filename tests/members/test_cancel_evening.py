"""The organiser calls a planned evening off ("avond afgelasten"), with a reason, after a question:
the members who signed up hear it by mail (a real SMTP server on loopback), nobody can sign up any
more, no reminder goes out, the calendar feeds say CANCELLED, and it can be put back on. Bad input
(a past evening, one that has begun, another club's, cancelling or putting back on twice) gets a
Dutch message and changes nothing."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone
from icalendar import Calendar

from competitions.evenings import cancel, signups
from competitions.models import Evening, SettingsChange, SignUp
from core import outbox
from members.mails.links import read_unsubscribe_token
from members.mails.services import write_reminders
from members.models import MemberSettings
from members.services import ensure_settings
from tests.factories import ClubFactory, CompetitionFactory, UserFactory, club_evening, publish_next_round
from tests.mailserver import MailServer
from tests.members.helpers import outbox_mails

pytestmark = pytest.mark.django_db

IN_TWO_DAYS = timezone.localdate() + datetime.timedelta(days=2)


@pytest.fixture(autouse=True)
def queued(settings):
    settings.EMAIL_BACKEND = "core.outbox.OutboxBackend"
    settings.SITE_URL = "http://club.example.nl"


def sign_up(evening, player, coming=True):
    SignUp.objects.create(evening=evening, player=player, coming=coming, answered_at=timezone.now())


def cancel_url(competition, evening):
    return f"/manage/competitions/{competition.slug}/evenings/{evening.number}/cancel/"


def uncancel_url(competition, evening):
    return f"/manage/competitions/{competition.slug}/evenings/{evening.number}/uncancel/"


def test_the_page_asks_first_then_cancels_and_mails_only_the_signed_up_members_who_want_it(client):
    _club, competition, members, evening, organiser = club_evening(date=IN_TWO_DAYS)
    sign_up(evening, members[0])
    sign_up(evening, members[1])
    sign_up(evening, members[2], coming=False)  # sent apologies: nothing to tell
    MemberSettings.objects.create(player=members[1], reminder_mail=False)
    client.force_login(organiser)
    page = client.get(f"/manage/competitions/{competition.slug}/evenings/1/attendance/", HTTP_ACCEPT_LANGUAGE="nl")
    assert "Avond afgelasten" in page.content.decode()
    question = client.get(cancel_url(competition, evening), HTTP_ACCEPT_LANGUAGE="nl")
    text = question.content.decode()
    assert question.status_code == 200 and "Avond 1 afgelasten?" in text
    assert "2 leden hebben zich aangemeld" in text
    assert not Evening.objects.get(pk=evening.pk).cancelled, "asking changes nothing"

    done = client.post(cancel_url(competition, evening), {"reason": "De zaal is gesloten"}, HTTP_ACCEPT_LANGUAGE="nl")
    assert done.status_code == 302
    evening.refresh_from_db()
    assert evening.cancelled and evening.cancel_reason == "De zaal is gesloten"
    audit = SettingsChange.objects.get(competition=competition, action=SettingsChange.Action.CANCEL_EVENING)
    assert audit.user == organiser and audit.changes["reason"] == ["", "De zaal is gesloten"]

    mails = outbox_mails()
    assert [m["to"] for m in mails] == [[f"lid{members[0].pk}@example.nl"]]
    mail = mails[0]
    assert mail["subject"].startswith("De avond van ") and mail["subject"].endswith(" gaat niet door")
    assert "De zaal is gesloten" in mail["body"] and "gaat niet door" in mail["body"]
    assert mail["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = mail["headers"]["List-Unsubscribe"].strip("<>")
    assert read_unsubscribe_token(url.rstrip("/").rsplit("/", 1)[1]) == (members[0].pk, "reminder")
    follow = client.get(done["Location"], HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Avond 1 is afgelast" in follow and "Avond weer laten doorgaan" in follow
    listed = client.get(f"/manage/competitions/{competition.slug}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "(afgelast)" in listed


def test_a_cancelled_evening_refuses_sign_ups_gets_no_reminder_and_can_be_put_back_on(client):
    _club, competition, members, evening, organiser = club_evening(date=IN_TWO_DAYS)
    cancel.cancel_evening(evening=evening, user=organiser, reason="Storm")
    with pytest.raises(signups.SignUpRefused, match="afgelast"):
        signups.answer(evening=evening, player=members[0], coming=True)
    assert write_reminders() == 0
    client.force_login(organiser)
    response = client.post(uncancel_url(competition, evening), HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 302
    evening.refresh_from_db()
    assert not evening.cancelled and evening.cancel_reason == ""
    assert SettingsChange.objects.filter(action=SettingsChange.Action.UNCANCEL_EVENING).count() == 1
    assert signups.answer(evening=evening, player=members[0], coming=True).coming
    assert write_reminders() == len(members) - 1, "on again: the reminders go out as before"

    # putting it back on twice: a Dutch message, nothing changes
    again = client.post(uncancel_url(competition, evening), HTTP_ACCEPT_LANGUAGE="nl", follow=True)
    assert "Avond 1 is niet afgelast" in again.content.decode()
    assert SettingsChange.objects.filter(action=SettingsChange.Action.UNCANCEL_EVENING).count() == 1


def test_cancelling_twice_a_past_or_begun_evening_is_refused_in_dutch_and_changes_nothing(client):
    _club, competition, members, evening, organiser = club_evening(date=IN_TWO_DAYS)
    sign_up(evening, members[0])
    client.force_login(organiser)
    client.post(cancel_url(competition, evening), {"reason": "Storm"})
    twice = client.post(cancel_url(competition, evening), {"reason": "Nog eens"}, HTTP_ACCEPT_LANGUAGE="nl")
    assert twice.status_code == 400 and "Avond 1 is al afgelast." in twice.content.decode()
    assert Evening.objects.get(pk=evening.pk).cancel_reason == "Storm"
    assert len(outbox_mails()) == 1, "told once"

    no_reason = client.post(uncancel_url(competition, evening))
    assert no_reason.status_code == 302
    empty = client.post(cancel_url(competition, evening), {"reason": "  "}, HTTP_ACCEPT_LANGUAGE="nl")
    assert empty.status_code == 400 and "Geef een reden" in empty.content.decode()
    assert not Evening.objects.get(pk=evening.pk).cancelled

    past = Evening.objects.create(
        competition=competition, number=2, date=timezone.localdate() - datetime.timedelta(days=1)
    )
    refused = client.post(cancel_url(competition, past), {"reason": "Te laat"}, HTTP_ACCEPT_LANGUAGE="nl")
    assert refused.status_code == 400 and "Avond 2 is voorbij" in refused.content.decode()
    assert not Evening.objects.get(pk=past.pk).cancelled
    assert not SettingsChange.objects.filter(changes__evening=[2, 2]).exists()


def test_an_evening_with_a_round_drawn_cannot_be_cancelled():
    _club, _competition, _members, evening, organiser = club_evening()
    publish_next_round(evening)
    with pytest.raises(cancel.DrawError, match="is begonnen"):
        with transaction.atomic():
            cancel.cancel_evening(evening=evening, user=organiser, reason="Storm")
    assert not Evening.objects.get(pk=evening.pk).cancelled


def test_only_the_clubs_organisers_reach_the_page_others_find_nothing(client):
    _club, competition, members, evening, _organiser = club_evening(date=IN_TWO_DAYS)
    other_club = ClubFactory()
    CompetitionFactory(club=other_club)
    for user in (UserFactory(organiser_of=other_club), UserFactory(scorer_of=competition.club), members[0].account):
        client.force_login(user)
        assert client.get(cancel_url(competition, evening)).status_code == 404
        assert client.post(cancel_url(competition, evening), {"reason": "Weg"}).status_code == 404
        assert client.post(uncancel_url(competition, evening)).status_code == 404
    assert not Evening.objects.get(pk=evening.pk).cancelled


def test_the_calendar_feeds_show_the_evening_as_cancelled(client):
    _club, competition, members, evening, organiser = club_evening(date=IN_TWO_DAYS)
    competition.is_public = True
    competition.save()
    cancel.cancel_evening(evening=evening, user=organiser, reason="Storm")
    token = ensure_settings(player=members[0]).calendar_token
    own = Calendar.from_ical(client.get(f"/me/calendar/{token}.ics").content)
    events = own.walk("VEVENT")
    assert len(events) == 1 and str(events[0]["STATUS"]) == "CANCELLED"
    public = Calendar.from_ical(client.get(f"/competitions/{competition.slug}/calendar.ics").content)
    statuses = [str(e.get("STATUS", "")) for e in public.walk("VEVENT")]
    assert statuses == ["CANCELLED"]


def test_the_cancellation_mail_reaches_a_real_smtp_server_once(settings, transactional_db):
    server = MailServer().start()
    try:
        for name, value in server.settings().items():
            setattr(settings, name, value)
        settings.OUTBOX_EMAIL_BACKEND = outbox.SMTP_BACKEND
        _club, _competition, members, evening, organiser = club_evening(date=IN_TWO_DAYS)
        for player in members[:3]:
            sign_up(evening, player)
        cancel.cancel_evening(evening=evening, user=organiser, reason="De zaal is gesloten")
        call_command("send_notifications", "--once", verbosity=0)
        call_command("send_notifications", "--once", verbosity=0)
        received = server.inbox.messages
        assert len(received) == 3 and len(set(server.inbox.message_ids())) == 3
        assert all(" gaat niet door" in m["Subject"] for m in received)
        assert all(m["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click" for m in received)
        assert all("De zaal is gesloten" in m.get_body(("html",)).get_content() for m in received)
    finally:
        server.stop()
