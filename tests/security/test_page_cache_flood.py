"""Issue 25, items 1 and 2: the public page cache.

1. A junk query parameter made every request a render (300 requests, 300 renders: 54 instead of 336
   requests/s) and grew Redis by 14 MB without bound. The key now takes only the parameters a page
   reads (``competitions.pagecache.middleware.PARAMETERS``); the rest are taken off the request and
   the page is served from the cache. Counted: renders (``X-Page-Cache: miss``) and cache entries.
2. A cached page carried links built from the request's Host: calendar.ics asked at one allowed host
   name handed its links to readers of another. With ``SITE_URL`` set the links are built from it
   whatever the host; without it, the key of a page with absolute links includes the address asked
   at (``ABSOLUTE_LINK_PAGES``), and every other cached page is checked to carry no host at all."""

import datetime
import re
from html import unescape
from urllib.parse import parse_qsl

import icalendar
import pytest
from django.core.cache import caches
from django.http import QueryDict
from django.test import Client
from django.urls import reverse

from clubs.public_names import CACHE_KEY
from competitions.pagecache.middleware import ABSOLUTE_LINK_PAGES, PARAMETERS, canonical_query
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    RoundFactory,
    generated_pairs,
    named_team_entrants,
    seated_match,
    team_fixture,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache():
    caches["default"].clear()
    caches["default"].set(CACHE_KEY, [], None)  # nobody chose a public name (clubs.public_names): not a page
    yield
    caches["default"].clear()


def entries() -> int:
    return len(caches["default"]._cache)  # the test settings' local-memory cache


def fetch(url: str, **headers):
    response = Client().get(url, **headers)
    assert response.status_code == 200, (url, response.status_code)
    return response


def test_three_hundred_junk_parameters_are_one_render():
    match = seated_match(club=ClubFactory(slug="troef"), slug="vloed")
    url = reverse("competitions:standings", args=[match.round.competition.slug])
    before = entries()
    kinds = [fetch(f"{url}?junk{n}={n}&utm_source=x{n}")["X-Page-Cache"] for n in range(300)]
    assert kinds.count("miss") == 1 and kinds.count("hit") == 299
    assert entries() - before == 1  # one page stored, not 300
    assert fetch(url)["X-Page-Cache"] == "hit"  # the plain address is that same page


def test_junk_values_of_a_parameter_the_page_reads_are_one_render_too():
    match = seated_match(club=ClubFactory(slug="troef"), slug="vloed-sort")
    url = reverse("competitions:round", args=[match.round.competition.slug, 1])
    kinds = [fetch(f"{url}?sort=nonsense{n}")["X-Page-Cache"] for n in range(50)]  # no such column
    kinds += [fetch(f"{url}?tally=yes{n}")["X-Page-Cache"] for n in range(50)]
    assert kinds.count("miss") == 1
    page = fetch(f"{reverse('scoring:match', args=[match.pk])}?tally=1&junk=1")
    assert page["X-Page-Cache"] == "miss"  # a parameter the page reads is a page of its own


def test_a_page_rendered_for_junk_carries_no_junk():
    match = seated_match(club=ClubFactory(slug="troef"), slug="vloed-links")
    url = reverse("competitions:round", args=[match.round.competition.slug, 1])
    html = fetch(f"{url}?evil=%22onmouseover%3Dalert(1)&sort=table").content.decode()
    assert "evil" not in html and "onmouseover" not in html  # nor in the sort links or the login's next
    assert "sort=table" in html or "sort=-table" in html


def test_every_sort_and_page_link_of_the_public_pages_survives_the_cleaning():
    """The list of parameters is complete: each link a cached page makes to itself keeps every one of
    its parameters (a page that starts reading a new one must add it to PARAMETERS)."""
    comp = generated_pairs(pairs=8, rounds=2)
    slug = comp.slug
    match = comp.rounds.get(number=1).matches.first()
    pages = {
        "competitions:home": reverse("competitions:home"),
        "competitions:detail": reverse("competitions:detail", args=[slug]),
        "standings:page": reverse("standings:page", args=[slug]) + "?per_page=2",
        "competitions:round": reverse("competitions:round", args=[slug, 1]),
        "scoring:match": reverse("scoring:match", args=[match.pk]),
    }
    checked = 0
    for name, url in pages.items():
        html = fetch(url).content.decode()
        for href in re.findall(r'href="(\?[^"]*)"', html):
            query = unescape(href)[1:]
            pairs = parse_qsl(query, keep_blank_values=True)
            assert {k for k, _v in pairs} <= set(PARAMETERS[name]), (name, query)
            cleaned = dict(parse_qsl(canonical_query(QueryDict(query), PARAMETERS[name])))
            assert cleaned == dict(pairs), (name, query, cleaned)
            checked += 1
    assert checked >= 5


