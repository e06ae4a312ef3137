"""Issue 27, "done when": a whole club evening with the exceptions that happen every club night, played
in headless chromium on the live server. The organiser (1280 px) ticks the members, one of them late,
and adds a walk-in after ticking; draws round 1 (the late arrival sits it out) and publishes it. The
phones (390 px) open their tables' links. While table 1's phone types, the organiser seats the late
arrival there (reseat), then unpublishes the round and publishes it again: the phone that saves while
the round is unpublished is told so in Dutch and delivers its sheet by itself once the round is back,
under the same link. Table 2 has a conflict (two phones, one sheet), table 3's phone is offline when it
saves. The projector shows the evening at 1024 x 768. Nothing typed is lost, and no page is technical.

The phones are driven through stable hooks only (input names, #save, #overwrite, #save-state and
#table-page data-state), filled by script as a thumb would, so the phone layout may change around them.
"""

from __future__ import annotations

import datetime
import re

import pytest

from clubs.models import Club, Player
from competitions import services as organise
from competitions.base import table_codes
from competitions.evenings import services as evening_services
from competitions.models import Attendance, Competition, Match, Round, SitOut
from scoring.models import AuditEntry
from tests.browser.helpers import log_in
from tests.browser.typed_sheet import SHEET
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
PROJECTOR = {"viewport": {"width": 1024, "height": 768}}
TECHNICAL = re.compile(r"Traceback|URLconf|DEBUG = True|Page not found \(404\)|Server Error \(500\)|Request Method")


@pytest.fixture
def club_night():
    club = Club.objects.create(slug="de-troef", name="KV De Troef", city="Gouda")
    names = ("Anna", "Bert", "Carla", "Dirk", "Els", "Frans", "Gerda", "Henk", "Ingrid", "Jan", "Karin", "Lars")
    players = [
        Player.objects.create(club=club, member_number=str(100 + i), first_name=first, last_name="de Vries")
        for i, first in enumerate(names)
    ]
    competition = Competition.objects.create(
        club=club,
        name="Clubavonden",
        slug="troef-avonden",
        format=Competition.Format.INDIVIDUAL,
        ruleset="amsterdam",
        rounds_per_evening=3,
        three_player_tables=True,
    )
    user = UserFactory(username="leider", organiser_of=club)
    return competition, players, user


class Visits:
    """Every page a browser loaded, with its status: none may be a technical page."""

    def __init__(self):
        self.seen: list[tuple[int, str]] = []

    def watch(self, page) -> None:
        page.on("response", self._response)

    def _response(self, response) -> None:
        if response.request.resource_type == "document":
            try:
                body = response.text()
            except Exception:  # a redirect has no body
                body = ""
            self.seen.append((response.status, response.url))
            assert not TECHNICAL.search(body), f"a technical page at {response.url}"
            assert response.status < 500, f"{response.status} at {response.url}"


def fill(page, name: str, value: str) -> None:
    """Type ``value`` into the input named ``name`` as a thumb would (an input event), wherever the
    layout puts it."""
    page.evaluate(
        """([name, value]) => {
            const el = document.querySelector(`input[name="${name}"]`);
            el.value = value;
            el.dispatchEvent(new Event("input", { bubbles: true }));
        }""",
        [name, value],
    )


def choose(page, name: str, value: str) -> None:
    """Tap the radio ``name`` = ``value`` (the bidder, the pit, who types the sheet)."""
    page.evaluate(
        """([name, value]) => {
            const el = document.querySelector(`input[name="${name}"][value="${value}"]`);
            el.checked = true;
            el.dispatchEvent(new Event("change", { bubbles: true }));
        }""",
        [name, value],
    )


