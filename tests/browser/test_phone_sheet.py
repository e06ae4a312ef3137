"""The phone sheet as quick as the paper one (issue 27 item 8), at 390 × 844: the deal being typed is
the only form on screen, the deals typed so far are compact rows above it (tap one to correct it),
the deals not reached yet are not there; an ordinary deal is still at most five taps and digits and
never scrolls; offline, the phone scores the deals itself (totals and marks)."""

from __future__ import annotations

import pytest

from tests.browser.test_table_phones import open_phone, tables, type_deal, wait_for_deal  # noqa: F401 (fixture)
from tests.browser.typed_sheet import SHEET, expected_rows

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEIGHT = 844
BAR = "document.getElementById('bar').getBoundingClientRect().top"


def box(page, selector: str) -> dict:
    return page.evaluate(f"document.querySelector({selector!r}).getBoundingClientRect().toJSON()")


def page_height(page) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


def shown_forms(page) -> list[str]:
    """The deals whose form (points boxes) is on the page, not folded into a row or left out."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('.t-deal')).filter((card) => {
            const box = card.querySelector('input[data-field="points"]');
            return box && box.getClientRects().length > 0;
        }).map((card) => card.dataset.deal)"""
    )


def test_the_deal_being_typed_is_the_only_form_and_fits_the_screen(tables, new_context):  # noqa: F811
    from competitions.base.rulesets import ruleset_for

    match = tables[0]
    expected = expected_rows(ruleset_for(match.round.competition))
    page = open_phone(new_context, match)
    page.locator("#side-0").check(force=True)
    assert shown_forms(page) == ["1"], "deal 1 only: the deals not reached yet are no empty forms"
    actions = []
    for number in range(1, 5):
        deal = SHEET[number - 1]
        page.locator(f"#deal-{number} label.chip:has(input[name='deal-{number}-bidder'][value='{deal.bidder}'])").tap()
        actions.append(1)
        assert shown_forms(page) == [str(number)], "the deal being typed is the only form"
        card = box(page, f"#deal-{number}")
        assert 0 <= card["top"] and card["bottom"] <= page.evaluate(BAR), "the whole deal is on screen"
        assert page.evaluate("document.activeElement.id") == f"deal-{number}-points_a"
        page.keyboard.type(str(deal.points_a))
        actions[-1] += len(str(deal.points_a))
        if deal.roem_a:  # roem of the deal just typed: its boxes are still there, one tap away
            page.locator(f"#deal-{number}-roem_a").tap()
            page.keyboard.type(deal.roem_a)
        if deal.roem_b:
            page.locator(f"#deal-{number}-roem_b").tap()
            page.keyboard.type(deal.roem_b)
        if deal.pit and not page.locator(f"input[name='deal-{number}-pit'][value='{deal.pit}']").is_checked():
            page.locator(f"#deal-{number} label.chip:has(input[name='deal-{number}-pit'][value='{deal.pit}'])").tap()
        wait_for_deal(page, number)
    assert actions[2] <= 5, "an ordinary deal (3: wij bid, 70) is at most five taps and digits"
    assert actions == [3, 3, 3, 2]
    # The deals typed so far are compact rows: the score per side, the mark, what was typed.
    for number in range(1, 4):
        row = page.locator(f"[data-row-for='{number}']")
        assert row.is_visible()
        assert row.get_attribute("data-mark") == expected[number - 1]["mark"]
        for side in (0, 1):
            score = row.locator(f"[data-row-score='{side}']").inner_text()
            assert score == str(expected[number - 1]["scores"][side])
        typed = row.locator("[data-row-typed='0']").inner_text()
        assert str(SHEET[number - 1].points_a) in typed
    assert page.locator("[data-row-for='3']").get_attribute("data-mark") == "N"
    # A tap on a row opens that deal for correction: 70 becomes 90, made instead of nat.
    page.locator("[data-row-for='3']").tap()
    assert "3" in shown_forms(page)
    card = box(page, "#deal-3")
    assert 0 <= card["top"] and card["bottom"] <= page.evaluate(BAR)
    page.locator("#deal-3-points_a").fill("90")
    wait_for_deal(page, 3)
    assert page.locator("#deal-3").get_attribute("data-mark") == ""
    page.locator("#deal-5 label.chip:has(input[name='deal-5-bidder'][value='w'])").tap()
    assert shown_forms(page) == ["5"]
    assert page.locator("[data-row-for='3'] [data-row-score='0']").inner_text() == "90"
    assert page.js_errors == []


