"""Issue 32's "Done when", tried as a member would on a phone (390 px), against a real SMTP server on
loopback (aiosmtpd) and the real worker (``manage.py send_notifications --once``):

the organiser invites a member from the people page; the member opens the invitation link and picks a
password, says "ik kom" for the next evening on /me/; the organiser's attendance page starts from the
sign-ups (another member's apology ticked as "afgemeld"); the organiser draws and publishes while the
mail server is down; it comes back and every mail arrives once, the draw's naming the member's table;
the evening is played and the result mail arrives; the member turns reminders off with the reminder's
one-click link (no login) and the next evening's reminder goes to the others, not to them.

test_member_page.py covers the sign-up and tonight's table on /me/ with axe; this test is the whole
journey through the mail server."""

from __future__ import annotations

import datetime
from collections import Counter
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from competitions import services
from competitions.evenings import signups
from competitions.models import Attendance, CallOff, Evening, MatchSeat, Round
from core import outbox
from members.models import MemberSettings
from tests.factories import UserFactory, club_evening, play_and_confirm
from tests.mailserver import MailServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
STRONG = "klaver-Heer-2026"


def send_now() -> None:
    call_command("send_notifications", "--once", verbosity=0)


def time_passes() -> None:
    """Every mail waiting for its next try is due now (as if its back-off had run out)."""
    DBTaskResult.objects.filter(status=TaskResultStatus.READY, run_after__lt=timezone.now() + timedelta(days=1)).update(
        run_after=timezone.now() - timedelta(seconds=1)
    )


def fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{page.url} is {width} px wide on a 390 px phone"


@pytest.fixture
def server(settings, live_server):
    smtp = MailServer().start()
    settings.EMAIL_BACKEND = "core.outbox.OutboxBackend"
    settings.OUTBOX_EMAIL_BACKEND = outbox.SMTP_BACKEND
    for name, value in smtp.settings().items():
        setattr(settings, name, value)
    settings.OUTBOX_RETRY_SECONDS = 60
    settings.SITE_URL = live_server.url  # the links in the mails lead to this site
    yield smtp
    smtp.stop()


