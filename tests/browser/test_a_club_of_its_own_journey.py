"""Issue 31's "done when", tried as a new club would, all through pages (never /admin/, never a shell):

1. a fresh install without a club (``make run DEMO=0``): ``/`` leads to ``/setup/``, which makes the
   club and its organiser and lands on the club's organiser page;
2. the organiser starts the club's first competition from a template and its first evening: eight
   walk-ins, the draw (two tables), published;
3. the organiser invites a scorer on the people page; the scorer opens the link on a phone (390 px) in
   a browser of their own, makes an account and types table 1's sheet of 16 deals on the keyboard
   entry page; the organiser confirms it (the second person the club's rule asks for) and the public
   standings show it;
4. the organiser makes an API token on /account/tokens/ and uses it: the staff view of table 2 and a
   PUT of its deals;
5. on a demo install (seeded as ``make run`` does) with a real club beside the demo: the real club's
   organiser removes the demo on its page after the confirmation; the real club's competition,
   results and logins stay, and the public home page shows no demo competition.

Every new page on the way is checked with axe. Elements are found by ids, names and hrefs.
"""

from __future__ import annotations

import io
import json
import re
import urllib.error
import urllib.request

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from clubs.models import Club, StaffRole
from competitions.base.rulesets import ruleset_for
from competitions.models import Competition, Match, MatchSeat
from tests.browser.axe import violations
from tests.browser.helpers import log_in, log_out
from tests.browser.test_newcomer_journey import focused, standings, type_deal, wait_for_row, wait_for_update
from tests.browser.typed_sheet import DEAL_TOTAL, SHEET, expected_rows

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

CLUB = "KV De Hoge Troef"
ORGANISER, SCORER = "wilma", "teller"
PASSWORD, SCORER_PASSWORD = "Ruiten-Heer-1987", "Schoppen-Vrouw-42"
WALK_INS = [
    ("Anton", "Bakker"),
    ("Bep", "Claassen"),
    ("Cor", "Dijkstra"),
    ("Dina", "Evers"),
    ("Evert", "Fokkema"),
    ("Fenna", "Groot"),
    ("Gerrit", "Hoekstra"),
    ("Hilde", "Jansen"),
]
TEMPLATE = "all-evenings-points-champion"
PHONE = {"width": 390, "height": 844}


def no_violations(page) -> None:
    assert violations(page) == [], page.url


# --- the steps, as pages ---------------------------------------------------------------------------


def set_up_the_club(new_page):
    """Step 1: / leads to /setup/; the form makes the club and its organiser; the club's page."""
    page = new_page()
    page.goto("/")
    assert page.url.endswith("/setup/")
    no_violations(page)
    page.locator("#id_club_name").fill(CLUB)
    page.locator("#id_username").fill(ORGANISER)
    page.locator("#id_email").fill("wilma@example.org")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    with page.expect_navigation():
        page.locator("#setup-form button[type=submit]").click()
    club = Club.objects.get(is_demo=False, is_league=False)
    assert page.url.endswith(f"/manage/clubs/{club.slug}/")
    assert page.locator("#club-name").inner_text().startswith(CLUB)
    assert page.locator("header .user").inner_text().strip() == ORGANISER
    for href in (f"/manage/clubs/{club.slug}/members/", f"/manage/clubs/{club.slug}/people/", "/account/tokens/"):
        assert page.locator(f"main a[href='{href}']").count() == 1, href
    no_violations(page)
    return page, club


