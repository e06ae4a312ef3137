"""The phone sheet and the keyboard entry page have no traps left (issue 27 item 9): the other side's
points always follow the side just typed (also after a send-back, when both boxes came from the
server); 170 never leaves a stale number behind; 162 (or 0) typed makes the pit the default, shown and
changeable."""

from __future__ import annotations

import pytest

from competitions.models import Match
from tests.browser.helpers import scorer_opens_entry_page
from tests.browser.test_table_phones import open_phone, tables, wait_for_deal  # noqa: F401 (fixture)
from tests.factories import ClubFactory, seated_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def pit_chip(page, number: int, key: str):
    return page.locator(f"input[name='deal-{number}-pit'][value='{key}']")


def test_the_phone_other_side_follows_and_162_makes_the_pit_the_default(tables, new_context):  # noqa: F811
    match = tables[0]
    page = open_phone(new_context, match)
    points_a, points_b = page.locator("#deal-1-points_a"), page.locator("#deal-1-points_b")
    points_a.tap()
    page.keyboard.type("17")
    assert points_b.input_value() == "145"
    page.keyboard.type("0")  # 170: more than a deal has; no stale 145 stays behind
    assert points_b.input_value() == ""
    page.keyboard.press("Backspace")
    assert points_b.input_value() == "145"
    # 162 typed: the pit is ticked for wij, shown; a tap takes it off, and it stays off.
    points_a.fill("")
    points_a.type("162")
    assert points_b.input_value() == "0"
    assert pit_chip(page, 1, "w").is_checked()
    page.locator("#deal-1 label.chip:has(input[name='deal-1-pit'][value='w'])").tap()
    assert not pit_chip(page, 1, "w").is_checked()
    # 0 typed for wij: the pit is zij's; typed away from 162–0 it goes again.
    points_a.fill("")
    points_a.type("0")
    assert points_b.input_value() == "162"
    assert pit_chip(page, 1, "z").is_checked() and not pit_chip(page, 1, "w").is_checked()
    page.locator("#deal-1 label.chip:has(input[name='deal-1-bidder'][value='w'])").tap()
    wait_for_deal(page, 1)
    assert page.locator("#deal-1").get_attribute("data-mark") == "TP"
    assert page.locator("#deal-1 output[data-score-side='1']").inner_text() == "262"
    points_a.fill("")
    points_a.type("10")
    assert points_b.input_value() == "152"
    assert not pit_chip(page, 1, "z").is_checked()
    assert page.js_errors == []


def test_after_a_save_correcting_one_side_updates_the_other(tables, new_context):  # noqa: F811
    match = tables[0]
    page = open_phone(new_context, match)
    page.locator("#side-0").check(force=True)
    page.locator("#deal-1 label.chip:has(input[name='deal-1-bidder'][value='w'])").tap()
    page.locator("#deal-1-points_a").fill("97")
    page.locator("#save").tap()
    page.wait_for_function("document.getElementById('save-state').dataset.state === 'saved'")
    page.wait_for_load_state()
    page.wait_for_selector("body.table-ready")
    match.refresh_from_db()
    assert match.deals_played == 1 and match.status != Match.Status.CONFIRMED
    # Both boxes now come from the server: correcting wij's 97 to 96 makes zij's 65 a 66.
    assert page.locator("#deal-1-points_b").input_value() == "65"
    page.locator("#deal-1-points_a").fill("96")
    assert page.locator("#deal-1-points_b").input_value() == "66"
    page.locator("#deal-1-points_b").fill("60")
    assert page.locator("#deal-1-points_a").input_value() == "102"
    assert page.js_errors == []


@pytest.fixture
def entry(new_page):
    club = ClubFactory(slug="valkuil")
    match = seated_match(club=club)
    page = scorer_opens_entry_page(new_page, club, match, height=800)
    return page


def test_the_entry_page_makes_the_pit_the_default_for_162(entry):
    page = entry
    pit = page.locator("#deal-1-pit")
    page.keyboard.type("w")
    page.keyboard.type("162")
    assert page.locator("#deal-1-points_b").input_value() == "0"
    assert pit.input_value() == "w" and pit.get_attribute("data-default") == "1"
    page.keyboard.press("Backspace")  # 16: no pit any more
    assert pit.input_value() == ""
    page.keyboard.type("2")
    assert pit.input_value() == "w"
    pit.fill("")  # the scorer says: no pit after all; it stays so
    pit.dispatch_event("input")
    page.locator("#deal-1-roem_a").fill("20")
    page.locator("#deal-1-roem_a").dispatch_event("input")
    assert pit.input_value() == ""
    page.locator("#deal-1-points_a").fill("0")
    page.locator("#deal-1-points_a").dispatch_event("input")
    assert pit.input_value() == "z"
    assert page.js_errors == []


