"""The projector without JavaScript (issue 34 item 7): a list longer than a screen is shown screen by
screen; the page's meta refresh (and a plain link) goes to the next screen and back to the first, so
every row is on the wall in turn. Each row's name is found on exactly one screen."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from competitions.views import PROJECTOR_SCREEN_ROWS
from tests.factories import generated_individual

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def refresh_target(page: str) -> str:
    noscript = re.search(r'<noscript><meta http-equiv="refresh" content="(\d+);url=([^"]+)"></noscript>', page)
    assert noscript, "no meta refresh to the next screen"
    return noscript.group(2).replace("&amp;", "&")


def test_every_row_is_shown_screen_by_screen(client):
    comp = generated_individual(players=30, evenings=1, rounds=1)
    url = reverse("competitions:projector", args=[comp.slug])
    first = client.get(url).content.decode()
    target = refresh_target(first)
    assert target.endswith("screen=2")
    assert 'id="next-screen"' in first
    names_per_screen, path, seen_paths = [], f"{url}?screen=1", set()
    while path not in seen_paths:
        seen_paths.add(path)
        page = client.get(path).content.decode()
        season = page[page.index('id="season-standings"') :]
        names_per_screen.append(
            re.findall(r"<td[^>]*>([^<]*van der Test\d+)</td>", season) or re.findall(r">(Speler\d+ [^<]+)<", season)
        )
        path = refresh_target(page)
    assert len(names_per_screen) == -(-30 // PROJECTOR_SCREEN_ROWS) == 3
    every = [name for names in names_per_screen for name in names]
    assert len(every) == len(set(every)) == 30
    assert path.endswith("screen=1")  # back to the first