def type_deals(page, numbers) -> None:
    for number in numbers:
        deal = SHEET[number - 1]
        choose(page, f"deal-{number}-bidder", deal.bidder)
        if deal.pit:
            choose(page, f"deal-{number}-pit", deal.pit)
        if deal.roem_a:
            fill(page, f"deal-{number}-roem_a", deal.roem_a)
        if deal.roem_b:
            fill(page, f"deal-{number}-roem_b", deal.roem_b)
        fill(page, f"deal-{number}-points_a", str(deal.points_a))
        fill(page, f"deal-{number}-points_b", str(deal.points_b))


def kept_on_phone(page, code: str) -> dict:
    return page.evaluate(f"JSON.parse(window.localStorage.getItem('klaverjas-table:{code}') || 'null')") or {}


def open_phone(new_context, visits: Visits, code: str):
    page = new_context(**PHONE).new_page()
    page.js_errors = []
    page.on("pageerror", lambda error: page.js_errors.append(str(error)))
    visits.watch(page)
    page.goto(f"/t/{code}/")
    page.wait_for_selector("body.table-ready")
    return page


def save(page) -> None:
    page.evaluate("document.getElementById('save').click()")


def test_a_whole_club_evening_with_its_exceptions(club_night, new_context):
    competition, players, user = club_night
    visits = Visits()
    desk = new_context().new_page()
    desk.js_errors = []
    desk.on("pageerror", lambda error: desk.js_errors.append(str(error)))
    visits.watch(desk)
    desk.goto("/manage/")
    log_in(desk, "leider", "pw")

    # --- A new evening: today's date is filled in.
    desk.goto(f"/manage/competitions/{competition.slug}/")
    assert desk.locator("#id_date").input_value() == datetime.date.today().isoformat()
    with desk.expect_navigation():
        desk.locator("form[action$='/evenings/new/'] button[type=submit]").click()
    evening = competition.evenings.get()

    # --- Attendance: eleven ticked, one late, nothing saved yet; then a walk-in keeps every tick.
    late = players[11]
    for player in players[:11]:
        desk.locator(f"#present-{player.pk}").check()
    desk.locator(f"input[name=late][value='{late.pk}']").check()
    desk.fill("#id_first_name", "Gerrit")
    desk.fill("#id_last_name", "van der Gast")
    with desk.expect_navigation():
        desk.locator("#walk-in button[type=submit]").click()
    assert Attendance.objects.filter(evening=evening).count() == 13
    assert Attendance.objects.get(evening=evening, player=late).arrived_late
    assert desk.locator("input[name=present]:checked").count() == 13  # 11 + the walk-in, the late one's late box
    assert desk.locator(f"input[name=late][value='{late.pk}']").is_checked()

    # --- Round 1: the late arrival sits it out; twelve play at three tables. Publish.
    with desk.expect_navigation():
        desk.locator(f"form[action$='/evenings/{evening.number}/rounds/new/'] button[type=submit]").click()
    round_ = Round.objects.get(evening=evening)
    assert SitOut.objects.filter(round=round_, player=late).exists()
    assert late.name in desk.locator("#sitting-out").inner_text()
    with desk.expect_navigation():
        desk.locator("form[action$='/publish/'] button[type=submit]").click()
    tables = list(Match.objects.filter(round=round_).order_by("table"))
    assert len(tables) == 3 and all(m.sides == 2 for m in tables)
    codes = {m.table: m.table_code for m in tables}

    # --- Table 1's phone types eight deals (kept on the phone, not saved yet).
    one = open_phone(new_context, visits, codes[1])
    assert "Avond 1 · ronde 1" in one.locator("body").inner_text()
    choose(one, "side", "0")
    type_deals(one, range(1, 9))
    assert len([k for k in kept_on_phone(one, codes[1]).get("fields", {}) if k.endswith("points_a")]) == 8

    # --- Meanwhile the late arrival comes in and takes a seat at table 1 (reseat after publishing).
    leaver = Match.objects.get(pk=tables[0].pk).seats.order_by("seat").first().player
    desk.select_option("#id_reseat_a", str(leaver.pk))
    desk.select_option("#id_reseat_b", str(late.pk))
    with desk.expect_navigation():
        desk.locator("form[action$='/reseat/'] button[type=submit]").click()
    assert late.pk in set(Match.objects.get(pk=tables[0].pk).seats.values_list("player_id", flat=True))
    assert dict(Match.objects.filter(round=round_).values_list("table", "table_code")) == codes  # QR codes live

    # --- The organiser unpublishes (to change the draw) and publishes again; table 1 saves in between.
    desk.locator("#undo summary").click()
    with desk.expect_navigation():
        desk.locator("#unpublish").click()
    type_deals(one, range(9, 17))
    save(one)
    one.wait_for_selector("#save-state[data-state='offline']")
    assert "wedstrijdleider" in one.locator("#save-state").inner_text()  # told in Dutch why it waits
    assert Match.objects.get(pk=tables[0].pk).deals_played == 0
    with desk.expect_navigation():
        desk.locator("form[action$='/publish/'] button[type=submit]").click()
    assert dict(Match.objects.filter(round=round_).values_list("table", "table_code")) == codes
    one.wait_for_selector("#table-page[data-state='check']", timeout=20_000)  # delivered by itself
    first = Match.objects.get(pk=tables[0].pk)
    assert (first.status, first.deals_played) == (Match.Status.ENTERED, 16)

    # --- Table 2: two phones type the same sheet; the second to save meets the conflict and keeps its own.
    two_a = open_phone(new_context, visits, codes[2])
    two_b = open_phone(new_context, visits, codes[2])
    for phone, side in ((two_a, "0"), (two_b, "1")):
        choose(phone, "side", side)
        type_deals(phone, range(1, 17))
    fill(two_b, "deal-16-points_a", "62")
    fill(two_b, "deal-16-points_b", "100")
    save(two_a)
    two_a.wait_for_selector("#table-page[data-state='check']")
    save(two_b)
    two_b.wait_for_selector("#save-state[data-state='conflict']")
    assert two_b.locator("input[name='deal-16-points_a']").input_value() == "62"  # nothing of B's lost
    # Both versions deal by deal before it chooses, in Dutch, the differing deal and its points marked.
    conflict = two_b.locator("#conflict")
    conflict.wait_for(state="visible")
    assert "Twee versies van dit blad" in conflict.inner_text() and "wij" in two_b.locator("#conflict-who").inner_text()
    assert two_b.locator("#conflict-table tbody tr").count() == 16
    assert two_b.eval_on_selector_all(
        "#conflict-table tr[data-differs='1']", "rows => rows.map(r => r.dataset.deal)"
    ) == ["16"]
    row = two_b.locator("#conflict-table tr[data-deal='16']")
    assert row.locator("td[data-version='mine'] mark[data-field='points']").inner_text() == "62\u00a0–\u00a0100"
    assert row.locator("td[data-version='theirs'] mark[data-field='points']").count() == 1
    two_b.locator("#save-mine").click()
    two_b.wait_for_selector("#table-page[data-state='check']")
    second = Match.objects.get(pk=tables[1].pk)
    assert second.deals_played == 16 and list(second.deals.get(number=16).points) == [62, 100]
    assert AuditEntry.objects.filter(match=second, action=AuditEntry.Action.SAVE).count() == 2  # both kept
    refused = AuditEntry.objects.get(match=second, action=AuditEntry.Action.CONFLICT)
    assert (refused.table_side, refused.after[15]["points"]) == (1, [62, 100])
    # The dashboard: two versions existed, and the one by "zij" (phone B) stands.
    desk.goto(f"/manage/competitions/{competition.slug}/tonight/")
    assert desk.locator("#table-2 .two-versions").inner_text() == "twee versies; die van zij staat"

    # --- Table 3: the phone is offline when it saves, and delivers the sheet once when back.
    three = open_phone(new_context, visits, codes[3])
    choose(three, "side", "1")
    type_deals(three, range(1, 17))
    three.context.set_offline(True)
    save(three)
    three.wait_for_selector("#save-state[data-state='offline']")
    assert Match.objects.get(pk=tables[2].pk).deals_played == 0
    three.context.set_offline(False)
    three.wait_for_selector("#table-page[data-state='check']", timeout=20_000)
    third = Match.objects.get(pk=tables[2].pk)
    assert third.deals_played == 16
    assert AuditEntry.objects.filter(match=third, action=AuditEntry.Action.SAVE).count() == 1

    # --- The opponents accept at each table; the projector shows the evening at 1024 x 768.
    pin_of = getattr(table_codes, "side_pin", None)  # the opponents' acceptance code (issue 25), once it exists
    for phone, match in ((one, tables[0]), (two_b, tables[1]), (three, tables[2])):
        phone.goto(phone.url.split("?")[0])
        accept = phone.locator("[id^='accept-']").first
        side = int(accept.get_attribute("id").rsplit("-", 1)[1])
        pin = phone.locator(f"#pin-{side}")
        if pin.count() and pin_of is not None:
            pin.fill(pin_of(match.table_code, side))
        with phone.expect_navigation():
            accept.click()
    assert Match.objects.filter(round=round_, table_checked_at__isnull=False).count() == 3  # accepted at each table
    projector = new_context(**PROJECTOR).new_page()
    visits.watch(projector)
    projector.goto(f"/competitions/{competition.slug}/standings/projector/")
    overflow = projector.evaluate("document.documentElement.scrollWidth")
    assert overflow <= 1024, f"the projector page is {overflow} px wide at 1024 px"

    # --- A dead link on a phone is a Dutch page in the site's look, never a technical one.
    dead = new_context(**PHONE).new_page()
    visits.watch(dead)
    dead.goto("/t/ABCDE-FGHJK/")
    assert dead.locator("#table-link-state[data-state='ended']").count() == 1
    dead.goto("/geen/pagina/")
    assert dead.locator(".error-page").count() == 1

    for page in (desk, one, two_a, two_b, three):
        assert page.js_errors == [], page.js_errors
    assert len(visits.seen) > 15


