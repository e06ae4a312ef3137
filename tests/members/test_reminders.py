"""The reminder before an evening: written by the worker (once per member and evening), with signed
one-click "ik kom" / "ik kom niet" links that need no login; tampered, expired, reused and other
members' links are answered in Dutch and change nothing wrong."""

from __future__ import annotations

import datetime
import re
import time

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from competitions.models import CallOff, Evening, SignUp
from core import outbox
from members.mails import links
from members.mails.services import write_reminders
from members.models import MemberSettings
from tests.factories import club_evening
from tests.mailserver import MailServer

pytestmark = pytest.mark.django_db

IN_TWO_DAYS = timezone.localdate() + datetime.timedelta(days=2)


@pytest.fixture(autouse=True)
def queued(settings):
    settings.EMAIL_BACKEND = "core.outbox.OutboxBackend"
    settings.SITE_URL = "http://club.example.nl"


def mails():
    return [row.args_kwargs["kwargs"]["mail"] for row in DBTaskResult.objects.order_by("enqueued_at")]


def link_path(mail, label: str) -> str:
    url = re.search(rf"{label}: (\S+)", mail["body"]).group(1)
    return url.removeprefix("http://club.example.nl")


def test_a_reminder_goes_once_to_each_member_who_has_not_answered_and_wants_it():
    _club, _competition, members, evening, _organiser = club_evening(date=IN_TWO_DAYS)
    SignUp.objects.create(evening=evening, player=members[0], coming=True, answered_at=timezone.now())
    MemberSettings.objects.create(player=members[1], reminder_mail=False)
    assert write_reminders() == 6
    assert write_reminders() == 0, "once per member and evening"
    mail = next(m for m in mails() if m["to"] == [f"lid{members[2].pk}@example.nl"])
    assert mail["subject"].startswith("Kom je? Avond 1 van ")
    assert "Ik kom: http://club.example.nl/me/answer/" in mail["body"]
    assert "Ik kom niet: http://club.example.nl/me/answer/" in mail["body"]
    assert mail["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_no_reminder_for_an_evening_far_away_cancelled_or_past_its_deadline():
    _club, competition, _members, evening, _organiser = club_evening(date=IN_TWO_DAYS + datetime.timedelta(days=5))
    assert write_reminders() == 0
    evening.date = IN_TWO_DAYS
    evening.cancelled = True
    evening.save()
    assert write_reminders() == 0
    evening.cancelled = False
    evening.save()
    late = timezone.make_aware(datetime.datetime.combine(IN_TWO_DAYS, datetime.time(19, 0)))
    assert write_reminders(now=late) == 0, "19:00 on the day: past the 18:00 deadline"


def test_the_links_answer_without_login_after_one_more_click(client):
    _club, _competition, members, evening, _organiser = club_evening(date=IN_TWO_DAYS)
    write_reminders()
    mail = next(m for m in mails() if m["to"] == [f"lid{members[0].pk}@example.nl"])
    no = link_path(mail, "Ik kom niet")
    shown = client.get(no, HTTP_ACCEPT_LANGUAGE="nl")
    assert shown.status_code == 200 and "Ik kom niet" in shown.content.decode()
    assert not SignUp.objects.exists(), "opening the link (a mail scanner) changes nothing"
    done = client.post(no, HTTP_ACCEPT_LANGUAGE="nl")
    assert "Genoteerd: je bent afgemeld." in done.content.decode()
    assert CallOff.objects.filter(evening=evening, player=members[0]).exists()
    again = client.post(no, HTTP_ACCEPT_LANGUAGE="nl")  # the same link used again: the same answer
    assert again.status_code == 200 and SignUp.objects.count() == 1
    client.post(link_path(mail, "Ik kom"), HTTP_ACCEPT_LANGUAGE="nl")  # changed their mind
    assert SignUp.objects.get().coming and not CallOff.objects.exists()


def test_tampered_expired_other_members_and_cancelled_links_are_refused_in_dutch(client, monkeypatch):
    _club, _competition, members, evening, _organiser = club_evening(date=IN_TWO_DAYS)
    token = links.answer_token(player_id=members[0].pk, evening_id=evening.pk, coming=True)
    tampered = client.post(f"/me/answer/{token[:-3]}xyz/", HTTP_ACCEPT_LANGUAGE="nl")
    assert tampered.status_code == 400 and "Deze link klopt niet" in tampered.content.decode()

    real_time = time.time
    monkeypatch.setattr(time, "time", lambda: real_time() - 15 * 86400)
    old = links.answer_token(player_id=members[0].pk, evening_id=evening.pk, coming=True)
    monkeypatch.setattr(time, "time", real_time)
    expired = client.post(f"/me/answer/{old}/", HTTP_ACCEPT_LANGUAGE="nl")
    assert expired.status_code == 410 and "Deze link is verlopen" in expired.content.decode()

    client.force_login(members[1].account)
    other = client.post(f"/me/answer/{token}/", HTTP_ACCEPT_LANGUAGE="nl")
    assert other.status_code == 403 and "van een ander lid" in other.content.decode()
    client.logout()

    Evening.objects.filter(pk=evening.pk).update(cancelled=True)
    cancelled = client.post(f"/me/answer/{token}/", HTTP_ACCEPT_LANGUAGE="nl")
    assert cancelled.status_code == 409 and "is afgelast" in cancelled.content.decode()
    assert not SignUp.objects.exists() and not CallOff.objects.exists()


def test_the_worker_writes_and_sends_the_reminders(settings, transactional_db):
    server = MailServer().start()
    try:
        for name, value in server.settings().items():
            setattr(settings, name, value)
        settings.OUTBOX_EMAIL_BACKEND = outbox.SMTP_BACKEND
        _club, _competition, _members, _evening, _organiser = club_evening(date=IN_TWO_DAYS)
        call_command("send_notifications", "--once", verbosity=0)
        call_command("send_notifications", "--once", verbosity=0)
        assert len(server.inbox.messages) == 8, "written once, sent once"
        assert all(m["Subject"].startswith("Kom je?") for m in server.inbox.messages)
    finally:
        server.stop()
