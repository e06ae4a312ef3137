"""Every page fits the screen it is shown on.

- At 390 px (a phone) no public, entry, dashboard or organiser page scrolls sideways: a wide table
  scrolls inside its own box (``document.documentElement.scrollWidth <= innerWidth``).
- At 1280 px every column of the standings is on screen, with 20 club evenings as columns.
- On a 1024×768 beamer the projector shows every row of a long list, page after page, without
  scrolling, and a confirmation appears without a reload.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs.models import StaffRole
from competitions.models import Match, MatchSide
from scoring import services
from tests.factories import generated_individual, generated_pairs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.slow]

PHONE = {"width": 390, "height": 844}
FITS = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def season():
    """A season of 20 club evenings of 28 players, a pairs competition, and their organiser."""
    individual = generated_individual(
        players=28,
        evenings=20,
        rounds=1,
        slug="clubavonden-met-een-lange-naam",
        name="Clubavonden van de Klaverjasvereniging Troefboer 2025-2026",
    )
    pairs = generated_pairs(pairs=6, rounds=3, slug="vaste-paren", name="Vaste paren")
    user = get_user_model().objects.create_user("wedstrijdleider", password="geheim-wachtwoord")
    for competition in (individual, pairs):
        StaffRole.objects.get_or_create(user=user, club=competition.club, role=StaffRole.Role.ORGANISER)
    return individual, pairs, user


def pages_of(individual, pairs) -> tuple[list[str], list[str]]:
    match = Match.objects.filter(round__competition=individual).order_by("pk").first()
    pair_match = Match.objects.filter(round__competition=pairs).order_by("pk").first()
    player = match.seats.first().player_id
    public = [
        reverse("competitions:home"),
        reverse("login"),
        reverse("password_reset"),
    ]
    for competition, m in ((individual, match), (pairs, pair_match)):
        slug = competition.slug
        public += [
            reverse("competitions:detail", args=[slug]),
            reverse("competitions:standings", args=[slug]),
            reverse("competitions:round", args=[slug, 1]),
            reverse("scoring:match", args=[m.pk]),
            reverse("scoring:match", args=[m.pk]) + "?tally=1",
        ]
    public += [
        reverse("competitions:evening", args=[individual.slug, 1]),
        reverse("competitions:player", args=[individual.slug, player]),
    ]
    staff = [
        reverse("scoring:enter", args=[match.pk]),
        reverse("scoring:enter", args=[pair_match.pk]),
        reverse("scoring:blind", args=[pair_match.pk]),
        reverse("tonight:index"),
        reverse("tonight:dashboard", args=[individual.slug]),
        reverse("tonight:dashboard", args=[pairs.slug]),
        reverse("staff:dashboard"),
        reverse("staff:competition", args=[individual.slug]),
        reverse("staff:competition", args=[pairs.slug]),
        reverse("staff:attendance", args=[individual.slug, 1]),
        reverse("staff:draw", args=[individual.slug, 1]),
        reverse("staff:fixtures", args=[pairs.slug]),
    ]
    return public, staff


def test_no_page_scrolls_sideways_on_a_phone(new_page, live_server, season):
    individual, pairs, user = season
    public, staff = pages_of(individual, pairs)
    page = new_page(viewport=PHONE)
    too_wide = []
    for url in public:
        response = page.goto(url)
        assert response.status == 200, url
        if not page.evaluate(FITS):
            too_wide.append((url, page.evaluate("document.documentElement.scrollWidth")))
    page.goto(reverse("login"))
    page.locator("#id_username").fill(user.username)
    page.locator("#id_password").fill("geheim-wachtwoord")
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()
    for url in staff:
        response = page.goto(url)
        assert response.status == 200, url
        if not page.evaluate(FITS):
            too_wide.append((url, page.evaluate("document.documentElement.scrollWidth")))
    assert too_wide == [], too_wide
    # the wide tables are still all there: they scroll inside their own box
    page.goto(reverse("competitions:standings", args=[individual.slug]))
    assert page.evaluate(
        "[...document.querySelectorAll('main *')].some(el => el.scrollWidth > el.clientWidth + 1"
        " && getComputedStyle(el).overflowX === 'auto' && el.querySelector('th.ev'))"
    )
    assert page.js_errors == []


def test_a_rounds_tables_fit_a_phone_without_scrolling_sideways(new_page, season):
    """Both points and the second side are on screen at 390 px; the status is a sign (its words as
    the title), the deals are behind the table number instead of a column of their own. (With the
    demo's names the whole table fits; these generated names are long unbreakable words, so the
    last column may still need a swipe inside the table's own box.)"""
    individual, pairs, _user = season
    page = new_page(viewport=PHONE)
    for competition in (individual, pairs):
        page.goto(reverse("competitions:round", args=[competition.slug, 1]))
        table = page.locator("main table:has(td.col-status)")
        edges = table.evaluate(
            "t => [...t.querySelectorAll('thead th')].map(th => [th.getBoundingClientRect().left, th.getBoundingClientRect().right])"
        )
        points_b, side_b = edges[3], edges[4]  # table, side A, points, points, side B, status, deals
        assert points_b[1] <= 390 and side_b[0] <= 390 - 60, edges
        # a column of signs needs no heading as wide as the word, and the headings may wrap here
        status = edges[5]
        assert status[1] - status[0] < 45, edges
        assert page.locator("td.col-link").first.is_hidden()
        assert page.locator("td.col-status .status-short").first.is_visible()
        assert page.locator("td.col-status .status-long").first.is_hidden()
        first = table.locator("tbody tr").first
        with page.expect_navigation():
            first.locator("td").first.locator("a").click()
        assert "/matches/" in page.url
    wide = new_page(viewport={"width": 1280, "height": 900})
    wide.goto(reverse("competitions:round", args=[pairs.slug, 1]))
    assert (
        wide.locator("td.col-link").first.is_visible() and wide.locator("td.col-status .status-long").first.is_visible()
    )
    assert page.js_errors == [] and wide.js_errors == []


def test_every_standings_column_is_on_screen_at_1280(new_page, season):
    individual, _pairs, _user = season
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto(reverse("competitions:standings", args=[individual.slug]))
    assert page.evaluate(FITS)
    heads = page.locator("table.kv-table thead th")
    assert heads.count() >= 23  # rank, name, 20 evenings, total (and more)
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('table.kv-table thead th')].map(th => th.getBoundingClientRect().right))"
    )
    assert right <= 1280
    assert page.evaluate(
        "[...document.querySelectorAll('main .scroll, main .table-container')].every(el => el.scrollWidth <= el.clientWidth)"
    )