def test_a_partial_save_keeps_the_phone_where_it_was(tables, new_context):  # noqa: F811
    match = tables[0]
    page = open_phone(new_context, match)
    page.locator("#side-1").check(force=True)  # zij types
    for number, points in ((1, "97"), (2, "80"), (3, "120")):
        page.locator(f"#deal-{number} label.chip:has(input[name='deal-{number}-bidder'][value='w'])").tap()
        page.locator(f"#deal-{number}-points_a").fill(points)
    page.locator("#save").tap()
    page.wait_for_selector("#table-page[data-resumed-at]")
    match.refresh_from_db()
    assert match.deals_played == 3
    assert page.locator("#table-page").get_attribute("data-resumed-at") == "4"
    assert page.locator("#side-1").is_checked(), "who is typing is still chosen"
    top = page.evaluate("document.getElementById('deal-4').getBoundingClientRect().top")
    assert 0 <= top < 844, "deal 4 is on screen, not deal 1"
    assert page.evaluate("window.scrollY") > 0
    assert page.js_errors == []


def test_an_ordinary_deal_takes_three_taps_and_digits_and_no_scrolling(tables, new_context):  # noqa: F811
    """Counted at 390 px: wij bid (1 tap), wij took 120 (3 digits): zij's 42 fills itself in, roem
    stays 0, and the next deal is at the top of the screen with the cursor in its points. Two digits
    (97) could still grow (970 is refused at its deal, issue 33 item 1): the keyboard's Enter moves on."""
    match = tables[0]
    page = open_phone(new_context, match)
    page.locator("#side-0").check(force=True)
    actions = []
    for number, points in ((1, "97"), (2, "120"), (3, "40")):
        page.locator(f"#deal-{number} label.chip:has(input[name='deal-{number}-bidder'][value='w'])").tap()
        actions.append(1)
        assert page.evaluate("document.activeElement.id") == f"deal-{number}-points_a", "the bid moves to the points"
        page.keyboard.type(points)
        actions[-1] += len(points)
        assert page.locator(f"#deal-{number}-points_b").input_value() == str(162 - int(points))
        if len(points) < 3:
            assert page.evaluate("document.activeElement.id") == f"deal-{number}-points_a", "97 waits"
            page.keyboard.press("Enter")
            actions[-1] += 1
        assert page.evaluate("document.activeElement.id") == f"deal-{number + 1}-points_a"
        top = page.evaluate(f"document.getElementById('deal-{number + 1}').getBoundingClientRect()")
        assert 0 <= top["top"] and top["bottom"] <= 844, "the whole next deal is on screen"
    wait_for_deal(page, 3)
    assert actions == [4, 4, 4]  # taps, digits and Enter per deal
    assert [int(page.locator(f"output[data-total-side='{i}']").inner_text()) for i in (0, 1)] == [
        217,
        269,
    ]  # deal 3: wij bid and took 40, nat: 0–162
    # 12 is not the end of a number (120, 125 ... may follow): the page waits.
    page.locator("#deal-4 label.chip:has(input[name='deal-4-bidder'][value='z'])").tap()
    page.keyboard.type("12")  # zij played: the cursor went to zij's points (issue 33 item 4)
    assert page.evaluate("document.activeElement.id") == "deal-4-points_b"
    assert page.js_errors == []