def first_evening(page, club) -> tuple[Competition, list[Match]]:
    """Step 2: from the club's page a competition from a template, its first evening, eight walk-ins,
    the draw and its publication. Returns the competition and the round's two tables."""
    with page.expect_navigation():
        page.locator(f"a#new-competition[href='/manage/clubs/{club.slug}/competitions/new/']").click()
    no_violations(page)
    with page.expect_navigation():
        page.locator(f"a.template-link[data-template='{TEMPLATE}']").click()
    page.locator("#id_name").fill("Clubavonden 2026-2027")
    with page.expect_navigation():
        page.locator("#save").click()
    competition = Competition.objects.get(club=club)
    assert page.url.endswith(f"/manage/competitions/{competition.slug}/settings/")
    assert page.locator(".messages li.success").count() == 1
    assert competition.standings_method == "total" and competition.points_champion

    # the crumbs lead to the competition's organiser page; a new evening (today, as proposed)
    with page.expect_navigation():
        page.locator(f".crumbs a[href='/manage/competitions/{competition.slug}/']").click()
    assert page.locator(f".crumbs a[href='/manage/clubs/{club.slug}/']").count() == 1  # and back to the club
    no_violations(page)
    with page.expect_navigation():
        page.locator(
            f"form[action='/manage/competitions/{competition.slug}/evenings/new/'] button[type=submit]"
        ).click()
    assert re.search(r"/evenings/1/attendance/$", page.url), page.url
    no_violations(page)

    # the club has no members yet: eight walk-ins, each a new member ticked present
    for first, last in WALK_INS:
        page.locator("#id_first_name").fill(first)
        page.locator("#id_last_name").fill(last)
        page.locator("#id_guest").uncheck()
        with page.expect_navigation():
            page.locator("#walk-in button[type=submit]").click()
        assert page.locator("ul.messages li.success").count() == 1, (first, last, page.locator("main").inner_text())
    present = page.locator("form.attendance input[name=present]:checked")
    assert present.count() == len(WALK_INS)
    assert not Club.objects.get(pk=club.pk).players.filter(guest=True).exists()

    # draw the first round: two tables of four, every walk-in seated; then publish it
    with page.expect_navigation():
        page.locator(f"form[action='/manage/competitions/{competition.slug}/evenings/1/rounds/new/'] button").click()
    number = int(re.search(r"/rounds/(\d+)/draw/$", page.url).group(1))
    assert page.locator("table.tables tbody tr").count() == 2
    seated = [t.strip() for t in page.locator("table.tables td.seat").all_inner_texts()]
    assert sorted(seated) == sorted(f"{first} {last}" for first, last in WALK_INS)
    no_violations(page)
    with page.expect_navigation():
        page.locator(f"form[action='/manage/competitions/{competition.slug}/rounds/{number}/publish/'] button").click()
    assert page.locator("h1 .badge.published").count() == 1
    tables = list(Match.objects.filter(round__competition=competition, round__number=number).order_by("table"))
    assert [m.table for m in tables] == [1, 2]
    return competition, tables


def invite(page, club, role: str = "scorer") -> str:
    """Step 3a: the header's "manage" → the club's page → people and roles → an invitation; returns
    its link."""
    with page.expect_navigation():
        page.locator("header a[href='/manage/']").click()
    with page.expect_navigation():
        page.locator(f"main a[href='/manage/clubs/{club.slug}/']").first.click()
    with page.expect_navigation():
        page.locator(f"main a[href='/manage/clubs/{club.slug}/people/']").click()
    page.locator("#id_role").select_option(role)
    with page.expect_navigation():
        page.locator("#invite").click()
    link = page.locator("#invitation-link").input_value()
    assert "/invite/" in link
    no_violations(page)
    return link


def accept_on_a_phone(new_page, link: str):
    """Step 3b: the invitee opens the link on a phone, nobody logged in, and makes an account."""
    phone = new_page(viewport=PHONE)
    phone.goto(link)
    no_violations(phone)
    phone.locator("#id_username").fill(SCORER)
    phone.locator("#id_password1").fill(SCORER_PASSWORD)
    phone.locator("#id_password2").fill(SCORER_PASSWORD)
    with phone.expect_navigation():
        phone.locator("#accept").click()
    assert phone.locator("header .user").inner_text().strip() == SCORER
    assert phone.locator("ul.messages li.success").count() == 1
    return phone


