"""axe-core finds nothing (WCAG 2 A/AA) on every kind of page — public pages, organiser pages, the
phone at the table, the projector — at 390 px (a phone), 1024×768 (a beamer) and 1280 px (a laptop);
and the numbers that matter are on screen: the projector's scores at 1024×768, "Punten" on the
standings and the evening result at 390 px (issue 27 item 12)."""

from __future__ import annotations

import os
import random
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone
from django.views.defaults import server_error

from clubs import tokens as clubs_tokens
from clubs.models import Club, Player, StaffRole
from clubs.people import services as people
from clubs.setup.services import set_up_club
from competitions import services as organise
from competitions.base.table_codes import side_pin
from competitions.models import Competition, Match, MatchSeat, Round
from competitions.pagecache.keys import bump_competition
from scoring import services as scoring
from scoring.duplicate.demo import play_evening
from scoring.models import AuditEntry
from scoring.phones import services as table_services
from scoring.ratings.services import recompute
from tests.browser.axe import violations
from tests.browser.test_small_screens import pages_of, season  # noqa: F401 (fixture)
from tests.browser.test_table_phones import tables  # noqa: F401 (fixture)
from tests.browser.test_whole_evening import choose, fill
from tests.factories import UserFactory, publish_next_round, simulated_sheet
from tests.scoring.duplicate.conftest import dealt_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.slow]

VIEWPORTS = {
    "phone": {"width": 390, "height": 844},
    "beamer": {"width": 1024, "height": 768},
    "laptop": {"width": 1280, "height": 800},
}


def unsettle(individual) -> Match:
    """Tonight's dashboard shows every status label: one table entered, one sent back, one open."""
    matches = list(Match.objects.filter(round__competition=individual).order_by("-round__number", "table")[:3])
    Match.objects.filter(pk=matches[0].pk).update(status=Match.Status.ENTERED, confirmed_at=None, confirmed_by=None)
    return matches[0]


@pytest.mark.parametrize("size", list(VIEWPORTS), ids=list(VIEWPORTS))
def test_axe_finds_nothing_on_any_page_kind(new_page, season, tables, size):  # noqa: F811
    individual, pairs, user = season
    phone_match = tables[0]
    every_status(individual)  # tonight's dashboard shows every status label
    public, staff = pages_of(individual, pairs)
    public += [
        reverse("competitions:projector", args=[individual.slug]),
        reverse("table:home"),
        reverse("table:page", args=[phone_match.table_code]),
    ]
    staff += [reverse("table:phones")]
    page = new_page(viewport=VIEWPORTS[size])
    found = {}
    for url in public:
        page.goto(url)
        found[url] = violations(page)
    page.goto(reverse("login"))
    page.locator("#id_username").fill(user.username)
    page.locator("#id_password").fill("geheim-wachtwoord")
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()
    for url in staff:
        page.goto(url)
        found[url] = violations(page)
    found = {url: v for url, v in found.items() if v}
    assert found == {}, "\n".join(f"{url}\n  " + "\n  ".join(v) for url, v in found.items())


RIGHTMOST = """sel => Math.max(0, ...[...document.querySelectorAll(sel)]
    .filter(el => el.offsetParent !== null).map(el => el.getBoundingClientRect().right))"""


def test_the_projector_shows_every_score_at_1024(new_page, season):  # noqa: F811
    individual, _pairs, _user = season
    unsettle(individual)
    page = new_page(viewport=VIEWPORTS["beamer"])
    page.goto(reverse("competitions:projector", args=[individual.slug]))
    right = page.evaluate(RIGHTMOST, "main td, main th")
    assert right <= 1024, f"the projector's tables reach {right} px on a 1024 px beamer"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_punten_is_on_screen_on_a_phone(new_page, season):  # noqa: F811
    individual, _pairs, _user = season
    page = new_page(viewport=VIEWPORTS["phone"])
    for url in (
        reverse("competitions:standings", args=[individual.slug]),
        reverse("competitions:evening", args=[individual.slug, 1]),
    ):
        page.goto(url)
        heads = page.evaluate(
            """() => [...document.querySelectorAll('main table thead th')].filter(th => th.offsetParent !== null)
                .map(th => [th.textContent.trim(), Math.round(th.getBoundingClientRect().right)])"""
        )
        punten = [right for text, right in heads if text.startswith("Punten")]
        assert punten and all(right <= 390 for right in punten), (url, heads)


