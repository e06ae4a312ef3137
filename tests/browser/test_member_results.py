"""A member on a phone (390 px) follows tonight's score: logs in, takes the header's "Mijn pagina" link,
sees their table's running score, which moves on by itself when the next deals are saved; then opens
their score card of the evening. Nothing wider than the phone, and axe-core finds nothing on either
page."""

from __future__ import annotations

import pytest

from competitions.models import MatchSeat
from members.me import views as me_views
from scoring import services as scoring
from tests.browser.axe import violations
from tests.factories import club_evening, publish_next_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEALS = [
    {"bidder": 0, "points": [100, 62], "roem": [20, 0]},
    {"bidder": 1, "points": [90, 72], "roem": [0, 0]},
    {"bidder": 0, "points": [81, 81], "roem": [0, 50]},
]


def test_a_member_follows_tonights_score_on_a_phone_and_opens_their_score_card(new_page, monkeypatch):
    monkeypatch.setattr(me_views, "POLL_MS", 400)  # the page polls every 15 s; the test does not wait that long
    _club, _competition, members, evening, organiser = club_evening()
    member = members[0]
    member.account.set_password("lid-wachtwoord-9")
    member.account.save()
    round = publish_next_round(evening)
    seat = MatchSeat.objects.select_related("match").get(match__round=round, player=member)
    match = scoring.save_deals(match=seat.match, user=organiser, deals=DEALS[:2], version=seat.match.version)

    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto("/accounts/login/?next=/")
    page.locator("#id_username").fill(member.account.get_username())
    page.locator("#id_password").fill("lid-wachtwoord-9")
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()
    with page.expect_navigation():
        page.locator("header a.nav-me").click()
    assert page.url.endswith("/me/")
    score = page.locator(f".me-score[data-match='{match.pk}']")
    assert "na 2 van 16 spellen" in score.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert violations(page) == []

    scoring.save_deals(match=match, user=organiser, deals=DEALS, version=match.version)
    page.wait_for_function(
        "document.querySelector('.me-score') && document.querySelector('.me-score').textContent.includes('na 3 van 16')"
    )
    mine = next(s.total for s in seat.match.match_sides.all() if s.side == seat.side)
    assert page.locator(".me-points").inner_text().strip() == str(mine)
    assert page.js_errors == []

    page.goto(f"/me/cards/{member.pk}/{evening.pk}/")
    assert page.locator(".card-deals tbody tr[data-deal]").count() == 3
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the deals scroll inside their box"
    assert violations(page) == []
