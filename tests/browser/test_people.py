"""A club staffs itself in the browser: the organiser invites a scorer from the people page, the
scorer opens the link in a fresh browser, makes an account and opens the entry page of a match of
the club; and an API token made on /account/tokens/ is used against the API."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.browser.axe import violations
from tests.browser.helpers import log_in
from tests.factories import ClubFactory, UserFactory, seated_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
STRONG = "klaver-Vrouw-77"


def test_an_organiser_invites_a_scorer_who_enters_a_sheet(new_page):
    club = ClubFactory(slug="vallen")
    match = seated_match(club=club)
    organiser = UserFactory(username="anna", organiser_of=club)
    organiser.set_password(STRONG)
    organiser.save()

    page = new_page()
    page.goto("/")
    log_in(page, "anna", STRONG)
    page.goto("/manage/")
    with page.expect_navigation():
        page.locator(f"a.people-link[href='/manage/clubs/{club.slug}/people/']").click()
    page.locator("#id_role").select_option("scorer")
    with page.expect_navigation():
        page.locator("#invite").click()
    link = page.locator("#invitation-link").input_value()
    assert "/invite/" in link
    assert page.locator("#new-invitation svg.qr").count() == 1
    assert violations(page) == []

    scorer = new_page()  # a fresh context: nobody logged in
    scorer.goto(link)
    assert violations(scorer) == []
    scorer.locator("#id_username").fill("teller")
    scorer.locator("#id_password1").fill(STRONG)
    scorer.locator("#id_password2").fill(STRONG)
    with scorer.expect_navigation():
        scorer.locator("#accept").click()
    assert scorer.locator("header .user").inner_text().strip() == "teller"
    scorer.goto(f"/matches/{match.pk}/enter/")
    scorer.wait_for_selector("body.live-ready")
    assert scorer.locator("#deal-1-bidder").count() == 1
    assert scorer.js_errors == [] and page.js_errors == []

    # the organiser sees the new scorer, and the link no longer works
    page.goto(f"/manage/clubs/{club.slug}/people/")
    assert "teller" in page.locator("#people").inner_text()
    gone = new_page()
    response = gone.goto(link)
    assert response.status == 410
    assert gone.locator("#gone-reason").count() == 1 and violations(gone) == []


def test_a_token_made_on_the_page_enters_a_sheet_through_the_api(new_page, live_server):
    club = ClubFactory(slug="tokens")
    match = seated_match(club=club)
    scorer = UserFactory(username="sam", scorer_of=club)
    scorer.set_password(STRONG)
    scorer.save()
    page = new_page()
    page.goto("/")
    log_in(page, "sam", STRONG)
    with page.expect_navigation():
        page.locator("header a.user").click()
    assert violations(page) == []
    with page.expect_navigation():
        page.locator("#tokens-link").click()
    page.locator("#id_name").fill("scorebord")
    with page.expect_navigation():
        page.locator("#make-token").click()
    key = page.locator("#new-token").inner_text().strip()
    assert key.startswith("kj_")
    assert violations(page) == []
    page.goto("/account/tokens/")  # the list again: the key is not shown a second time
    assert page.locator("#new-token").count() == 0 and key not in page.content()

    deals = [{"bidder": 0, "points": [100, 62], "roem": [0, 0], "pit": None, "verzaakt": None}]
    request = urllib.request.Request(
        f"{live_server.url}/api/matches/{match.pk}/deals",
        data=json.dumps({"version": 0, "deals": deals}).encode(),
        method="PUT",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=15) as answer:
        body = json.load(answer)
    assert answer.status == 200
    assert body["deals"][0]["points"] == [100, 62] and body["totals"] == [100, 62]
    assert page.js_errors == []
