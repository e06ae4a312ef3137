"""Issue 33 item 6 (its last part): the projector on a 1024×768 beamer never cuts a pair's name (a long
name wraps; no ellipsis, nothing hidden past the cell's edge), and every page of a long list shows its
title: the pager's page 2 (static/js/projector.js) keeps the list's heading on screen, as the no-script
screens (``?screen=N``) do. axe-core stays clean on a page 2."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Player
from competitions.models import Entrant
from tests.browser.axe import violations
from tests.factories import generated_individual, generated_pairs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BEAMER = {"width": 1024, "height": 768}
LONG_PAIRS = [
    "Annemarie van der Heijden-Vermeulen & Jan-Willem Oosterhuis",
    "Gerardina Wilhelmina van Oldenbarnevelt & Hendrik-Jan Schimmelpenninck",
    "Maria Magdalena de Jong-Terpstra & Pieter-Bas van Hoogstraten",
    "Johanna Cornelia Vanderhoeven & Willem-Alexander Tjeenk Willink",
]
LONG_PLAYERS = [("Annemarie", "van der Heijden-Vermeulen"), ("Jan-Willem", "Oosterhuis-Schimmelpenninck")]

# every name cell shown: its text, whether it is cut (content wider than the cell, or an ellipsis), and
# where it is on screen
NAMES = """() => [...document.querySelectorAll('#live td.name, #live td.sides, #live td.sides .side')]
    .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
    .map(el => { const s = getComputedStyle(el); return {
        text: el.textContent.trim(),
        cut: el.scrollWidth > el.clientWidth + 1 || (s.textOverflow === 'ellipsis' && s.overflowX !== 'visible'),
    }; })"""

# per reel: the page shown, and whether the heading of the section at the top of the page is on screen
# and not covered (the element at its centre is the heading itself)
TITLES = """() => [...document.querySelectorAll('#live [data-reel]')].map(reel => {
    const box = reel.getBoundingClientRect();
    const rows = [...reel.querySelectorAll('tbody tr, p')].filter(el => {
        const r = el.getBoundingClientRect();
        return r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && getComputedStyle(el).visibility !== 'hidden';
    });
    const section = rows.length ? rows[0].closest('section') : null;
    const h2 = section ? section.querySelector('h2') : null;
    let shown = false;
    if (h2) {
        const r = h2.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + r.height / 2);
        shown = r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && getComputedStyle(h2).visibility !== 'hidden'
            && !!hit && h2.contains(hit);
    }
    return {page: reel.dataset.page, pages: reel.dataset.pages, section: section && section.id,
            title: h2 && h2.textContent.trim(), shown: shown};
})"""


@pytest.fixture
def long_pairs():
    competition = generated_pairs(pairs=16, rounds=3, slug="lange-paren", name="Vaste paren")
    for entrant, name in zip(Entrant.objects.filter(competition=competition).order_by("seed"), LONG_PAIRS * 4):
        Entrant.objects.filter(pk=entrant.pk).update(name=f"{name} {entrant.seed}")
    return competition


@pytest.fixture
def long_evening():
    competition = generated_individual(players=28, evenings=1, rounds=1, slug="lange-namen")
    for player, (first, last) in zip(Player.objects.filter(club=competition.club).order_by("pk"), LONG_PLAYERS * 14):
        Player.objects.filter(pk=player.pk).update(first_name=first, last_name=f"{last} {player.pk}")
    return competition


def through_every_page(page) -> tuple[list[dict], list[dict]]:
    """The projector's pages, one by one (pace 1 s): the name cells and the titles of each."""
    pages = max(int(p) for p in page.locator("#live [data-reel]").evaluate_all("rs => rs.map(r => r.dataset.pages)"))
    names, titles = [], []
    for _ in range(pages + 1):
        names += page.evaluate(NAMES)
        titles += page.evaluate(TITLES)
        page.wait_for_timeout(1000)
    return names, titles


@pytest.mark.parametrize("fixture", ["long_pairs", "long_evening"])
def test_the_projector_cuts_no_name_and_every_page_has_its_title(new_page, request, fixture):
    competition = request.getfixturevalue(fixture)
    page = new_page(viewport=BEAMER)
    page.goto(reverse("competitions:projector", args=[competition.slug]) + "?pace=1")
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    names, titles = through_every_page(page)
    assert names and all(not n["cut"] for n in names), [n["text"] for n in names if n["cut"]]
    if fixture == "long_pairs":
        assert any(n["text"].startswith(LONG_PAIRS[0]) for n in names)
    assert any(int(t["page"]) >= 2 for t in titles), titles  # there is a page 2
    assert all(t["shown"] for t in titles), [t for t in titles if not t["shown"]]
    # a page 2 as shown is clean for axe-core
    page.wait_for_function("[...document.querySelectorAll('#live [data-reel]')].some(r => r.dataset.page === '2')")
    assert violations(page) == []


def test_each_screen_without_javascript_has_its_titles_and_whole_names(new_context, long_evening):
    page = new_context(java_script_enabled=False, viewport=BEAMER).new_page()
    url = reverse("competitions:projector", args=[long_evening.slug])
    page.goto(url + "?screen=2")
    assert page.locator("h1").inner_text().endswith(long_evening.name)
    titles = page.locator("#live h2").all_inner_texts()
    assert any(t.startswith("Seizoen") or t.startswith("Season") for t in titles), titles
    assert not page.locator("#season-standings p").filter(has_text="No results yet").count()
    cut = [n["text"] for n in page.evaluate(NAMES) if n["cut"]]
    assert cut == []
