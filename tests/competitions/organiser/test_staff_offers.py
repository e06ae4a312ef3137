"""The organiser's competition page offers only what the format and the rounds allow (the Swiss
round of a pairs competition, not of a round robin league), and the admin names every model in
words (no 'Blind entrys')."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from competitions import services
from competitions.models import Competition, Fixture
from scoring.models import BlindEntry
from tests.factories import ClubFactory, CompetitionFactory, UserFactory, confirm_round, team_entrants

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _page(client, competition):
    client.force_login(UserFactory(organiser_of=competition.club))
    return client.get(reverse("staff:competition", args=[competition.slug])).content.decode()


def test_a_round_robin_league_is_not_offered_a_swiss_round(client):
    competition = CompetitionFactory(club=ClubFactory(is_league=True), format=Competition.Format.PAIRS)
    team_entrants(competition, 4)
    services.generate_fixtures(competition=competition)
    page = _page(client, competition)
    assert 'id="swiss-link"' not in page
    assert "plays a fixture list (round robin): no Swiss rounds" in page


def test_swiss_pairs_are_offered_the_next_round_once_the_last_is_finished(client):
    competition = CompetitionFactory(club=ClubFactory(is_league=True), format=Competition.Format.PAIRS)
    team_entrants(competition, 4)
    assert 'id="swiss-link"' in _page(client, competition)  # no round yet
    round_ = services.next_swiss_round(competition=competition)
    page = client.get(reverse("staff:competition", args=[competition.slug])).content.decode()
    assert 'id="swiss-link"' not in page and "once round 1 is finished" in page
    confirm_round(round_)
    assert 'id="swiss-link"' in client.get(reverse("staff:competition", args=[competition.slug])).content.decode()


def test_teams_are_never_offered_a_swiss_round(client):
    competition = CompetitionFactory(club=ClubFactory(is_league=True), format=Competition.Format.TEAMS)
    page = _page(client, competition)
    assert 'id="swiss-link"' not in page and 'id="swiss-reason"' not in page


def test_admin_names_are_words_in_dutch():
    with translation.override("nl"):
        assert str(BlindEntry._meta.verbose_name_plural) == "controle-invoeren"
        assert "entrys" not in str(BlindEntry._meta.verbose_name_plural)
    with translation.override("en"):
        assert str(BlindEntry._meta.verbose_name_plural) == "blind entries"
    with translation.override("nl"):
        assert str(Fixture._meta.verbose_name_plural) == "teamwedstrijden"
