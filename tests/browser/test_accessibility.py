"""axe-core finds nothing (WCAG 2 A/AA) on every kind of page — public pages, organiser pages, the
phone at the table, the projector — at 390 px (a phone), 1024×768 (a beamer) and 1280 px (a laptop);
and the numbers that matter are on screen: the projector's scores at 1024×768, "Punten" on the
standings and the evening result at 390 px (issue 27 item 12)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from competitions.models import Match
from tests.browser.axe import violations
from tests.browser.test_small_screens import pages_of, season  # noqa: F401 (fixture)
from tests.browser.test_table_phones import tables  # noqa: F401 (fixture)

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
    unsettle(individual)
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
