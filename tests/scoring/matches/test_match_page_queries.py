"""The match page runs at most 10 queries, and no more for a bigger match (anonymous and as staff)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import services
from tests.factories import seated_match, simulated_sheet

pytestmark = pytest.mark.django_db


def played(club, scorer, organiser, *, deals: int, slug: str, corrections: int = 0):
    """A match of ``deals`` deals, entered, confirmed and corrected ``corrections`` times (audit rows)."""
    match = seated_match(club=club, slug=slug, deals_per_match=deals)
    sheet = simulated_sheet(match, seed=deals)
    assert len(sheet) == deals
    saved = services.save_deals(match=match, user=scorer, deals=sheet, version=0)
    saved = services.confirm_match(match=saved, user=organiser)
    for i in range(corrections):
        sheet[i] = dict(sheet[i], roem=[20, 0] if sheet[i]["roem"] != [20, 0] else [0, 0])
        saved = services.save_deals(match=saved, user=organiser, deals=sheet, version=saved.version)
    return match


def count(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


@pytest.mark.parametrize("who", ["anonymous", "scorer", "organiser"])
def test_at_most_10_queries_and_the_same_for_16_and_32_deals(
    client, club, scorer, organiser, who, django_assert_max_num_queries, settings
):
    settings.PAGE_CACHE_ENABLED = False  # the page's own rendering is measured, not the public page cache
    small = played(club, scorer, organiser, deals=16, slug="zestien")
    big = played(club, scorer, organiser, deals=32, slug="tweeendertig", corrections=5)
    if who != "anonymous":
        client.force_login(scorer if who == "scorer" else organiser)
    client.get(small.get_absolute_url())  # warm up: session, content types, translations
    with django_assert_max_num_queries(10):
        response = client.get(small.get_absolute_url())
    assert response.status_code == 200
    with django_assert_max_num_queries(10):
        response = client.get(big.get_absolute_url() + "?tally=1")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-deal="32"' in html
    if who != "anonymous":
        assert 'id="audit"' in html
    assert count(client, small.get_absolute_url()) == count(client, big.get_absolute_url())


def test_queries_do_not_grow_with_the_audit_trail(client, club, scorer, organiser):
    few = played(club, scorer, organiser, deals=16, slug="weinig")
    many = played(club, scorer, organiser, deals=16, slug="veel", corrections=12)
    client.force_login(organiser)
    client.get(few.get_absolute_url())
    assert count(client, few.get_absolute_url()) == count(client, many.get_absolute_url())