def type_the_sheet(phone, competition, match) -> list[int]:
    """Step 3c: from tonight's page (where the invitation lands a scorer) to table 1's keyboard entry
    page; the 16 deals typed and saved. Returns the sheet's totals."""
    assert phone.url.endswith(f"/competitions/{competition.slug}/tonight/"), phone.url
    no_violations(phone)
    with phone.expect_navigation():
        phone.locator(f"#table-{match.table} a[href='/matches/{match.pk}/enter/']").click()
    phone.wait_for_selector("body.live-ready", state="attached")
    no_violations(phone)
    expected = expected_rows(ruleset_for(competition))
    phone.locator("#deal-1-bidder").focus()
    updates = 0
    for number, deal in enumerate(SHEET, start=1):
        assert focused(phone) == f"deal-{number}-bidder", f"deal {number}: the cursor is in {focused(phone)!r}"
        type_deal(phone, number, deal)
        wait_for_row(phone, number, expected[number - 1])
        updates = wait_for_update(phone, updates + 1)
        phone.keyboard.press("Enter")
    phone.wait_for_function("document.getElementById('sheet-status').dataset.finished === 'true'")
    assert phone.locator("#sheet-status").get_attribute("data-valid") == "true"
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "the sheet fits a phone"
    with phone.expect_navigation():
        phone.locator("#save").click()
    phone.wait_for_url(f"**/matches/{match.pk}/")
    assert phone.locator("#match-status").get_attribute("data-status") == "entered"
    assert phone.js_errors == []
    return expected[-1]["running"]


def confirm_on_tonights_page(page, match) -> None:
    """The second person confirms the table from the header's "tonight" link."""
    with page.expect_navigation():
        page.locator("header a.nav-tonight").click()
    with page.expect_navigation():
        page.locator(f"#confirm-{match.pk}").click()
    assert page.locator(f"#table-{match.table}").get_attribute("data-state") == "confirmed"
    no_violations(page)


def make_token(page) -> str:
    """Step 4a: the header's account link → API tokens → a named token, read once from #new-token."""
    with page.expect_navigation():
        page.locator("header a.user").click()
    no_violations(page)
    with page.expect_navigation():
        page.locator("#tokens-link").click()
    page.locator("#id_name").fill("uitslagenbord")
    with page.expect_navigation():
        page.locator("#make-token").click()
    key = page.locator("#new-token").inner_text().strip()
    assert key.startswith("kj_")
    no_violations(page)
    return key


