"""axe-core finds nothing (WCAG 2 A/AA) on every kind of page — public pages, organiser pages, the
phone at the table, the projector — at 390 px (a phone), 1024×768 (a beamer) and 1280 px (a laptop);
and the numbers that matter are on screen: the projector's scores at 1024×768, "Punten" on the
standings and the evening result at 390 px (issue 27 item 12)."""

from __future__ import annotations

import random

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone
from django.views.defaults import server_error

from clubs.models import StaffRole
from competitions.base.table_codes import side_pin
from competitions.models import Competition, Match, Round
from competitions.pagecache.keys import bump_competition
from scoring.duplicate.demo import play_evening
from scoring.models import AuditEntry
from scoring.phones import services as table_services
from scoring.ratings.services import recompute
from tests.browser.axe import violations
from tests.browser.test_small_screens import pages_of, season  # noqa: F401 (fixture)
from tests.browser.test_table_phones import tables  # noqa: F401 (fixture)
from tests.browser.test_whole_evening import choose, fill
from tests.factories import UserFactory, simulated_sheet
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
