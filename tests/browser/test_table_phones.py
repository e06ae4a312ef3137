"""The night at the table, on phones: each table opens its own sheet from its table link, types it
with a thumb at 390 px, and the opponents accept it on the phone; a phone that loses the Wi-Fi
mid-sheet keeps the sheet and delivers it once when the connection is back.

Two phones are two browser contexts (nothing shared: no cookies, no storage), both on the live
server at once; no one logs in.
"""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Club, Player
from competitions import services as organise
from competitions.base.rulesets import ruleset_for
from competitions.base.table_codes import printed_pin, side_pin
from competitions.models import Competition, Match
from scoring.models import AuditEntry
from tests.browser.typed_sheet import NAT_DEAL, PIT_DEAL, SHEET, expected_rows

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


@pytest.fixture
def tables():
    """A club evening of eight players, drawn and published through the services: two tables,
    and the opponents' acceptance at the table is what confirms a result."""
    club = Club.objects.create(slug="telefoon", name="KV De Telefoon", city="Gouda")
    names = ("Anna", "Bert", "Carla", "Dirk", "Els", "Frans", "Gerda", "Henk")
    players = [
        Player.objects.create(club=club, member_number=str(200 + i), first_name=first, last_name="Bakker")
        for i, first in enumerate(names)
    ]
    competition = Competition.objects.create(
        club=club,
        name="Clubavonden",
        slug="telefoon-avonden",
        format=Competition.Format.INDIVIDUAL,
        ruleset="amsterdam",
        second_check=Competition.SecondCheck.OPPONENTS,
    )
    evening = organise.create_evening(competition=competition, date=datetime.date(2025, 11, 5))
    organise.register_attendance(evening=evening, players=players)
    round_ = organise.publish_round(round=organise.draw_next_round(evening=evening, seed=11))
    return list(round_.matches.order_by("table"))


def open_phone(new_context, match: Match):
    page = new_context(**PHONE).new_page()
    page.js_errors = []
    page.on("pageerror", lambda error: page.js_errors.append(str(error)))
    page.goto(f"/t/{match.table_code}/")
    page.wait_for_selector("body.table-ready")
    return page


def tap(page, number: int, field: str, key: str) -> None:
    """A chip (bid, pit, verzaakt) as a thumb taps it: on its label."""
    page.locator(f"#deal-{number} label.chip:has(input[name='deal-{number}-{field}'][value='{key}'])").tap()


def type_deal(page, number: int) -> None:
    deal = SHEET[number - 1]
    tap(page, number, "bidder", deal.bidder)
    page.locator(f"#deal-{number}-points_a").fill(str(deal.points_a))
    if deal.roem_a:
        page.locator(f"#deal-{number}-roem_a").fill(deal.roem_a)
    if deal.roem_b:
        page.locator(f"#deal-{number}-roem_b").fill(deal.roem_b)
    if (
        deal.pit
        and not page.locator(f"#deal-{number} input[name='deal-{number}-pit'][value='{deal.pit}']").is_checked()
    ):
        tap(page, number, "pit", deal.pit)  # 162 (or 0) typed ticks the pit already: tapping again takes it off


def wait_for_deal(page, number: int, state: str = "ok") -> None:
    page.wait_for_function("([n, s]) => document.getElementById('deal-' + n).dataset.state === s", arg=[number, state])


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"