def test_a_member_from_the_invitation_to_unsubscribing_on_a_phone(new_page, server, live_server):
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    club, competition, members, evening, organiser = club_evening(players=9, date=tomorrow)
    organiser.set_password(STRONG)
    organiser.save()
    newcomer, apologiser, others = members[0], members[1], members[2:]
    old_account = newcomer.account
    newcomer.account = None
    newcomer.save(update_fields=["account"])
    old_account.delete()

    # the organiser invites the newcomer (a player of the club) from the people page
    desk = new_page(viewport={"width": 1280, "height": 900})
    desk.goto("/accounts/login/")
    desk.locator("#id_username").fill(organiser.get_username())
    desk.locator("#id_password").fill(STRONG)
    with desk.expect_navigation():
        desk.locator("main form button[type=submit]").click()
    desk.goto(f"/manage/clubs/{club.slug}/people/")
    desk.locator("#id_role").select_option("member")
    desk.locator("#id_player").select_option(str(newcomer.pk))
    desk.locator("#id_email").fill("nieuw.lid@example.nl")
    with desk.expect_navigation():
        desk.locator("#invite").click()
    link = desk.locator("#invitation-link").input_value()
    assert "/invite/" in link

    # the member, on a phone, opens the link, picks a password and says "ik kom" on /me/
    phone = new_page(**PHONE)
    phone.goto(link)
    fits(phone)
    phone.locator("#id_username").fill("nieuwlid")
    phone.locator("#id_password1").fill(STRONG)
    phone.locator("#id_password2").fill(STRONG)
    with phone.expect_navigation():
        phone.locator("#accept").click()
    newcomer.refresh_from_db()
    assert newcomer.account is not None and newcomer.account.get_username() == "nieuwlid"
    phone.goto("/me/")
    card = phone.locator(f"#evening-{evening.pk}")
    with phone.expect_navigation():
        card.locator("button[name=answer][value=yes]").click()
    assert phone.locator(".messages").inner_text().strip() == "Genoteerd: je komt."
    fits(phone)

    # the others answer too: one sends an apology in time, the rest come
    signups.answer(evening=evening, player=apologiser, coming=False)
    for player in others:
        signups.answer(evening=evening, player=player, coming=True)
    assert list(CallOff.objects.filter(evening=evening).values_list("player_id", flat=True)) == [apologiser.pk]

    # the evening has come: the organiser's attendance starts from the sign-ups
    Evening.objects.filter(pk=evening.pk).update(date=timezone.localdate())
    desk.goto(reverse("staff:attendance", args=[competition.slug, evening.number]))
    assert desk.locator(f"#present-{newcomer.pk}").is_checked()
    assert not desk.locator(f"#present-{apologiser.pk}").is_checked()
    assert desk.locator(f"input[name=called_off][value='{apologiser.pk}']").is_checked(), "afgemeld"
    with desk.expect_navigation():
        desk.locator("#attendance p.sticky button[type=submit]").click()
    assert set(Attendance.objects.filter(evening=evening).values_list("player_id", flat=True)) == {
        newcomer.pk,
        *(p.pk for p in others),
    }

    # the mail server is down while the organiser draws and publishes
    server.stop()
    with desk.expect_navigation():
        desk.locator(f"form[action$='/evenings/{evening.number}/rounds/new/'] button[type=submit]").click()
    with desk.expect_navigation():
        desk.locator("form[action$='/publish/'] button[type=submit]").click()
    round = Round.objects.get(evening=evening)
    assert round.status == Round.Status.PUBLISHED
    send_now()
    assert server.inbox.messages == []
    state = outbox.status()
    assert state.waiting == 9 and state.reason, "8 draw mails and the invitation wait, with the reason"
    desk.goto("/manage/")
    assert "9 mails wachten op verzending." in desk.locator("main").inner_text()

    # it comes back: every mail arrives, once
    server.start()
    time_passes()
    send_now()
    address = newcomer.account.email
    assert address == "nieuw.lid@example.nl"
    received = server.inbox.messages
    assert Counter(m["To"] for m in received) == Counter(
        [address, address, *(f"lid{p.pk}@example.nl" for p in others)]
    ), "the invitation and the draw to the newcomer, the draw to each of the others"
    seat = MatchSeat.objects.select_related("match").get(match__round=round, player=newcomer)
    draw = [m for m in received if m["To"] == address and "tafel" in m["Subject"]]
    assert len(draw) == 1 and draw[0]["Subject"] == f"Avond 1 · ronde 1: u zit aan tafel {seat.match.table}"
    assert f"Tafel {seat.match.table}, plaats " in draw[0].get_body(("plain",)).get_content()

    # the member sees the table on the phone, the evening is played, the result mail arrives
    phone.goto("/me/")
    assert f"tafel {seat.match.table}, plaats" in phone.locator(".me-tonight").inner_text()
    fits(phone)
    play_and_confirm(round, scorer=UserFactory(scorer_of=club), confirmer=organiser)
    before = len(server.inbox.messages)
    send_now()
    results = server.inbox.messages[before:]
    assert sorted(m["To"] for m in results) == sorted([address, *(f"lid{p.pk}@example.nl" for p in others)])
    mine = next(m for m in results if m["To"] == address)
    assert mine["Subject"].startswith(f"Avond 1 van {competition.name}: u bent ")

    # the next evening's reminder; the member turns reminders off with its one-click link, no login
    second = services.create_evening(competition=competition, date=timezone.localdate() + datetime.timedelta(days=2))
    before = len(server.inbox.messages)
    send_now()
    reminders = server.inbox.messages[before:]
    reminder = next(m for m in reminders if m["To"] == address)
    assert f"Avond {second.number} " in reminder["Subject"]
    assert reminder["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    unsubscribe = str(reminder["List-Unsubscribe"]).strip().strip("<>")
    assert unsubscribe.startswith(live_server.url + "/me/unsubscribe/")
    stranger = new_page(**PHONE)  # a fresh context: nobody logged in
    stranger.goto(unsubscribe)
    fits(stranger)
    with stranger.expect_navigation():
        stranger.locator("main form button[type=submit]").click()
    assert stranger.locator("header a[href^='/accounts/login/']").count() == 1, "no login needed"
    assert MemberSettings.objects.get(player=newcomer).reminder_mail is False
    assert MemberSettings.objects.get(player=newcomer).draw_mail is True, "only reminders"

    # the evening after: the others get a reminder, the member none
    third = services.create_evening(competition=competition, date=timezone.localdate() + datetime.timedelta(days=3))
    before = len(server.inbox.messages)
    send_now()
    later = server.inbox.messages[before:]
    assert later, "the others are reminded"
    assert address not in {m["To"] for m in later}
    assert all(f"Avond {third.number} " in m["Subject"] for m in later)

    # nothing arrived twice, nothing waits
    ids = server.inbox.message_ids()
    assert len(ids) == len(set(ids))
    assert Counter((m["To"], m["Subject"]) for m in server.inbox.messages).most_common(1)[0][1] == 1
    assert outbox.status().waiting == 0
    assert get_user_model().objects.filter(username="nieuwlid").count() == 1
    assert phone.js_errors == [] and desk.js_errors == []
