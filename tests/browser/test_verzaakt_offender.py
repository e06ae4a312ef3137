"""Naming the player who verzaakt (issue 26 item 9), in the browser: on the keyboard sheet the select
appears once the verzaakt box names a side, offers only that side's two players, is reached with Tab
and chosen with the keyboard; on the phone it appears under the deal once "verz." is tapped, and the check page names the player. Both
saves store the seat (and its count), which is what the standings charge."""

from __future__ import annotations

import pytest

from competitions.models import MatchSeat
from scoring.models import Deal
from tests.browser.helpers import scorer_opens_entry_page
from tests.browser.test_table_phones import tap
from tests.factories import ClubFactory, seated_match
from tests.scoring.phones.test_table_link import publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def offered(page, number: int) -> list[str]:
    return page.evaluate(
        "n => Array.from(document.getElementById('deal-' + n + '-verzaakt_seat').options)"
        ".filter(o => !o.disabled).map(o => o.value)",
        number,
    )


def test_the_keyboard_sheet_offers_the_verzaakt_sides_players(new_page):
    club = ClubFactory(slug="verz-toets")
    match = seated_match(club=club, deals_per_match=2)
    page = scorer_opens_entry_page(new_page, club, match)
    select = page.locator("#deal-1-verzaakt_seat")
    assert select.is_hidden()  # no side verzaakt: nobody to name
    page.keyboard.type("w")  # the bidder; the cursor moves to the points
    page.keyboard.type("100")
    page.locator("#deal-1-verzaakt").focus()
    page.keyboard.type("z")  # zij verzaakt: E and W are offered
    assert select.is_visible() and offered(page, 1) == ["", "E", "W"]
    page.keyboard.press("Backspace")
    page.keyboard.type("w")  # wij after all: N and S
    assert offered(page, 1) == ["", "N", "S"]
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "deal-1-verzaakt_seat"
    select.select_option("S")  # as the keyboard chooses it (arrow keys open no list in headless chromium)
    page.locator("#deal-2-bidder").fill("z")
    page.locator("#deal-2-points_a").fill("70")
    page.locator("#deal-2-points_b").fill("92")
    with page.expect_navigation():
        page.keyboard.press("Control+Enter")
    assert Deal.objects.get(match=match, number=1).verzaakt_seat == "S"
    assert MatchSeat.objects.get(match=match, seat="S").verzaakt == 1
    assert page.js_errors == []


def test_the_phone_names_the_player_who_verzaakt(new_context):
    match = publish(seated_match(club=ClubFactory(slug="verz-tel"), deals_per_match=1))
    page = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    page.goto(f"/t/{match.table_code}/")
    page.wait_for_selector("body.table-ready")
    label = page.locator("#deal-1 .t-offender")
    assert label.is_hidden()
    page.locator("label:has(#side-0)").tap()
    tap(page, 1, "bidder", "w")
    page.locator("#deal-1-points_a").fill("100")
    tap(page, 1, "verzaakt", "z")
    assert label.is_visible() and offered(page, 1) == ["", "E", "W"]
    page.locator("#deal-1-verzaakt_seat").select_option("W")
    page.locator("#save").click()
    page.wait_for_selector("#table-page[data-state='check']")
    assert Deal.objects.get(match=match, number=1).verzaakt_seat == "W"
    assert MatchSeat.objects.get(match=match, seat="W").verzaakt == 1
    # the check the opponents do: beside the V mark, who verzaakt (W is "W" in Dutch too)
    offender = page.locator("#summary tr[data-deal='1'] .offender")
    assert offender.is_visible() and offender.inner_text() == "W (Speler3 W)"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.js_errors == []