def test_the_projector_pages_through_a_long_list_and_shows_a_confirmation_live(new_page, season):
    individual, _pairs, user = season
    page = new_page(viewport={"width": 1024, "height": 768})
    page.goto(reverse("competitions:projector", args=[individual.slug]) + "?pace=1")
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    reel = page.locator("#season-standings").locator("xpath=ancestor::div[@data-reel]")
    pages = int(reel.get_attribute("data-pages"))
    assert pages >= 2  # 28 players do not fit a 768 px beamer at wall size
    seen = set()
    for _ in range(pages * 3):
        seen |= set(
            reel.evaluate("""reel => {
            const box = reel.getBoundingClientRect();
            return [...reel.querySelectorAll('tbody tr')].filter(tr => {
                const r = tr.getBoundingClientRect();
                return r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && getComputedStyle(tr).visibility !== 'hidden';
            }).map(tr => tr.querySelector('td').textContent.trim() + '|' + tr.querySelectorAll('td')[1].textContent.trim());
        }""")
        )
        page.wait_for_timeout(1000)
    assert len(seen) == 28, sorted(seen)

    # A result of the round being played is confirmed: the projector shows it without a reload.
    match = Match.objects.filter(round__competition=individual).order_by("-round__number", "table").first()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.ENTERED, confirmed_at=None, confirmed_by=None)
    page.goto(reverse("competitions:projector", args=[individual.slug]))
    row = page.locator(f'#round-results tr[data-table="{match.table}"]')
    assert row.get_attribute("data-status") == "entered"
    page.evaluate("window.__sameDocument = true")
    other = get_user_model().objects.create_user("teller2")
    StaffRole.objects.create(user=other, club=individual.club, role=StaffRole.Role.SCORER)
    services.confirm_match(match=match, user=other)
    page.wait_for_selector(f'#round-results tr[data-table="{match.table}"][data-status="confirmed"]', timeout=4000)
    assert page.evaluate("window.__sameDocument === true")  # no reload
    assert MatchSide.objects.filter(match=match).count() == 2
