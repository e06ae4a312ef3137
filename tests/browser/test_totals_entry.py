"""Totals-only entry on a phone without JavaScript: the form fits 390 px, a refused save keeps what was
typed and names the field, a good save lands on the match page with the totals and "—" for what the
club does not keep."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs.models import StaffRole
from competitions.models import Match, Round
from tests.factories import ClubFactory, seated_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
FITS = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def setup():
    club = ClubFactory(slug="totaalclub")
    match = seated_match(club=club, entry_mode="totals")
    Round.objects.filter(pk=match.round_id).update(status=Round.Status.PUBLISHED)
    user = get_user_model().objects.create_user("teller", password="geheim-wachtwoord")
    StaffRole.objects.create(user=user, club=club, role=StaffRole.Role.SCORER)
    return match, user


def test_totals_on_a_phone_without_javascript(new_page, setup):
    match, user = setup
    page = new_page(viewport=PHONE, java_script_enabled=False)
    page.goto(reverse("login"))
    page.locator("#id_username").fill(user.username)
    page.locator("#id_password").fill("geheim-wachtwoord")
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()

    page.goto(reverse("scoring:enter", args=[match.pk]))
    assert page.locator("#totals-entry tr.totals-side").count() == 2
    assert page.evaluate(FITS), page.evaluate("document.documentElement.scrollWidth")
    for name in ("total-0", "total-1", "roem-0", "roem-1", "nat-0", "pits-1"):
        box = page.locator(f"input[name='{name}']").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["width"] >= 40, name

    # a refused save: 400, the message at the field, what was typed kept, nothing saved
    page.locator("input[name='total-0']").fill("1900")
    page.locator("input[name='total-1']").fill("1100")
    page.locator("input[name='roem-0']").fill("120")
    with page.expect_navigation() as navigation:
        page.locator("#save").click()
    assert navigation.value.status == 400
    assert page.locator("tr.side-errors li[data-field='roem']").count() == 1
    assert page.locator("input[name='roem-0']").input_value() == "120"
    assert page.evaluate(FITS)
    match.refresh_from_db()
    assert match.status == Match.Status.OPEN

    page.locator("input[name='roem-1']").fill("40")
    with page.expect_navigation():
        page.locator("#save").click()
    assert page.url.endswith(reverse("scoring:match", args=[match.pk]))
    assert page.locator("#totals-only").count() == 1
    assert page.locator("[data-total-side='0']").inner_text().strip() == "1900"
    nat = page.locator("#stats tr[data-side-label='wij'] td").nth(4).inner_text().strip()
    assert nat == "—"
    assert page.evaluate(FITS)
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED
