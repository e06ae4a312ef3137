"""The entry page has no traps (desktop): the cursor starts at deal 1; the derived side always follows
the typed side; after a refused save the cursor is at the first error; the save bar never covers the
row being typed; leaving with unsaved changes asks first."""

from __future__ import annotations

import pytest

from tests.browser.helpers import scorer_opens_entry_page
from tests.factories import ClubFactory, seated_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def sheet(new_page):
    club = ClubFactory(slug="vallen")
    match = seated_match(club=club)
    page = scorer_opens_entry_page(new_page, club, match, height=600)
    return page, match


def active(page) -> str:
    return page.evaluate("document.activeElement.id")


def test_the_cursor_starts_at_deal_one_and_the_other_side_follows(sheet):
    page, _match = sheet
    assert active(page) == "deal-1-bidder"
    page.keyboard.type("w")
    assert active(page) == "deal-1-points_a"
    points_b = page.locator("#deal-1-points_b")
    page.keyboard.type("17")
    assert points_b.input_value() == "145"
    page.keyboard.type("0")  # 170: more than a deal has; no stale 145 stays behind
    assert points_b.input_value() == ""
    page.keyboard.press("Backspace")
    assert points_b.input_value() == "145"
    assert page.js_errors == []


def test_after_a_refused_save_the_cursor_is_at_the_first_error(sheet):
    page, _match = sheet
    for n in range(1, 5):
        page.locator(f"#deal-{n}-bidder").fill("w")
        page.locator(f"#deal-{n}-points_a").fill("100")
    page.locator("#deal-3-roem_a").fill("30")  # no roem adds up to 30
    page.locator("#deal-3-points_b").fill("62")
    with page.expect_navigation():
        page.keyboard.press("Control+Enter")
    page.wait_for_selector("body.live-ready")
    assert page.locator("#error-summary").count() == 1
    assert active(page).startswith("deal-3-")
    message = page.locator("#deal-3-errors li").first.inner_text()
    assert "wij" in message and "(A)" not in message


def test_the_save_bar_never_covers_the_row_being_typed(sheet):
    page, _match = sheet
    covered = []
    for n in range(1, 17):
        focused = page.locator(f"#deal-{n}-bidder")
        focused.focus()
        page.wait_for_timeout(30)
        row = page.locator(f"#deal-{n}").bounding_box()
        bar = page.locator(".sheet-actions").bounding_box()
        if row["y"] + row["height"] > bar["y"] + 1:
            covered.append(n)
        page.keyboard.type("w")
        page.keyboard.type("90")
        page.keyboard.press("Enter")
    assert covered == []


def test_leaving_with_unsaved_changes_asks_first(sheet):
    page, _match = sheet
    page.locator("#deal-1-bidder").click()
    page.keyboard.type("w")
    page.keyboard.type("100")
    dialogs = []

    def answer(dialog):
        dialogs.append(dialog.type)
        dialog.dismiss()

    page.on("dialog", answer)
    page.locator("#back").click()
    page.wait_for_timeout(500)
    assert dialogs == ["beforeunload"]
    assert "/enter/" in page.url