def test_two_phones_enter_two_tables_at_once_and_the_opponents_accept(tables, new_context):
    first, second = tables
    rules = ruleset_for(first.round.competition)
    expected = expected_rows(rules)
    phones = [open_phone(new_context, first), open_phone(new_context, second)]
    for page in phones:
        no_sideways_scroll(page)
        assert page.locator("#deal-1-points_a").get_attribute("inputmode") == "numeric"
        page.locator("label[for], .t-who label.tap").first.tap()  # wij types the sheet
    # Both tables type at the same time, deal by deal.
    for number in range(1, len(SHEET) + 1):
        for page in phones:
            type_deal(page, number)
    for page in phones:
        wait_for_deal(page, len(SHEET))
        # The server's engine answered as on the desktop sheet: the nat and pit marks, the totals.
        assert page.locator(f"#deal-{NAT_DEAL}").get_attribute("data-mark") == "N"
        assert page.locator(f"#deal-{PIT_DEAL}").get_attribute("data-mark") == expected[PIT_DEAL - 1]["mark"]
        totals = [int(page.locator(f"output[data-total-side='{i}']").inner_text()) for i in (0, 1)]
        assert totals == expected[-1]["running"]
        no_sideways_scroll(page)
    for page in phones:
        page.locator("#save").tap()
    for page in phones:
        page.wait_for_selector("#table-page[data-state='check']")
        assert page.locator("#saved-note").count() == 1
        totals = [int(page.locator(f"[data-summary-total='{i}']").inner_text()) for i in (0, 1)]
        assert totals == expected[-1]["running"]
        no_sideways_scroll(page)
    for match in tables:
        match.refresh_from_db()
        assert (match.status, match.deals_played, match.table_entered_side) == (Match.Status.ENTERED, 16, 0)
    # The phone goes round the table: zij (the opponents) accept, with the acceptance code printed in
    # their signature box. A wrong code is refused and confirms nothing.
    for page, match in zip(phones, tables):
        page.locator("#pin-1").fill("AAA-AAA")
        with page.expect_navigation():
            page.locator("#accept-1").tap()
        page.wait_for_selector("#table-page[data-state='check']")
        assert "acceptance code" in page.content() or "acceptatiecode" in page.content()
        no_sideways_scroll(page)
        page.locator("#pin-1").fill(printed_pin(side_pin(match.table_code, 1)).lower())  # as typed, any case
        with page.expect_navigation():
            page.locator("#accept-1").tap()
        page.wait_for_selector("#table-page[data-state='confirmed']")
    for match in tables:
        match.refresh_from_db()
        assert match.status == Match.Status.CONFIRMED and match.table_checked_side == 1
        assert match.confirmed_by is None and match.confirmed_at is not None
        trail = list(AuditEntry.objects.filter(match=match).order_by("id").values_list("action", "user", "table_side"))
        assert trail == [("save", None, 0), ("confirm", None, 1)]
    # The public match page shows the confirmed result.
    public = new_context().new_page()
    public.goto(f"/matches/{first.pk}/")
    assert str(Match.Status.CONFIRMED.label) in public.content() or "bevestigd" in public.content()
    for page in phones:
        assert page.js_errors == []


def test_a_phone_offline_mid_sheet_delivers_the_sheet_once_when_back(tables, new_context):
    match = tables[0]
    page = open_phone(new_context, match)
    page.locator("#side-1").check(force=True)  # zij types this one
    for number in range(1, 9):
        type_deal(page, number)
    wait_for_deal(page, 8)
    # A reload keeps what was typed (it is kept on the phone until the server has it).
    page.reload()
    page.wait_for_selector("body.table-ready")
    assert page.locator("#save-state").get_attribute("data-state") == "restored"
    assert page.locator("#deal-8-points_a").input_value() == str(SHEET[7].points_a)
    assert page.locator("#side-1").is_checked()
    page.context.set_offline(True)
    for number in range(9, len(SHEET) + 1):
        type_deal(page, number)
    page.locator("#save").tap()
    page.wait_for_selector("#save-state[data-state='offline']")
    match.refresh_from_db()
    assert match.deals_played == 0 and not AuditEntry.objects.filter(match=match).exists()
    page.context.set_offline(False)
    page.wait_for_selector("#table-page[data-state='check']")
    match.refresh_from_db()
    assert (match.status, match.deals_played, match.table_entered_side) == (Match.Status.ENTERED, 16, 1)
    saves = AuditEntry.objects.filter(match=match, action=AuditEntry.Action.SAVE)
    assert saves.count() == 1 and saves.get().table_key
    assert page.evaluate(f"window.localStorage.getItem('klaverjas-table:{match.table_code}')") is None
    assert page.js_errors == []