def every_status(individual) -> None:
    """Tonight's round of ``individual`` with a table in every status label: entered, being entered,
    open, sent back (in conflict), checked at the table, confirmed, and one that had two versions."""
    tables_ = list(Match.objects.filter(round__competition=individual).order_by("-round__number", "table")[:7])
    entered, draft, open_, sent_back, checked, _confirmed, two = tables_
    Match.objects.filter(pk__in=[entered.pk, sent_back.pk, checked.pk, two.pk]).update(
        status=Match.Status.ENTERED, confirmed_at=None, confirmed_by=None
    )
    Match.objects.filter(pk=draft.pk).update(status=Match.Status.DRAFT, confirmed_at=None, confirmed_by=None)
    Match.objects.filter(pk=open_.pk).update(status=Match.Status.OPEN, confirmed_at=None, confirmed_by=None)
    Match.objects.filter(pk=checked.pk).update(table_checked_at=timezone.now(), table_checked_side=1)
    AuditEntry.objects.create(match=sent_back, action=AuditEntry.Action.SEND_BACK, version=1, table_side=1)
    AuditEntry.objects.create(match=two, action=AuditEntry.Action.CONFLICT, version=1, table_side=1)
    AuditEntry.objects.create(match=two, action=AuditEntry.Action.SAVE, version=2, table_side=1)


def log_in_as(page, user) -> None:
    page.goto(reverse("login"))
    page.locator("#id_username").fill(user.username)
    page.locator("#id_password").fill("geheim-wachtwoord")
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()


