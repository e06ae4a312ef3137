"""The newcomer's journey through the demo club, in a real browser (issue 6, item 5).

Open the demo, log in as the organiser through the login form, open the organiser pages, register
who came to a new club evening, draw a round and publish it, download the score sheets, enter a whole
sheet of 16 deals with the keyboard only (a nat deal and a pit deal among them) while the marks and
the running totals follow as one types — equal to the rules engine's numbers — save, log out, confirm
as a second person and see the public standings change.

Elements are found by ids, names and data-attributes (the entry page's are documented at the top of
static/js/entry.js), never by their (Dutch) text.
"""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from competitions.base.rulesets import ruleset_for
from competitions.models import Competition, Match, MatchSeat, MatchSide
from tests.browser.helpers import log_in, log_out
from tests.browser.typed_sheet import NAT_DEAL, PIT_DEAL, SHEET, TypedDeal, expected_rows

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SLUG = "demo-clubavonden"  # the demo club's individual club evenings (clubs/demo.py)
NEW_EVENING_DATE = "2025-11-12"  # the week after the demo's tenth evening
PRESENT = 8  # members ticked present: two tables of four


# --- helpers -------------------------------------------------------------------------------------


def standings(page) -> dict[int, dict]:
    """The public standings table as {player id: {"played", "points", "evenings": {number: text}}}."""
    rows = page.evaluate(
        """() => {
        const table = document.querySelector("main table");
        const heads = Array.from(table.querySelectorAll("thead th"));
        const col = (sort) => heads.findIndex(th => th.querySelector(`a[href*="sort=${sort}"]`));
        const played = col("played"), points = col("points_display");
        const evenings = heads.map((th, i) => [th.classList.contains("ev") ? th.textContent.trim() : null, i])
                              .filter(([n]) => n !== null);
        const rows = {};
        for (const tr of table.querySelectorAll("tbody tr")) {
            const link = tr.querySelector('a[href*="/players/"]');
            if (!link) continue;
            const id = parseInt(link.getAttribute("href").match(/players\\/(\\d+)/)[1], 10);
            const cells = tr.querySelectorAll("td");
            rows[id] = {
                played: cells[played].textContent.trim(),
                points: cells[points].textContent.trim(),
                evenings: Object.fromEntries(evenings.map(([n, i]) => [n, cells[i].textContent.trim()])),
            };
        }
        return rows;
    }"""
    )
    return {int(player): row for player, row in rows.items()}


def wait_for_update(page, count: int) -> int:
    """Wait until the entry script has shown at least ``count`` answers of the server; return the count."""
    page.wait_for_function("n => parseInt(document.getElementById('sheet').dataset.updates || '0', 10) >= n", arg=count)
    return int(page.locator("#sheet").get_attribute("data-updates"))


def shown_row(page, number: int) -> dict:
    return page.evaluate(
        """n => {
        const row = document.getElementById("deal-" + n);
        const cells = sel => Array.from(row.querySelectorAll(sel)).map(td => td.textContent.trim());
        return {
            state: row.dataset.state,
            mark: row.dataset.mark,
            markText: row.querySelector("[data-mark-for]").textContent.trim(),
            sideMarks: Array.from(row.querySelectorAll("td[data-score-side]")).map(td => td.dataset.sideMark),
            scores: cells("td[data-score-side]"),
            running: cells("td[data-running-side]"),
            bidder: row.querySelector('[data-field="bidder"]').value,
            points: Array.from(row.querySelectorAll('input[data-field^="points_"]')).map(i => i.value),
            focus: document.activeElement ? document.activeElement.id : null,
        };
    }""",
        number,
    )


def wait_for_row(page, number: int, expected: dict) -> dict:
    """Wait until deal ``number`` shows the engine's scores and running totals; return what it shows."""
    page.wait_for_function(
        """([n, scores, running]) => {
        const row = document.getElementById("deal-" + n);
        const texts = sel => Array.from(row.querySelectorAll(sel)).map(td => td.textContent.trim()).join(",");
        return row.dataset.state === "ok" && texts("td[data-score-side]") === scores.join(",")
            && texts("td[data-running-side]") === running.join(",");
    }""",
        arg=[number, expected["scores"], expected["running"]],
    )
    return shown_row(page, number)


