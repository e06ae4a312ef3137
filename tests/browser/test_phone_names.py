"""Issue 33 item 4 (its last part): names update after a reseat without a reload. A phone has its
table's page open (390 px) while the organiser, in another browser, gives a late arrival a seat at
that table on the draw page; the phone shows the new name where the old one was (the side's players,
"Who is typing?", the dealer, the player who verzaakt) without a reload, and nothing it typed is lost."""

from __future__ import annotations

import pytest

from clubs.models import Player
from competitions import services as organise
from scoring.phones.selectors import match_for_code, names_at_table
from tests.browser.helpers import log_in
from tests.browser.test_table_phones import PHONE, tables  # noqa: F401 (fixture)
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_phone_shows_the_new_name_after_a_reseat_without_a_reload(tables, new_context):  # noqa: F811
    match = tables[0]
    round_ = match.round
    club = round_.competition.club
    UserFactory(username="leider", organiser_of=club)
    late = Player.objects.create(club=club, member_number="299", first_name="Annemarie", last_name="Oosterhuis")
    present = list(round_.evening.attendances.values_list("player_id", flat=True))
    organise.register_attendance(evening=round_.evening, players=list(Player.objects.filter(pk__in=present)) + [late])
    leaver = match.seats.get(seat="E").player

    phone = new_context(**PHONE).new_page()
    phone.js_errors = []
    phone.on("pageerror", lambda error: phone.js_errors.append(str(error)))
    phone.goto(f"/t/{match.table_code}/")
    phone.wait_for_selector("body.table-ready")
    phone.locator("#side-0").check(force=True)
    phone.locator("#deal-1 label.chip:has(input[name='deal-1-bidder'][value='w'])").tap()
    phone.keyboard.type("97")
    assert leaver.name in phone.locator("#table-names [data-side-name='1']").inner_text()
    assert late.name not in phone.locator("body").inner_text()
    answers = []
    phone.on("response", lambda r: answers.append(r.status) if "/names/" in r.url else None)
    phone.wait_for_timeout(6000)  # a poll while nothing changed answers 304
    assert 304 in answers and 200 not in answers[1:]

    desk = new_context().new_page()
    desk.goto("/manage/")
    log_in(desk, "leider", "pw")
    desk.goto(f"/manage/competitions/{round_.competition.slug}/rounds/{round_.number}/draw/")
    desk.select_option("#id_reseat_a", str(leaver.pk))
    desk.select_option("#id_reseat_b", str(late.pk))
    with desk.expect_navigation():
        desk.locator("form[action$='/reseat/'] button[type=submit]").click()
    assert match.seats.get(seat="E").player == late

    # the open phone, not reloaded, shows the new name everywhere the old one was
    phone.wait_for_function(
        "document.querySelector('#table-names [data-side-name=\"1\"]').textContent.includes('Annemarie')",
        timeout=15_000,
    )
    names = phone.locator("#table-names [data-side-name='1']").inner_text()
    assert late.name in names and leaver.name not in names
    assert late.name in phone.locator("#who [data-side-name='1']").inner_text()
    dealers = phone.locator("[data-seat-first-name='E']")
    assert dealers.count() >= 1 and all(t == "Annemarie" for t in dealers.all_inner_texts())
    offenders = phone.locator("select[data-offender-for='1'] option[value='E']")
    assert "Annemarie" in offenders.inner_text()
    assert leaver.name not in phone.locator("body").inner_text()
    assert phone.locator("#table-page").get_attribute("data-names-updates") == "1"
    # nothing typed was lost, and the page was never reloaded
    assert phone.locator("#deal-1-points_a").input_value() == "97"
    assert phone.locator("#side-0").is_checked()
    assert phone.evaluate("performance.getEntriesByType('navigation').length") == 1
    assert phone.js_errors == []
    # what the phone asked for is what the server says sits there
    seated = names_at_table(match_for_code(match.table_code, deals=False))
    assert {s["seat"]: s["name"] for s in seated["seats"]}["E"] == late.name
