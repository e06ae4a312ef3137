"""The organiser cancels a planned evening on a phone (390 px): the attendance page's "Avond afgelasten"
asks first with a reason, the evening is cancelled and can be put back on; a member then picks initials
for their name on their own page. axe-core finds nothing on the pages."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from clubs.models import Player
from competitions.models import Evening, SignUp
from tests.browser.axe import violations
from tests.factories import club_evening
from tests.members.helpers import outbox_mails

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def log_in(page, user, password):
    user.set_password(password)
    user.save()
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(user.get_username())
    page.locator("#id_password").fill(password)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()


def test_the_organiser_cancels_on_a_phone_and_a_member_chooses_initials(new_page, settings):
    settings.EMAIL_BACKEND = "core.outbox.OutboxBackend"
    in_three_days = timezone.localdate() + datetime.timedelta(days=3)
    _club, competition, members, evening, organiser = club_evening(date=in_three_days)
    SignUp.objects.create(evening=evening, player=members[0], coming=True, answered_at=timezone.now())
    page = new_page(**PHONE)
    log_in(page, organiser, "wl-wachtwoord-9")
    page.goto(f"/manage/competitions/{competition.slug}/evenings/{evening.number}/attendance/")
    with page.expect_navigation():
        page.locator("#cancel-evening").click()
    assert "1 lid heeft zich aangemeld" in page.locator("#cancel-question").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert violations(page) == []
    page.locator("#id_reason").fill("De zaal is gesloten")
    with page.expect_navigation():
        page.locator("#confirm-cancel").click()
    assert "Avond 1 is afgelast" in page.locator("#evening-cancelled").inner_text()
    assert violations(page) == []
    assert Evening.objects.get(pk=evening.pk).cancelled
    assert [m["to"] for m in outbox_mails()] == [[members[0].account.email]]
    with page.expect_navigation():
        page.locator("#uncancel-evening").click()
    assert not Evening.objects.get(pk=evening.pk).cancelled

    member = new_page(**PHONE)
    log_in(member, members[1].account, "lid-wachtwoord-9")
    member.goto("/me/")
    member.locator(f"input[name='n{members[1].pk}-name_shown'][value='initials']").check()
    with member.expect_navigation():
        member.locator(f"#name-{members[1].pk} ~ form button[type=submit]").click()
    assert Player.objects.get(pk=members[1].pk).name_shown == "initials"
    assert member.evaluate("document.documentElement.scrollWidth") <= 390
    assert violations(member) == []