def type_deal(page, number: int, deal: TypedDeal) -> None:
    """One deal with the keyboard only. The cursor starts in the deal's bidder box; a bidder key moves
    it to the points, the other side's points fill themselves in and Tab skips them."""
    keyboard = page.keyboard
    keyboard.type(deal.bidder)
    assert focused(page) == f"deal-{number}-points_a", "the bidder key moves the cursor to the points"
    keyboard.type(str(deal.points_a))
    keyboard.press("Tab")
    assert focused(page) == f"deal-{number}-roem_a", "Tab skips the points filled in for zij"
    keyboard.type(deal.roem_a)
    keyboard.press("Tab")
    keyboard.type(deal.roem_b)
    keyboard.press("Tab")
    keyboard.type(deal.pit)
    keyboard.press("Tab")  # verzaakt: nothing


def focused(page) -> str:
    return page.evaluate("document.activeElement ? document.activeElement.id : ''")


# --- the journey ---------------------------------------------------------------------------------


@pytest.fixture
def demo():
    """The demo club as ``make run`` seeds it (clubs/demo.py), through the management command."""
    call_command("seed_demo", stdout=io.StringIO())
    return Competition.objects.get(slug=SLUG)


def test_newcomer_journey(page, demo):  # the browser first: no seeding when it is missing
    rules = ruleset_for(demo)
    expected = expected_rows(rules)
    marks = {number: row["mark"] for number, row in enumerate(expected, start=1) if row["mark"]}
    assert marks == {NAT_DEAL: "N", PIT_DEAL: "P"}  # the sheet itself is what the test means

    # --- open the demo: the public home page lists the club evenings; their standings as they are.
    page.goto("/")
    assert "live-ready" not in (page.locator("body").get_attribute("class") or "")
    css_loaded = page.evaluate(
        """() => Array.from(document.styleSheets)
            .some(s => s.href && s.href.endsWith('/static/css/site.css') && s.cssRules.length > 0)"""
    )
    assert css_loaded, "site.css did not load from the live server"
    page.locator(f"main a[href='/competitions/{SLUG}/']").click()
    page.locator(f"a[href='/competitions/{SLUG}/standings/']").first.click()
    page.wait_for_url(f"**/competitions/{SLUG}/standings/")
    before = standings(page)
    assert len(before) >= 24 and all(row["played"].isdigit() for row in before.values())
    evenings_before = next(iter(before.values()))["evenings"]
    assert "11" not in evenings_before and "10" in evenings_before

    # --- log in as the organiser through the login form
    log_in(page, "organiser")

    # --- the organiser dashboard. (The public pages' header has no link to /manage/ — only the
    # organiser pages themselves fill the header's staff_nav block — so the address is typed.)
    page.goto("/manage/")
    page.locator(f"main a[href='/manage/competitions/{SLUG}/']").click()
    page.wait_for_url(f"**/manage/competitions/{SLUG}/")

    # --- a new club evening, and who came: tick eight members
    page.locator("#id_date").fill(NEW_EVENING_DATE)
    with page.expect_navigation():
        page.locator(f"form[action='/manage/competitions/{SLUG}/evenings/new/'] button[type=submit]").click()
    match = re.search(r"/evenings/(\d+)/attendance/$", page.url)
    assert match, page.url
    evening_number = int(match.group(1))
    assert evening_number == 11
    boxes = page.locator("form.attendance input[name=present]")
    assert boxes.count() == 28
    assert all(not boxes.nth(i).is_checked() for i in range(boxes.count()))
    ticked = [int(boxes.nth(i).get_attribute("value")) for i in range(PRESENT)]
    for i in range(PRESENT):
        boxes.nth(i).check()
    with page.expect_navigation():
        page.locator("form.attendance button[type=submit]").click()
    assert page.locator("ul.messages li.success").count() == 1
    checked = page.locator("form.attendance input[name=present]:checked")
    assert sorted(int(checked.nth(i).get_attribute("value")) for i in range(checked.count())) == sorted(ticked)

    # --- draw the next round, then publish it
    with page.expect_navigation():
        page.locator(f"form[action='/manage/competitions/{SLUG}/evenings/{evening_number}/rounds/new/'] button").click()
    match = re.search(r"/rounds/(\d+)/draw/$", page.url)
    assert match, page.url
    round_number = int(match.group(1))
    tables = page.locator("table.tables tbody tr")
    assert tables.count() == PRESENT // 4
    seated = [t.strip() for t in page.locator("table.tables td.seat").all_inner_texts()]
    assert len(seated) == PRESENT and "—" not in seated
    assert page.locator("h1 .badge.draft").count() == 1
    with page.expect_navigation():
        page.locator(f"form[action='/manage/competitions/{SLUG}/rounds/{round_number}/publish/'] button").click()
    assert page.locator("h1 .badge.published").count() == 1

    # --- the score sheets of the round, through the draw page's link: a PDF with every seated
    # player's name on it. Chromium shows it inline in its PDF viewer, so the bytes the browser
    # received are kept on the way (route.fetch passes the request on unchanged).
    link = page.locator("#link-sheets-pdf")
    assert link.get_attribute("href") == f"/competitions/{SLUG}/rounds/{round_number}/sheets.pdf"
    received = []

    def keep(route):
        response = route.fetch()
        received.append((response.status, response.headers.get("content-type"), response.body()))
        route.fulfill(response=response)

    page.route("**/sheets.pdf", keep)
    with page.expect_navigation():
        link.click()
    page.unroute("**/sheets.pdf")
    assert len(received) == 1
    pdf_status, content_type, body = received[0]
    assert pdf_status == 200 and content_type == "application/pdf"
    assert body.startswith(b"%PDF")
    reader = PdfReader(io.BytesIO(body))
    assert len(reader.pages) == 1  # two A5 sheets side by side on one A4 page
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    missing = [name for name in seated if name not in text]
    assert not missing, f"names not on the score sheets: {missing}"
    page.go_back()
    page.wait_for_url(f"**/manage/competitions/{SLUG}/rounds/{round_number}/draw/")

    # --- from the draw to table 1's entry page, through the public round page and the match page
    table_one = Match.objects.get(round__competition=demo, round__number=round_number, table=1)
    side_players = {
        side: set(MatchSeat.objects.filter(match=table_one, side=side).values_list("player_id", flat=True))
        for side in (0, 1)
    }
    page.locator(f"main a[href='/competitions/{SLUG}/rounds/{round_number}/']").click()
    page.wait_for_url(f"**/competitions/{SLUG}/rounds/{round_number}/")
    round_text = page.locator("main table").inner_text()
    assert all(name in round_text for name in seated) and "&amp;" not in round_text
    page.locator(
        f"main a[href='/matches/{table_one.pk}/']"
    ).first.click()  # the table number (on a wide screen also "deals")
    page.wait_for_url(f"**/matches/{table_one.pk}/")
    assert page.locator("#match-status").get_attribute("data-status") == "open"
    page.locator("#link-enter").click()
    page.wait_for_url(f"**/matches/{table_one.pk}/enter/")
    page.wait_for_selector("body.live-ready", state="attached")  # entry.js loaded and ran
    sheet = page.locator("#sheet")
    assert sheet.get_attribute("data-sides") == "2" and sheet.get_attribute("data-deal-total") == "162"
    assert page.locator("tr.deal").count() == len(SHEET) == 16
    assert page.locator("tr.deal[data-state='empty']").count() == 16
    assert page.locator("tr.deal[data-mark='']").count() == 16

    # --- the whole sheet with the keyboard only: focus the first box once, then keys
    page.locator("#deal-1-bidder").focus()
    updates = 0
    for number, deal in enumerate(SHEET, start=1):
        assert focused(page) == f"deal-{number}-bidder", f"deal {number}: the cursor is in {focused(page)!r}"
        type_deal(page, number, deal)
        # Before saving: the row shows the engine's scores, marks and running totals.
        shown = wait_for_row(page, number, expected[number - 1])
        want = expected[number - 1]
        assert shown["points"] == [str(deal.points_a), str(deal.points_b)]
        assert shown["bidder"] == deal.bidder
        assert shown["mark"] == want["mark"] and shown["markText"] == want["mark"], f"deal {number}"
        assert shown["sideMarks"] == want["marks"], f"deal {number}"
        updates = wait_for_update(page, updates + 1)
        if number == NAT_DEAL:
            bidder = {"w": 0, "z": 1}[deal.bidder]
            assert shown["mark"] == "N" and shown["sideMarks"][bidder] == "N" and shown["scores"] == ["0", "162"]
            assert page.locator(f"#deal-{number} [data-mark-for] span.mark-N").count() == 1
        if number == PIT_DEAL:
            assert shown["mark"] == "P" and shown["sideMarks"] == ["", "P"]
            assert shown["scores"] == ["0", "312"]  # 162 + 50 roem + 100 for the pit
            assert page.locator(f"#deal-{number} [data-mark-for] span.mark-P").count() == 1
        # The footer's totals follow too.
        totals = page.locator("tfoot td[data-total-side]").all_inner_texts()
        assert [t.strip() for t in totals] == [str(v) for v in want["running"]]
        page.keyboard.press("Enter")  # the next deal's bidder

    status = page.locator("#sheet-status")
    page.wait_for_function("document.getElementById('sheet-status').dataset.finished === 'true'")
    assert status.get_attribute("data-valid") == "true"
    assert page.locator("tr.deal[data-invalid]").count() == 0
    assert page.locator("tr.deal-errors:not([hidden])").count() == 0
    final = expected[-1]["running"]
    assert Match.objects.get(pk=table_one.pk).status == Match.Status.OPEN  # nothing saved while typing

    # Save with Ctrl+Enter, still from the keyboard.
    with page.expect_navigation():
        page.keyboard.press("Control+Enter")
    page.wait_for_url(f"**/matches/{table_one.pk}/")
    assert page.locator("#match-status").get_attribute("data-status") == "entered"
    assert page.locator("#confirm-hint").count() == 1 and page.locator("#confirm").count() == 0
    shown_totals = [t.strip() for t in page.locator(".match-head .side-total").all_inner_texts()]
    assert shown_totals == [str(v) for v in final]
    saved = Match.objects.get(pk=table_one.pk)
    assert saved.deals_played == 16 and saved.status == Match.Status.ENTERED
    assert list(MatchSide.objects.filter(match=saved).order_by("side").values_list("total", flat=True)) == final
    assert page.js_errors == []

    # --- log out; the scorer (a second person) confirms
    log_out(page)
    page.goto(f"/matches/{table_one.pk}/")
    log_in(page, "scorer")
    page.wait_for_url(f"**/matches/{table_one.pk}/")
    with page.expect_navigation():
        page.locator("#confirm").click()
    assert page.locator("#match-status").get_attribute("data-status") == "confirmed"
    assert Match.objects.get(pk=table_one.pk).confirmed_by.username == "scorer"

    # --- the public standings changed: evening 11 appears, table 1's players have its points
    page.locator(f".match-head a[href='/competitions/{SLUG}/']").click()
    page.locator(f"a[href='/competitions/{SLUG}/standings/']").first.click()
    page.wait_for_url(f"**/competitions/{SLUG}/standings/")
    after = standings(page)
    assert set(after) == set(before)
    for side, players in side_players.items():
        for player in players:
            assert after[player]["evenings"].get(str(evening_number)) == str(final[side]), (player, after[player])
            played = int(before[player]["played"]), int(after[player]["played"])
            assert played[1] == played[0] + 1, (player, before[player], after[player])
    at_table = side_players[0] | side_players[1]
    for player in set(before) - at_table:
        assert after[player]["played"] == before[player]["played"], player
    assert page.js_errors == []
