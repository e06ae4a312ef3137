"""A member on a phone (390 px): logs in, says "ik kom" for tonight's evening on /me/, and once the
organiser has drawn and published the round sees their table, seat, partner and opponents there; the
draw's mail waits in the outbox naming the table. axe-core finds nothing on the page."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from competitions import services
from competitions.models import Evening, MatchSeat, SignUp
from tests.browser.axe import violations
from tests.factories import club_evening
from tests.members.helpers import outbox_mails

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_member_signs_up_on_a_phone_and_sees_tonights_table(new_page, settings):
    settings.EMAIL_BACKEND = "core.outbox.OutboxBackend"
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    _club, competition, members, evening, _organiser = club_evening(date=tomorrow)  # signs up the day before
    member = members[0]
    member.account.set_password("lid-wachtwoord-9")
    member.account.save()
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto("/accounts/login/?next=/me/")
    page.locator("#id_username").fill(member.account.get_username())
    page.locator("#id_password").fill("lid-wachtwoord-9")
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()
    assert page.url.endswith("/me/")
    card = page.locator(f"#evening-{evening.pk}")
    with page.expect_navigation():
        card.locator("button[name=answer][value=yes]").click()
    assert page.locator(".messages").inner_text().strip() == "Genoteerd: je komt."
    assert card.locator("button[value=yes]").get_attribute("aria-pressed") == "true"
    assert SignUp.objects.get(evening=evening, player=member).coming
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    assert violations(page) == []

    Evening.objects.filter(pk=evening.pk).update(date=timezone.localdate())  # the evening has come
    services.register_attendance(evening=evening, players=members)
    round = services.draw_next_round(evening=evening, seed=5)
    services.publish_round(round=round)
    seat = MatchSeat.objects.select_related("match").get(match__round=round, player=member)
    page.reload()
    tonight = page.locator(".me-tonight")
    assert tonight.locator(f".me-table[data-table='{seat.match.table}']").count() == 1
    assert f"tafel {seat.match.table}, plaats" in tonight.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert violations(page) == []
    mails = outbox_mails()
    mine = [m for m in mails if m["to"] == [member.account.email]]
    assert len(mine) == 1 and f"tafel {seat.match.table}" in mine[0]["subject"]
    assert get_user_model().objects.filter(pk=member.account.pk).exists()