def test_axe_finds_nothing_on_the_rarer_page_kinds(new_page, season, tables):  # noqa: F811
    """Struck-out evenings, every status label on tonight's dashboard, the error pages, a paused and an
    ended table link, the phone in conflict, check and accepted, the settings, history import,
    movement, duplicate, ratings and evening report pages."""
    individual, pairs, user = season
    Competition.objects.filter(pk=individual.pk).update(
        standings_method=Competition.StandingsMethod.BEST_N, count_best=12
    )
    bump_competition(individual.pk)
    every_status(individual)
    recompute(club=individual.club)
    player = Match.objects.filter(round__competition=individual).first().seats.first().player_id
    _club, duplicate, setup = dealt_evening(tables=2, boards=4, seed=3)
    StaffRole.objects.get_or_create(user=user, club=duplicate.club, role=StaffRole.Role.ORGANISER)
    play_evening(setup, random.Random(5), enterer=UserFactory(scorer_of=duplicate.club), confirmer=user)
    pair = duplicate.entrants.order_by("pk").first()
    found = {}

    # The phone: in conflict (a scorer saved meanwhile), then in check, then accepted (a scorer confirms).
    check, accepted = tables
    Competition.objects.filter(pk=check.round.competition_id).update(second_check=Competition.SecondCheck.SCORER)
    phone = new_page(viewport=VIEWPORTS["phone"])
    phone.goto(reverse("table:page", args=[check.table_code]))
    phone.wait_for_selector("body.table-ready")
    sheet = simulated_sheet(check)
    table_services.save_table_sheet(match=check, side=0, deals=sheet, version=0, key="axe-key-0001")
    choose(phone, "side", "1")
    choose(phone, "deal-1-bidder", "w")
    fill(phone, "deal-1-points_a", "100")
    phone.evaluate("document.getElementById('save').click()")
    phone.locator("#conflict").wait_for(state="visible")
    found["phone: two versions"] = violations(phone)
    phone.goto(reverse("table:page", args=[check.table_code]))
    assert phone.locator("#table-page[data-state='check']").count() == 1
    found["phone: check"] = violations(phone)
    table_services.save_table_sheet(
        match=accepted, side=0, deals=simulated_sheet(accepted), version=0, key="axe-key-0002"
    )
    table_services.accept_at_table(match=accepted, side=1, version=1, pin=side_pin(accepted.table_code, 1))
    phone.goto(reverse("table:page", args=[accepted.table_code]))
    assert phone.locator("#table-page[data-state='accepted']").count() == 1
    found["phone: accepted"] = violations(phone)
    phone.goto("/t/ABCDE-FGHJK/")
    found["phone: ended link"] = violations(phone)
    Round.objects.filter(pk=check.round_id).update(status=Round.Status.DRAFT)
    phone.goto(reverse("table:page", args=[check.table_code]))
    assert phone.locator("#table-link-state[data-state='paused']").count() == 1
    found["phone: paused link"] = violations(phone)

    page = new_page(viewport=VIEWPORTS["laptop"])
    public = [
        reverse("competitions:standings", args=[individual.slug]),
        reverse("competitions:evening-report", args=[individual.slug, 1]),
        reverse("ratings:index"),
        reverse("ratings:ranking", args=[individual.club.slug]),
        reverse("ratings:player", args=[individual.club.slug, player]),
        reverse("duplicate:overview", args=[duplicate.slug]),
        reverse("duplicate:board", args=[duplicate.slug, 1]),
        reverse("duplicate:pair", args=[duplicate.slug, pair.pk]),
        "/geen/pagina/",
    ]
    for url in public:
        page.goto(url)
        found[url] = violations(page)
    page.goto(public[0])
    assert page.locator("tbody .dropped").count() > 0  # the struck-out evenings were there
    page.goto(reverse("competitions:home"))
    page.set_content(server_error(RequestFactory().get("/")).content.decode())
    found["500"] = violations(page)
    log_in_as(page, user)
    staff = [
        reverse("tonight:dashboard", args=[individual.slug]),
        reverse("season:settings", args=[individual.slug]),
        reverse("season:history", args=[individual.slug]),
        reverse("staff:movement", args=[pairs.slug]),
        reverse("duplicate:deal", args=[duplicate.slug]),
    ]
    for url in staff:
        page.goto(url)
        found[url] = violations(page)
    page.goto(staff[0])
    shown = set(page.eval_on_selector_all("#tonight-tables tr[data-state]", "rows => rows.map(r => r.dataset.state)"))
    assert shown >= {"open", "entering", "entered", "checked", "confirmed", "conflict"}
    assert page.locator(".two-versions").count() == 1
    found = {url: v for url, v in found.items() if v}
    assert found == {}, "\n".join(f"{url}\n  " + "\n  ".join(v) for url, v in found.items())


# --- a club of its own and its members (issues 31 and 32): set-up, people, members, account, /me/ ---

CLUB_PASSWORD = "Ruiten-Heer-1987"
SHOTS = os.environ.get("BROWSER_SHOTS", "")  # a folder: a full-page screenshot of every page checked below

#: Text a person cannot read: cut off by a box that hides its overflow, or out of the screen where
#: nothing scrolls (one line per element: tag#id.class and why).
CLIPPED = """() => {
    const out = [], width = window.innerWidth;
    const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
        (el.classList.length ? '.' + [...el.classList].join('.') : '');
    const scrolls = el => { for (let a = el.parentElement; a; a = a.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return true; } return false; };
    for (const el of document.querySelectorAll('body *')) {
        const style = getComputedStyle(el), box = el.getBoundingClientRect();
        if (style.display === 'none' || style.visibility === 'hidden' || box.width <= 2 || box.height <= 2) continue;
        const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        if (!text) continue;
        const hides = [style.overflowX, style.overflowY].some(o => o === 'hidden' || o === 'clip');
        if (hides && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
            out.push(name(el) + ': cut off (' + el.scrollWidth + '×' + el.scrollHeight + ' in ' +
                     el.clientWidth + '×' + el.clientHeight + ')');
        else if (box.right > width + 1 && !scrolls(el)) out.push(name(el) + ': reaches ' + Math.round(box.right) + ' px');
    }
    return out;
}"""


