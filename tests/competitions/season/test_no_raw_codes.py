"""Issue 33 item 11: raw codes ("total, evening_average", "organiser_entry_counts") never reach a page.
A competition set to non-default choices everywhere: the words of its public page, its settings page
(with its change log) and its draw page carry none of its settings' codes."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from competitions.models import Competition
from competitions.season import services
from competitions.season.forms import tie_choices
from tests.competitions.season.conftest import played_season
from tests.factories import CompetitionFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

SETTINGS = dict(
    standings_method="best_n",
    count_best=2,
    best_from="season_end",
    planned_evenings=3,
    absence_policy="fixed_pit",
    missed_round_policy="fixed_pit",
    substitute_counts_for="member",
    bye_policy="fixed",
    tie_breakers=["evening_average", "fewest_verzaakt"],
)


def codes() -> set[str]:
    """Every code of the competition's choice settings and tie-breakers written with an underscore
    (a word like "fixed" is a word too; "evening_average" is only ever a code)."""
    found = {key for key, _label in tie_choices() if "_" in key}
    for field in Competition._meta.get_fields():
        for key, _label in getattr(field, "choices", None) or []:
            if isinstance(key, str) and "_" in key:
                found.add(key)
    found |= {f.name for f in Competition._meta.get_fields() if "_" in f.name}
    return found


def words(html: str) -> str:
    """What a reader sees: no scripts, styles, tags or attributes."""
    html = re.sub(r"(?s)<(script|style|template)\b.*?</\1>", " ", html)
    return re.sub(r"(?s)<[^>]*>", " ", html)


def test_no_setting_code_reaches_the_competitions_pages(client, club, organiser):
    competition, _players = played_season(club, **SETTINGS)
    services.update_competition(
        competition=competition, user=organiser, changes={"organiser_entry_counts": True}, confirmed=True
    )
    client.force_login(organiser)
    pages = {
        "public": reverse("competitions:detail", args=[competition.slug]),
        "settings": reverse("season:settings", args=[competition.slug]),
        "draw": reverse("staff:draw", args=[competition.slug, 1]),
        "standings": reverse("competitions:standings", args=[competition.slug]),
    }
    every_code = codes()
    for name, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        text = words(response.content.decode())
        seen = sorted(code for code in every_code if re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text))
        assert not seen, (name, seen)


def test_a_bare_competition_too(client, club, organiser):
    competition = CompetitionFactory(club=club, format="pairs")
    client.force_login(organiser)
    text = words(client.get(reverse("season:settings", args=[competition.slug])).content.decode())
    assert not [code for code in codes() if re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text)]