@pytest.fixture
def dated_league():
    comp = CompetitionFactory(format="teams", slug="kalender", name="Kalender")
    a, b = named_team_entrants(comp, ["Troefboer 1", "Vrolijke Boer 1"], size=4)
    first = RoundFactory(competition=comp, number=1)
    first.date = datetime.date(2026, 9, 12)
    first.save()
    team_fixture(first, a, b, ((1900, 1500), (1750, 1700)))
    return comp


def links(response) -> set[str]:
    calendar = icalendar.Calendar.from_ical(response.content)
    found = set()
    for event in calendar.walk("VEVENT"):
        found.update(re.findall(r"https?://[^\s/]+", str(event.get("DESCRIPTION", ""))))
    return found


def test_a_cached_calendar_never_hands_one_hosts_links_to_another(dated_league, settings):
    settings.SITE_URL = ""
    url = reverse("competitions:calendar", args=[dated_league.slug])
    first = fetch(url, HTTP_HOST="localhost")
    assert links(first) == {"http://localhost"} and first["X-Page-Cache"] == "miss"
    second = fetch(url, HTTP_HOST="127.0.0.1")
    assert links(second) == {"http://127.0.0.1"}  # its own host's links, not the cached page's
    assert fetch(url, HTTP_HOST="localhost")["X-Page-Cache"] == "hit"


def test_with_site_url_the_links_are_the_sites_whatever_the_host(dated_league, settings):
    settings.SITE_URL = "https://klaverjas.example.org"
    url = reverse("competitions:calendar", args=[dated_league.slug])
    for host in ("localhost", "127.0.0.1", "testserver"):
        assert links(fetch(url, HTTP_HOST=host)) == {"https://klaverjas.example.org"}


def test_no_other_cached_page_carries_the_host_it_was_asked_at(settings):
    """Only the pages in ABSOLUTE_LINK_PAGES may build links from the request's host: every other
    cached page is one entry for all hosts (app servers behind one proxy share it)."""
    settings.SITE_URL = ""
    comp = generated_pairs(pairs=8, rounds=2)
    match = comp.rounds.get(number=1).matches.first()
    entrant = comp.entrants.first()
    player = match.seats.first().player
    urls = [
        reverse("competitions:home"),
        reverse("competitions:detail", args=[comp.slug]),
        reverse("competitions:standings", args=[comp.slug]),
        reverse("competitions:round", args=[comp.slug, 1]),
        reverse("competitions:player", args=[comp.slug, player.pk]),
        reverse("competitions:fixtures", args=[comp.slug]),
        reverse("competitions:team", args=[comp.slug, entrant.pk]),
        reverse("scoring:match", args=[match.pk]),
        f"/api/competitions/{comp.slug}/standings",
        f"/api/competitions/{comp.slug}/rounds/1",
        f"/api/competitions/{comp.slug}/fixtures",
        "/api/competitions",
        f"/api/matches/{match.pk}",
    ]
    webcal = {
        reverse("competitions:detail", args=[comp.slug]),
        reverse("competitions:fixtures", args=[comp.slug]),
        reverse("competitions:team", args=[comp.slug, entrant.pk]),  # a webcal: link too (issue 34 item 2)
    }
    for url in urls:
        body = fetch(url, HTTP_HOST="localhost").content.decode()
        if url in webcal:  # their webcal: links name the host: keyed on it (WEBCAL_PAGES)
            assert fetch(url, HTTP_HOST="127.0.0.1")["X-Page-Cache"] == "miss", url
            continue
        assert "//localhost" not in body, url
    assert set(ABSOLUTE_LINK_PAGES) == {"competitions:calendar", "competitions:team_calendar"}