def test_a_whole_sheet_typed_is_short(tables, new_context):  # noqa: F811
    """Sixteen deals typed: the page is a list of rows, not sixteen forms (about 5,000 px before)."""
    match = tables[0]
    page = open_phone(new_context, match)
    page.locator("#side-0").check(force=True)
    for number in range(1, len(SHEET) + 1):
        type_deal(page, number)
    wait_for_deal(page, len(SHEET))
    height = page_height(page)
    print(f"page height with 16 deals typed at 390 px: {height}")
    assert height < 2200
    assert len(shown_forms(page)) <= 1
    assert page.js_errors == []


def test_offline_the_phone_scores_the_deals_itself(tables, new_context):  # noqa: F811
    from competitions.base.rulesets import ruleset_for

    match = tables[0]
    expected = expected_rows(ruleset_for(match.round.competition))
    page = open_phone(new_context, match)
    page.locator("#side-1").check(force=True)
    page.context.set_offline(True)
    for number in range(1, 5):
        type_deal(page, number)
        wait_for_deal(page, number)
        totals = [int(page.locator(f"output[data-total-side='{i}']").inner_text()) for i in (0, 1)]
        assert totals == expected[number - 1]["running"]
    assert page.locator("#deal-3").get_attribute("data-mark") == "N"
    assert page.locator("#deal-4").get_attribute("data-mark") == expected[3]["mark"] == "P"
    assert page.locator("[data-row-for='3']").get_attribute("data-mark") == "N"
    assert page.locator("#table-sheet").get_attribute("data-updates") is None, "no answer from the server"
    # A deal the engine refuses is marked offline too, with a short message at the deal: a pit for
    # the side without the points.
    pit_w = "#deal-2 label.chip:has(input[name='deal-2-pit'][value='w'])"
    message = page.locator("ul[data-errors-for='2']")
    page.locator("[data-row-for='2']").tap()
    page.locator(pit_w).tap()
    wait_for_deal(page, 2, "error")
    assert message.is_visible()
    assert message.locator("li[data-local][data-field='pit']").inner_text() == "pit: alleen met alle 162 punten"
    page.locator(pit_w).tap()
    wait_for_deal(page, 2)
    assert not message.is_visible()
    # The points of deal 3 taken out (deal 4 typed): the deals are filled in order; 170 points: the
    # points must add up.
    refused = page.locator("ul[data-errors-for='3'] li[data-local]")
    page.locator("[data-row-for='3']").tap()
    page.locator("#deal-3-points_a").fill("")
    wait_for_deal(page, 3, "error")
    assert refused.inner_text() == "vul de spellen op volgorde in"
    page.locator("#deal-3-points_a").fill("170")
    page.wait_for_function("document.querySelector(\"ul[data-errors-for='3'] li\").dataset.field === 'points'")
    assert refused.inner_text() == "punten samen moeten 162 zijn"
    page.locator("#deal-3-points_a").fill(str(SHEET[2].points_a))
    wait_for_deal(page, 3)
    # Online again, the server's message (naming the values) replaces the phone's own.
    page.locator("[data-row-for='2']").tap()
    page.locator(pit_w).tap()
    wait_for_deal(page, 2, "error")
    page.context.set_offline(False)
    page.locator("#deal-2-roem_a").fill("")  # the next change goes to the server again
    page.wait_for_selector("#table-sheet[data-updates]")
    assert message.locator("li[data-local]").count() == 0
    assert "pit: " in message.locator("li[data-field='pit']").text_content() and "162" in message.text_content()
    assert message.text_content() != "pit: alleen met alle 162 punten"
    page.locator(pit_w).tap()
    wait_for_deal(page, 2)
    page.wait_for_selector("#table-sheet[data-updates='2']")
    totals = [int(page.locator(f"output[data-total-side='{i}']").inner_text()) for i in (0, 1)]
    assert totals == expected[3]["running"]
    assert page.js_errors == []


def test_without_javascript_every_deal_is_a_form_and_the_sheet_saves(tables, new_context):  # noqa: F811
    from tests.browser.test_table_phones import PHONE

    match = tables[0]
    page = new_context(**PHONE, java_script_enabled=False).new_page()
    page.goto(f"/t/{match.table_code}/")
    assert len(shown_forms(page)) == 16, "no script folds the deals: all sixteen are forms"
    assert not page.locator("[data-row-for='1']").is_visible()
    page.locator("#side-0").check(force=True)
    page.locator("input[name='deal-1-bidder'][value='w']").check(force=True)
    page.locator("#deal-1-points_a").fill("97")
    page.locator("#deal-1-points_b").fill("65")
    with page.expect_navigation():
        page.locator("#save").tap()
    match.refresh_from_db()
    assert match.deals_played == 1