def api(live_server, method: str, path: str, key: str | None = None, body: dict | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{live_server.url}{path}", data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=15) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def sheet_as_api_deals() -> list[dict]:
    deals = []
    for typed in SHEET:
        deal = typed.engine_input()
        deals.append(
            {
                "bidder": deal.bidder,
                "points": list(deal.points),
                "roem": list(deal.roem),
                "pit": deal.pit,
                "verzaakt": None,
            }
        )
    return deals


def enter_through_the_api(live_server, key: str, match, competition) -> list[int]:
    """Step 4b: the staff view of a table (its private table link) and a PUT of its 16 deals."""
    status, staff = api(live_server, "GET", f"/api/matches/{match.pk}", key)
    assert status == 200 and "table_url" in staff and staff["deals"] == []
    status, public = api(live_server, "GET", f"/api/matches/{match.pk}")
    assert status == 200 and "table_url" not in public
    status, saved = api(
        live_server,
        "PUT",
        f"/api/matches/{match.pk}/deals",
        key,
        {"version": staff["version"], "deals": sheet_as_api_deals()},
    )
    assert status == 200, saved
    expected = expected_rows(ruleset_for(competition))
    assert len(saved["deals"]) == 16 and saved["totals"] == expected[-1]["running"]
    assert sum(saved["deals"][0]["points"]) == DEAL_TOTAL
    return saved["totals"]


def sides_of(match) -> dict[int, set[int]]:
    return {
        side: set(MatchSeat.objects.filter(match=match, side=side).values_list("player_id", flat=True))
        for side in (0, 1)
    }


def standings_show(page, competition, match, totals) -> None:
    """The public standings (from the competition's public page): table's players have their side's
    points on evening 1."""
    page.goto(f"/competitions/{competition.slug}/")
    with page.expect_navigation():
        page.locator(f"a[href='/competitions/{competition.slug}/standings/']").first.click()
    rows = standings(page)
    for side, players in sides_of(match).items():
        for player in players:
            assert rows[player]["evenings"].get("1") == str(totals[side]), (player, rows[player])


# --- the journeys ------------------------------------------------------------------------------------


def test_a_new_club_starts_staffs_and_scores_its_first_evening(new_page, live_server):
    page, club = set_up_the_club(new_page)  # 1
    competition, (table_one, table_two) = first_evening(page, club)  # 2

    link = invite(page, club)  # 3
    phone = accept_on_a_phone(new_page, link)
    scorer = get_user_model().objects.get(username=SCORER)
    assert StaffRole.objects.filter(user=scorer, club=club, role="scorer").exists() and not scorer.is_staff
    totals = type_the_sheet(phone, competition, table_one)
    assert Match.objects.get(pk=table_one.pk).entered_by == scorer
    confirm_on_tonights_page(page, table_one)  # the organiser: a second person, as the club's rule asks
    confirmed = Match.objects.get(pk=table_one.pk)
    assert confirmed.status == Match.Status.CONFIRMED and confirmed.confirmed_by.username == ORGANISER
    standings_show(page, competition, table_one, totals)
    no_violations(page)

    key = make_token(page)  # 4
    assert enter_through_the_api(live_server, key, table_two, competition)
    page.goto(f"/matches/{table_two.pk}/")
    assert page.locator("#match-status").get_attribute("data-status") == "entered"
    assert page.js_errors == [] and phone.js_errors == []
    assert not get_user_model().objects.filter(is_staff=True).exists()


def test_a_real_club_beside_the_demo_removes_the_demo(new_page, live_server):
    call_command("seed_demo", stdout=io.StringIO())  # a demo install, as make run seeds it
    demo_slugs = set(Competition.objects.filter(club__is_demo=True).values_list("slug", flat=True))
    assert demo_slugs

    page, club = set_up_the_club(new_page)  # the demo's clubs do not count: / still leads to /setup/
    competition, (table_one, _table_two) = first_evening(page, club)
    key = make_token(page)
    totals = enter_through_the_api(live_server, key, table_one, competition)
    phone = accept_on_a_phone(new_page, invite(page, club))
    confirm_on_tonights_page(phone, table_one)  # the scorer confirms the organiser's entry
    standings_show(page, competition, table_one, totals)
    version = Match.objects.get(pk=table_one.pk).version

    # 5: the club's page offers the removal; the confirmation names what goes; removed
    page.goto(f"/manage/clubs/{club.slug}/")
    assert page.locator("#demo-left").is_visible()
    with page.expect_navigation():
        page.locator("#demo-left a[href='/manage/demo/remove/']").click()
    assert page.locator("#demo-competitions").inner_text().startswith(f"{len(demo_slugs)} competities")
    no_violations(page)
    with page.expect_navigation():
        page.locator("#remove-demo").click()
    assert page.url.endswith(f"/manage/clubs/{club.slug}/")
    assert page.locator("#demo-left").count() == 0
    assert not Club.objects.filter(is_demo=True).exists()

    # the real club's results stand, its logins still log in, its token still works
    confirmed = Match.objects.get(pk=table_one.pk)
    assert confirmed.status == Match.Status.CONFIRMED and confirmed.version == version
    standings_show(page, competition, table_one, totals)
    status, body = api(live_server, "GET", f"/api/matches/{table_one.pk}", key)
    assert status == 200 and body["totals"] == totals and "table_url" in body
    log_out(phone)
    phone.goto(f"/competitions/{competition.slug}/")
    log_in(phone, SCORER, SCORER_PASSWORD)
    assert phone.locator("header a.nav-tonight").count() == 1  # still the club's scorer
    log_out(phone)
    with phone.expect_navigation():
        phone.locator("header a[href^='/accounts/login/']").click()
    assert phone.locator("main a[href='/accounts/password_reset/']").count() == 1  # "wachtwoord vergeten"
    no_violations(phone)
    log_out(page)
    page.goto("/")
    log_in(page, ORGANISER, PASSWORD)

    # the public home page: the real club's competition, no demo competition
    links = page.locator("main a[href^='/competitions/']").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert f"/competitions/{competition.slug}/" in links
    assert not [href for href in links if href.split("/")[2] in demo_slugs]
    no_violations(page)
