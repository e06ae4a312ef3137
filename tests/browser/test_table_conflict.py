"""Issue 27 item 10: a phone whose save meets a sheet saved meanwhile sees both versions deal by deal,
the differences marked, in Dutch, and chooses. Here it keeps theirs: its own sheet is dropped from the
phone, the stored sheet stands (the opponents check it), the audit keeps the refused version, and
tonight's dashboard says two versions existed and whose stands. (Saving mine over it is played in
tests/browser/test_whole_evening.py.)"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from clubs.models import StaffRole
from scoring.models import AuditEntry
from scoring.phones import services as table_services
from scoring.phones.selectors import names_at_table
from tests.browser.test_table_phones import open_phone, tables  # noqa: F401 (fixture)
from tests.browser.test_whole_evening import choose, fill
from tests.factories import simulated_sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_losing_phone_compares_both_versions_and_keeps_theirs(new_context, new_page, tables):  # noqa: F811
    match = tables[0]
    phone = open_phone(new_context, match)
    choose(phone, "side", "1")
    choose(phone, "deal-1-bidder", "w")
    fill(phone, "deal-1-points_a", "100")
    theirs = simulated_sheet(match)
    table_services.save_table_sheet(match=match, side=0, deals=theirs, version=0, key="other-phone-0001")

    phone.evaluate("document.getElementById('save').click()")
    phone.locator("#conflict").wait_for(state="visible")
    text = phone.locator("#conflict").inner_text()
    wij, zij = (s["name"] for s in names_at_table(match)["sides"])  # named from the page's names map
    assert "Twee versies van dit blad" in text and f"Opgeslagen door wij ({wij}) om" in text
    assert f"Punten, roem en score per spel: wij ({wij}) – zij ({zij})." in text
    assert "Houd die van hen" in text and "Sla het mijne eroverheen op" in text
    rows = phone.locator("#conflict-table tbody tr")
    assert rows.count() == 16
    differing = phone.eval_on_selector_all(
        "#conflict-table tr[data-differs='1']", "rows => rows.map(r => r.dataset.deal)"
    )
    assert differing[1:] == [str(n) for n in range(2, 17)]  # deals 2-16 only in theirs
    assert phone.locator("#conflict-table tr[data-deal='16'] td[data-version='mine'] mark").inner_text() == (
        "niet in deze versie"
    )
    theirs_16 = phone.locator("#conflict-table tr[data-deal='16'] td[data-version='theirs'] [data-field='points']")
    assert theirs_16.inner_text() == "\u00a0–\u00a0".join(str(p) for p in theirs[15]["points"])
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # fits the phone

    with phone.expect_navigation():
        phone.locator("#keep-theirs").click()
    phone.wait_for_selector("#table-page[data-state='check']")
    assert phone.evaluate(f"window.localStorage.getItem('klaverjas-table:{match.table_code}')") is None
    assert list(AuditEntry.objects.filter(match=match).order_by("at", "id").values_list("action", "table_side")) == [
        ("save", 0),
        ("conflict", 1),
    ]
    assert phone.js_errors == []

    organiser = get_user_model().objects.create_user("leider", password="pw")
    StaffRole.objects.create(user=organiser, club=match.round.competition.club, role=StaffRole.Role.ORGANISER)
    desk = new_page()
    desk.goto("/accounts/login/")
    desk.locator("#id_username").fill("leider")
    desk.locator("#id_password").fill("pw")
    with desk.expect_navigation():
        desk.locator("main form button[type=submit]").click()
    desk.goto(f"/manage/competitions/{match.round.competition.slug}/tonight/")
    assert desk.locator(f"#table-{match.table} .two-versions").inner_text() == "twee versies; die van wij staat"


def test_the_losing_phone_keeps_its_sheet_across_a_reload_until_it_chooses(new_context, tables):  # noqa: F811
    """Issue 33 item 3: after the clash the page reloads onto the stored sheet (to check), and this
    phone's own version is still there, compared, the deals that differ first with both buttons on
    screen; "Save mine over it" then saves it. The count says "spel 14 verschilt" for one deal."""
    match = tables[0]
    phone = open_phone(new_context, match)
    choose(phone, "side", "1")
    choose(phone, "deal-1-bidder", "w")
    fill(phone, "deal-1-points_a", "100")
    theirs = simulated_sheet(match)
    table_services.save_table_sheet(match=match, side=0, deals=theirs, version=0, key="other-phone-0002")
    phone.evaluate("document.getElementById('save').click()")
    phone.locator("#conflict").wait_for(state="visible")
    phone.reload()
    phone.wait_for_selector("body.table-ready")
    assert phone.locator("#table-page").get_attribute("data-state") == "check"
    phone.locator("#conflict").wait_for(state="visible")
    assert phone.locator("#conflict-count").inner_text().startswith("16 spellen verschillen")
    first = phone.locator("#conflict-table tbody tr").first
    assert first.get_attribute("data-differs") == "1"
    for button in ("#keep-theirs", "#save-mine"):
        box = phone.locator(button).bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= 844, f"{button} on screen"
    kept = phone.evaluate(f"JSON.parse(window.localStorage.getItem('klaverjas-table:{match.table_code}'))")
    assert kept["fields"]["deal-1-points_a"] == "100"
    # one deal differing: "Spel 14 verschilt."
    phone.evaluate(
        """() => window.tableConflict.show({deals: [{number: 14, differs: ['points'], theirs: null, mine: null}],
                                          differing: [14], totals: {}})"""
    )
    assert phone.locator("#conflict-count").inner_text() == "Spel 14 verschilt."
    phone.reload()
    phone.wait_for_selector("body.table-ready")
    phone.locator("#conflict").wait_for(state="visible")
    with phone.expect_navigation(url="**saved=1"):
        phone.locator("#save-mine").click()
    phone.wait_for_selector("body.table-ready")
    match.refresh_from_db()
    assert match.deals_played == 1 and match.deals.get(number=1).points_a == 100
    assert phone.js_errors == []