CARD_DEALS = [
    {"bidder": 0, "points": [100, 62], "roem": [20, 0]},
    {"bidder": 1, "points": [90, 72], "roem": [0, 0]},
]


def club_of_its_own_world():
    """A real club beside the demo: its organiser (wilma) with an API token, an open invitation and a
    revoked one, two near-duplicate members, an evening tomorrow and a member (lid) with an account."""
    demo = Club.objects.create(name="Demo", slug="demo", is_demo=True)
    demo_login = UserFactory(username="organiser")
    StaffRole.objects.create(user=demo_login, club=demo, role=StaffRole.Role.ORGANISER)
    Player.objects.create(club=demo, member_number="D1", first_name="Demo", last_name="Speler")
    club, organiser = set_up_club(club_name="KV De Hoge Troef", username="wilma", password=CLUB_PASSWORD)
    competition = Competition.objects.create(
        club=club, name="Clubavonden 2026-2027", slug="hoge-troef", format="individual", is_public=True
    )
    members = [
        Player.objects.create(club=club, member_number=str(n), first_name=f"Lid{n}", last_name=f"van Achteren{n}")
        for n in range(1, 9)
    ]
    henk = Player.objects.create(club=club, member_number="12", first_name="Henk", last_name="Hebers")
    sr = Player.objects.create(club=club, member_number="G1", first_name="Henk", last_name="Hebers sr.")
    account = UserFactory(username="lid", email="lid@example.org")
    account.set_password(CLUB_PASSWORD)
    account.save()
    Player.objects.filter(pk=members[0].pk).update(account=account)
    evening = organise.create_evening(competition=competition, date=timezone.localdate() + timedelta(days=1))
    # a played table for lid's score card (and something for the evening's removal page to name)
    seat = MatchSeat.objects.select_related("match").get(match__round=publish_next_round(evening), player=members[0])
    scoring.save_deals(match=seat.match, user=organiser, deals=CARD_DEALS, version=seat.match.version)
    clubs_tokens.create_token(organiser, "scorebord in de zaal")
    _open, token = people.invite(club=club, role="scorer", by=organiser, email="teller@example.org")
    revoked, revoked_token = people.invite(club=club, role="member", player=henk, by=organiser)
    people.revoke_invitation(invitation=revoked, by=organiser)
    return club, henk, sr, token, revoked_token