def test_typing_170_never_changes_two_deals(tables, new_context):  # noqa: F811
    """Issue 33 item 1: "speelt", 1-7-0 typed. 17 could still grow, so the page waits in deal 1; the 0
    lands in deal 1 too and 170 is refused there at once ("170 is meer dan 162"); deal 2 stays empty,
    without a pit. Backspace makes it 17 again; the third digit of 100-162 moves on by itself."""
    match = tables[0]
    page = open_phone(new_context, match)
    page.locator("#side-0").check(force=True)
    page.locator("#deal-1 label.chip:has(input[name='deal-1-bidder'][value='w'])").tap()
    page.keyboard.type("17")
    assert page.evaluate("document.activeElement.id") == "deal-1-points_a", "17 could become 170: it waits"
    page.keyboard.type("0")
    assert page.locator("#deal-1-points_a").input_value() == "170"
    assert page.locator("#deal-2-points_a").input_value() == "" and page.locator("#deal-2-points_b").input_value() == ""
    assert not page.locator("#deal-2 input[data-field='pit']:checked").count()
    refusal = page.locator("ul[data-errors-for='1']")
    assert refusal.is_visible(), "refused at the deal while it is typed"
    assert "170" in refusal.inner_text() and "162" in refusal.inner_text()
    assert page.locator("#deal-1").get_attribute("data-state") == "error"
    # the server's answer (its Dutch message) keeps it on screen
    page.wait_for_function("Number(document.getElementById('table-sheet').dataset.updates || 0) > 0")
    assert refusal.is_visible() and "170" in refusal.inner_text() and "162" in refusal.inner_text()
    page.keyboard.press("Backspace")
    assert page.locator("#deal-1-points_b").input_value() == "145"
    assert page.evaluate("document.activeElement.id") == "deal-1-points_a"
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.type("152")  # three digits: nothing can follow, on to deal 2
    assert page.evaluate("document.activeElement.id") == "deal-2-points_a"
    wait_for_deal(page, 1)
    assert page.locator("#deal-2-points_a").input_value() == ""
    assert page.js_errors == []


def test_who_types_the_bidders_points_the_tally_picker_and_reloads(tables, new_context):  # noqa: F811
    """Issue 33 item 4: "Wie vult in?" is remembered for the sheet; after "zij speelt" the cursor is in
    zij's points; Enter moves on and never sends the sheet; roem takes | V O from a picker that says
    what they are worth; after a reload the open deal is on screen; reloaded offline, the sheet shows
    (the service worker's copy), with what was typed."""
    match = tables[0]
    context = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda error: page.js_errors.append(str(error)))
    page.goto(f"/t/{match.table_code}/")
    page.wait_for_selector("body.table-ready")
    page.locator("#side-1").check(force=True)
    page.locator("#deal-1 label.chip:has(input[name='deal-1-bidder'][value='z'])").tap()
    assert page.evaluate("document.activeElement.id") == "deal-1-points_b"
    page.keyboard.type("120")  # zij's 120: wij's 42, on to deal 2
    assert page.locator("#deal-1-points_a").input_value() == "42"
    assert page.evaluate("document.activeElement.id") == "deal-2-points_a"
    page.locator("#deal-2 label.chip:has(input[name='deal-2-bidder'][value='w'])").tap()
    page.keyboard.type("97")
    page.keyboard.press("Enter")  # moves on; nothing is sent
    assert page.evaluate("document.activeElement.id") == "deal-3-points_a"
    assert page.locator("#save-state").get_attribute("data-state") == "draft"
    assert match.deals.count() == 0
    # roem | V O from the picker; the legend says what they are worth
    assert "| = 20" in page.locator("#tally-legend").inner_text()
    page.locator("[data-tally-for='deal-2-roem_a'] [data-tally='V']").tap()
    page.locator("[data-tally-for='deal-2-roem_a'] [data-tally='|']").tap()
    assert page.locator("#deal-2-roem_a").input_value() == "V|"
    page.wait_for_function("document.querySelector('#deal-2 output[data-score-side=\\'0\\']').textContent === '167'")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.wait_for_selector("#table-page[data-offline-ready]")
    page.reload()
    page.wait_for_selector("body.table-ready")
    assert page.locator("#side-1").is_checked(), "who is typing is remembered"
    assert page.locator("#table-page").get_attribute("data-open-at") == "3"
    top = page.evaluate("document.getElementById('deal-3').getBoundingClientRect()")
    assert 0 <= top["top"] and top["bottom"] <= 844, "the open deal is on screen after a reload"
    page.wait_for_function(
        "caches.open('klaverjas-table-v1').then(c => c.match(location.pathname)).then(r => !!r)", polling=200
    )
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body.table-ready")
    assert page.locator("#table-sheet").count() == 1, "the sheet, not the browser's offline page"
    assert (
        page.locator("#deal-2-roem_a").input_value() == "V|" and page.locator("#deal-1-points_b").input_value() == "120"
    )
    context.set_offline(False)
    assert page.js_errors == []
