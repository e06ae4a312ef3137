"""No URL answers a server error, whatever its parameters: walk every URL pattern (the API's GETs too)
with hostile values in the path and the query string — negative, huge, unicode digits, NUL, empty —
as an anonymous visitor, a scorer and an organiser, and accept anything but a 5xx."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from competitions.models import Match
from tests.test_club_boundary import all_patterns, world  # noqa: F401 (world is a fixture)

pytestmark = pytest.mark.django_db

HOSTILE = ["-1", "9" * 30, "²", "١٢", "\x00", "", "abc"]
#: every query parameter a view reads (grep request.GET), plus django-tables2's
PARAMETERS = ["round", "page", "per_page", "sort", "tally", "part", "saved", "rows", "pace", "code", "next", "q"]
SKIPPED = ("admin/", "accounts/reset/", "i18n/")
PATH_ARGUMENT = re.compile(r"<(?:(\w+):)?(\w+)>")


def paths(pattern: str, world) -> list[str]:  # noqa: F811
    """The pattern filled with the world's objects, then with hostile values for every argument."""
    match: Match = world["match"]
    good = {
        "slug": world["club"].slug if pattern.startswith("manage/clubs/") else world["competition"].slug,
        "number": "1",
        "pk": str(match.pk),
        "match_id": str(match.pk),
        "player_id": str(world["player"].pk),
        "code": match.table_code or "nocode",
    }

    def filled(value_for) -> str:
        return "/" + PATH_ARGUMENT.sub(lambda m: value_for(m.group(1), m.group(2)), pattern)

    result = [(filled(lambda converter, name: good.get(name, "1")), True)]
    if PATH_ARGUMENT.search(pattern):
        for hostile in ("0", "9" * 20, "-1", "²"):
            result.append((filled(lambda converter, name: hostile), False))
    return result


def client_of(who: str, world) -> Client:  # noqa: F811
    from tests.factories import UserFactory

    client = Client()
    if who == "scorer":
        client.force_login(UserFactory(username="walker-scorer", scorer_of=world["club"]))
    elif who == "organiser":
        client.force_login(world["org_a"])
    return client


# One test per visitor, so that the crawl (over a thousand requests each) spreads over the workers.
@pytest.mark.parametrize("who", ["anonymous", "scorer", "organiser"])
def test_no_url_answers_a_server_error_to_hostile_parameters(who, world):  # noqa: F811
    failures = []
    urls = [
        url
        for pattern, _view in all_patterns()
        if not pattern.startswith(SKIPPED) and "(?P" not in pattern
        for url in paths(pattern, world)
    ]
    assert len(urls) > 60
    requests_made = 0
    client = client_of(who, world)
    client.raise_request_exception = False
    for url, real in urls:
        requests = [{}]
        if real:  # the hostile query strings on the URLs of real objects
            requests += [{name: value for name in PARAMETERS} for value in HOSTILE]
            if who == "anonymous" and "/manage/" not in url:  # one parameter at a time: none hides another
                requests += [{name: value} for name in PARAMETERS for value in ("-1", "²", "\x00")]
        for query in requests:
            response = client.get(url, query)
            requests_made += 1
            if response.status_code >= 500:
                failures.append((who, url, query, response.status_code))
    assert failures == []
    assert requests_made > 300


def test_the_reported_cases_answer_400(client, world):  # noqa: F811
    slug = world["competition"].slug
    assert client.get(f"/competitions/{slug}/results.xlsx", {"round": "²"}).status_code == 400
    assert client.get(f"/competitions/{slug}/standings/", {"per_page": "-1"}).status_code == 400
    assert client.get(f"/competitions/{slug}/standings/", {"per_page": "25"}).status_code == 200
    assert client.get(f"/competitions/{slug}/results.xlsx", {"round": "1"}).status_code == 200
