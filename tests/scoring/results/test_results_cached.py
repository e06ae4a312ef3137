"""results.xlsx from the page cache (issue 34 item 12): the second anonymous download is the first's
file without building it again (one query: the key), a saved result is in the very next download, and
builds are bounded: with every build slot busy a reader waits, then gets 503 with Retry-After."""

from __future__ import annotations

import io
import json

import pytest
from django.core.cache import caches
from openpyxl import load_workbook

from clubs.tokens import create_token
from scoring.results import cache as results_cache
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture(autouse=True)
def page_cache(settings):
    settings.PAGE_CACHE_ENABLED = True
    caches["default"].clear()
    yield
    caches["default"].clear()


def content(response) -> bytes:
    return b"".join(response.streaming_content)


def rows(data: bytes) -> list[tuple]:
    book = load_workbook(io.BytesIO(data), read_only=True)
    return [tuple(row) for row in book.worksheets[0].iter_rows(values_only=True)]


def put(client, match, scorer, seed):
    return client.put(
        f"/api/matches/{match.pk}/deals",
        json.dumps({"version": match.version, "deals": simulated_sheet(match, seed=seed)}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {create_token(scorer)}",
    )


def test_the_second_download_comes_from_the_cache_and_a_save_is_in_the_next(client, django_assert_max_num_queries):
    match = seated_match(club=ClubFactory(slug="troef"), slug="uitslagen-cache")
    scorer = UserFactory(username="xlsx-scorer", scorer_of=match.round.competition.club)
    assert put(client, match, scorer, 1).status_code == 200
    url = f"/competitions/{match.round.competition.slug}/results.xlsx"
    first = client.get(url)
    assert first.status_code == 200 and first["X-Page-Cache"] == "miss"
    with django_assert_max_num_queries(2):
        second = client.get(url)
    first_file, second_file = content(first), content(second)
    assert second["X-Page-Cache"] == "hit" and second_file == first_file
    assert 'filename="uitslagen-cache-results.xlsx"' in second["Content-Disposition"]
    assert len(rows(second_file)) == 1 + 16

    match.refresh_from_db()
    assert put(client, match, scorer, 2).status_code == 200  # another sheet: the next download has it
    third = client.get(url)
    third_file = content(third)
    assert third["X-Page-Cache"] == "miss" and rows(third_file) != rows(first_file) and len(rows(third_file)) == 17
    round_one = client.get(url + "?round=1")
    assert round_one["X-Page-Cache"] == "miss"  # a round's file is its own entry


def test_builds_are_bounded(client, monkeypatch):
    match = seated_match(club=ClubFactory(slug="troef"), slug="uitslagen-druk")
    monkeypatch.setattr(results_cache, "WAIT_SECONDS", 0.2)
    assert results_cache.BUILDS.acquire(timeout=1)  # every build slot busy (one per process by default)
    try:
        response = client.get(f"/competitions/{match.round.competition.slug}/results.xlsx")
    finally:
        results_cache.BUILDS.release()
    assert response.status_code == 503 and response["Retry-After"] == "10"
    assert client.get(f"/competitions/{match.round.competition.slug}/results.xlsx").status_code == 200