def test_a_table_link_that_ends_carries_the_typed_deals_to_the_new_sheet(club_night, new_context):
    """Redrawn with fewer tables (four players went home before anything was saved), table 3 is no
    more: its phone is told so in Dutch, and the deals typed there come along to the new table's sheet."""
    competition, players, _user = club_night
    visits = Visits()
    evening = organise.create_evening(competition=competition)
    organise.register_attendance(evening=evening, players=players)
    round_ = organise.publish_round(round=organise.draw_next_round(evening=evening, seed=5))
    codes = dict(round_.matches.values_list("table", "table_code"))
    phone = open_phone(new_context, visits, codes[3])
    choose(phone, "side", "0")
    type_deals(phone, range(1, 5))
    gone = [s.player for s in Match.objects.get(round=round_, table=3).seats.select_related("player")]
    evening_services.unpublish_round(round=round_)
    evening_services.set_sit_outs(round=round_, player_ids=[p.pk for p in gone])
    organise.redraw(round=round_, seed=6)
    organise.publish_round(round=round_)
    assert dict(round_.matches.values_list("table", "table_code")) == {1: codes[1], 2: codes[2]}
    save(phone)
    phone.wait_for_selector("#table-link-state[data-state='ended']", timeout=20_000)
    assert "werkt niet meer" in phone.locator("#table-link-state").inner_text()
    phone.goto(f"/t/{codes[2]}/")
    phone.wait_for_selector("body.table-ready")
    assert phone.locator("#moved-notice").is_visible()
    for number in range(1, 5):
        typed = phone.locator(f"input[name='deal-{number}-points_a']").input_value()
        assert typed == str(SHEET[number - 1].points_a)
    assert phone.js_errors == []
