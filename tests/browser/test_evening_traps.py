"""Issue 33, "Done when": a club evening's table typed on a phone at 390 px through every trap of items
1-4, as a scorer meets them in one evening: zij bid and type 1-7-0 (refused at the deal, nothing
carried into the next), two digits wait for Enter (which never saves), "verz." plus who is a whole
deal without a bid or points, roem from the | V O picker, a reload keeps who types and shows the open deal, and
a clash lost to another phone keeps this phone's sheet across a reload until "Save mine over it"."""

from __future__ import annotations

import pytest

from scoring.phones import services as table_services
from tests.browser.test_table_phones import PHONE, tables  # noqa: F401 (fixture)
from tests.factories import simulated_sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap_chip(page, number: int, field: str, key: str) -> None:
    page.locator(f"#deal-{number} label.chip:has(input[name='deal-{number}-{field}'][value='{key}'])").tap()


def focused(page) -> str:
    return page.evaluate("document.activeElement.id")


def test_one_table_types_its_evening_through_every_trap(tables, new_context):  # noqa: F811
    match = tables[0]
    context = new_context(**PHONE)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda error: page.js_errors.append(str(error)))
    page.goto(f"/t/{match.table_code}/")
    page.wait_for_selector("body.table-ready")
    page.locator("#side-1").check(force=True)  # zij type the sheet

    # item 1 (and 4): "zij speelt", 1-7-0: the cursor is in zij's points, 170 is refused at deal 1
    tap_chip(page, 1, "bidder", "z")
    assert focused(page) == "deal-1-points_b"
    page.keyboard.type("170")
    assert page.locator("#deal-1-points_b").input_value() == "170" and focused(page) == "deal-1-points_b"
    assert page.locator("ul[data-errors-for='1']").is_visible()
    assert "170" in page.locator("ul[data-errors-for='1']").inner_text()
    assert page.locator("#deal-2-points_a").input_value() == "" and page.locator("#deal-2-points_b").input_value() == ""
    for _ in range(3):
        page.keyboard.press("Backspace")
    page.keyboard.type("102")  # three digits: on to deal 2 by itself
    assert page.locator("#deal-1-points_a").input_value() == "60" and focused(page) == "deal-2-points_a"

    # item 4: two digits wait; Enter moves on and saves nothing
    tap_chip(page, 2, "bidder", "w")
    page.keyboard.type("97")
    assert focused(page) == "deal-2-points_a"
    page.keyboard.press("Enter")
    assert focused(page) == "deal-3-points_a" and match.deals.count() == 0

    # item 2: "verz." and who verzaakt is a whole deal: no bid ("speelt") and no points made up; the
    # phone's own scoring and then the server's answer both take it
    tap_chip(page, 3, "verzaakt", "z")
    page.locator("#deal-3-verzaakt_seat").select_option("E")
    page.wait_for_function("document.getElementById('deal-3').dataset.state === 'ok'")
    assert page.locator("#deal-3 output[data-score-side='0']").inner_text() == "162"
    answers = int(page.locator("#table-sheet").get_attribute("data-updates") or 0)
    page.wait_for_function(f"Number(document.getElementById('table-sheet').dataset.updates || 0) > {answers}")
    assert page.locator("#deal-3").get_attribute("data-state") == "ok"
    assert page.locator("#deal-3").get_attribute("data-mark") == "V"
    assert not page.locator("ul[data-errors-for='3']").is_visible()

    # item 4: roem from the picker
    tap_chip(page, 4, "bidder", "w")
    page.keyboard.type("80")
    page.locator("[data-tally-for='deal-4-roem_a'] [data-tally='V']").tap()
    assert page.locator("#deal-4-roem_a").input_value() == "V"
    page.wait_for_function("document.querySelector('#deal-4 output[data-score-side=\"0\"]').textContent === '130'")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # item 4: a reload keeps who types and shows the open deal
    page.reload()
    page.wait_for_selector("body.table-ready")
    assert page.locator("#side-1").is_checked()
    assert page.locator("#table-page").get_attribute("data-open-at") == "5"
    box = page.evaluate("document.getElementById('deal-5').getBoundingClientRect()")
    assert 0 <= box["top"] and box["bottom"] <= 844

    # item 3: another phone saved the whole sheet meanwhile; this phone's save loses the clash
    table_services.save_table_sheet(match=match, side=0, deals=simulated_sheet(match), version=0, key="other-phone-9")
    page.locator("#save").tap()
    page.locator("#conflict").wait_for(state="visible")
    page.reload()
    page.wait_for_selector("body.table-ready")
    page.locator("#conflict").wait_for(state="visible")  # still this phone's sheet, until it chooses
    assert page.locator("#conflict-table tbody tr").first.get_attribute("data-differs") == "1"
    count = page.locator("#conflict-count").inner_text()
    assert "spellen verschillen" in count or "verschilt" in count
    with page.expect_navigation(url="**saved=1"):
        page.locator("#save-mine").tap()
    page.wait_for_selector("body.table-ready")
    match.refresh_from_db()
    assert match.deals_played == 4
    third = match.deals.get(number=3)
    assert (third.bidder, third.verzaakt, third.verzaakt_seat, third.score_a, third.score_b) == (None, 1, "E", 162, 0)
    assert match.deals.get(number=1).points_b == 102 and match.deals.get(number=4).roem_a == 50
    assert page.js_errors == []