def page_faults(page, size: str, label: str) -> list[str]:
    """What axe-core finds, plus sideways scrolling at 390 px and text cut off or off screen."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
        page.screenshot(path=f"{SHOTS}/{size}-{name}.png", full_page=True)
    faults = violations(page)
    if size == "phone" and not page.evaluate("document.documentElement.scrollWidth <= 390"):
        faults.append(f"scrolls sideways: {page.evaluate('document.documentElement.scrollWidth')} px wide")
    return faults + page.evaluate(CLIPPED)


@pytest.mark.parametrize("size", list(VIEWPORTS), ids=list(VIEWPORTS))
def test_the_club_and_member_pages_fit_and_axe_finds_nothing(new_page, size):
    """/setup/, the club page, people (a link just made), an invitation (open and revoked), the member
    list, a member, a merge, the demo's removal, /account/, /account/tokens/ (a token just made), /me/
    (with its name-display choice), an evening's "Avond afgelasten" question and its removal page, and a
    member's score card of an evening with a played table."""
    found = {}
    page = new_page(viewport=VIEWPORTS[size])

    Club.objects.create(name="Demo", slug="demo-only", is_demo=True)  # the demo alone: /setup/ is open
    page.goto(reverse("setup:setup"))
    found["setup"] = page_faults(page, size, "setup")
    Club.objects.all().delete()

    club, henk, sr, token, revoked_token = club_of_its_own_world()
    page.goto(reverse("people:invitation", args=[token]))
    found["invitation"] = page_faults(page, size, "invitation")
    page.goto(reverse("people:invitation", args=[revoked_token]))
    found["invitation revoked"] = page_faults(page, size, "invitation revoked")

    page.goto(reverse("login"))
    page.locator("#id_username").fill("wilma")
    page.locator("#id_password").fill(CLUB_PASSWORD)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()
    pages = {
        "club": reverse("club:page", args=[club.slug]),
        "members": reverse("clubs:members", args=[club.slug]),
        "member": reverse("clubs:member", args=[club.slug, sr.pk]),
        "merge": reverse("clubs:member-merge", args=[club.slug, sr.pk]) + f"?other={henk.pk}",
        "demo removal": reverse("demo:remove"),
        "account": reverse("people:account"),
        "invitation logged in": reverse("people:invitation", args=[token]),
        "evening cancel": reverse("staff:evening-cancel", args=["hoge-troef", 1]),
        "evening removal": reverse("staff:evening-delete", args=["hoge-troef", 1]),
    }
    for label, url in pages.items():
        page.goto(url)
        found[label] = page_faults(page, size, label)
    page.goto(reverse("people:people", args=[club.slug]))
    page.locator("#id_role").select_option("scorer")
    with page.expect_navigation():
        page.locator("#invite").click()
    assert page.locator("#invitation-link").count() == 1
    found["people, a link just made"] = page_faults(page, size, "people")
    page.goto(reverse("people:tokens"))
    page.locator("#id_name").fill("uitslagenbord")
    with page.expect_navigation():
        page.locator("#make-token").click()
    assert page.locator("#new-token").count() == 1
    found["tokens, one just made"] = page_faults(page, size, "tokens")

    member = new_page(viewport=VIEWPORTS[size])
    member.goto(reverse("login") + "?next=/me/")
    member.locator("#id_username").fill("lid")
    member.locator("#id_password").fill(CLUB_PASSWORD)
    with member.expect_navigation():
        member.locator("main form button[type=submit]").click()
    assert member.url.endswith("/me/")
    assert member.locator("[name$='name_shown']").count() >= 1  # the name-display choice is on /me/
    found["me"] = page_faults(member, size, "me")
    lid = Player.objects.get(account__username="lid")
    evening = Competition.objects.get(slug="hoge-troef").evenings.get()
    member.goto(reverse("members:card", args=[lid.pk, evening.pk]))
    assert member.locator(".card-deals tbody tr[data-deal]").count() == 2
    found["score card"] = page_faults(member, size, "score card")
    right = member.evaluate(RIGHTMOST, ".card-deals th, .card-deals td")
    assert right <= VIEWPORTS[size]["width"], f"the card's scores and totals reach {right} px (scrolled out of sight)"

    found = {label: faults for label, faults in found.items() if faults}
    assert found == {}, "\n".join(f"{label}\n  " + "\n  ".join(v) for label, v in found.items())
    assert page.js_errors == [] and member.js_errors == []
    # the check itself sees text cut off by its box and text beyond the screen's edge
    page.evaluate("""() => document.querySelector('main').insertAdjacentHTML('beforeend',
        '<p id="cut" style="width: 4rem; overflow: hidden; white-space: nowrap">Klaverjasvereniging</p>' +
        '<p id="off" style="position: relative; left: 2000px; white-space: nowrap">Troefboer</p>')""")
    assert {line.split(":")[0] for line in page.evaluate(CLIPPED)} == {"p#cut", "p#off"}
