"""A second competition with the same name in the same season is refused with a clear message (issue 33
item 10), on the organiser's page (in Dutch) and through the API, and nothing is created; the same name
in another season, or another name, is fine."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import translation

from clubs.tokens import create_token
from competitions.models import Competition
from competitions.season import services
from competitions.season.models import SettingsChange
from tests.competitions.season.test_pages import _form_data
from tests.factories import CompetitionFactory

pytestmark = pytest.mark.django_db

SEASON = {"season_start": datetime.date(2024, 9, 1), "season_end": datetime.date(2025, 6, 30)}


@pytest.fixture
def first(club):
    return CompetitionFactory(club=club, name="Clubavond", slug="clubavond-2024", **SEASON)


def counts():
    return Competition.objects.count(), SettingsChange.objects.count()


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(
    "values",
    [
        {"name": "Clubavond", "season_start": "2024-09-01", "season_end": "2025-06-30"},
        {"name": "  clubavond ", "evening_dates": ["2025-01-10", "2025-02-14"]},  # within it, case and spacing
        {"name": "CLUBAVOND", "season_start": "2025-06-01"},  # overlaps its last month, open end
    ],
)
def test_the_same_name_in_an_overlapping_season_is_refused_and_nothing_is_made(club, organiser, first, values):
    before = counts()
    with pytest.raises(services.SettingsRefused) as refused:
        services.create_competition(club=club, user=organiser, values=values)
    assert refused.value.errors == {
        "name": "There is already a competition “Clubavond” in this season (01-09-2024 to 30-06-2025); give this "
        "one another name, for example with the season in it."
    }
    assert counts() == before


@pytest.mark.usefixtures("english")
def test_another_season_or_another_name_is_fine_and_a_rename_onto_a_twin_is_refused(club, organiser, first):
    later = services.create_competition(
        club=club, user=organiser, values={"name": "Clubavond", "season_start": "2025-09-01"}
    )
    other = services.create_competition(
        club=club, user=organiser, values={"name": "Parencompetitie", "season_start": "2024-09-01"}
    )
    assert later.pk and other.pk
    with pytest.raises(services.SettingsRefused) as refused:
        services.update_competition(competition=other, user=organiser, changes={"name": "clubavond"})
    assert "already a competition “Clubavond”" in refused.value.errors["name"]
    assert Competition.objects.get(pk=other.pk).name == "Parencompetitie"
    # two without any dates are the same (undated) season
    CompetitionFactory(club=club, name="Zomeravond", slug="zomer")
    with pytest.raises(services.SettingsRefused) as refused:
        services.create_competition(club=club, user=organiser, values={"name": "Zomeravond"})
    assert "without season dates" in refused.value.errors["name"]


@pytest.mark.usefixtures("english")
def test_the_api_answers_400_at_name_and_creates_nothing(client, club, organiser, first):
    before = counts()
    response = client.post(
        "/api/competitions",
        {"club": club.slug, "name": "Clubavond", "season_start": "2024-10-01"},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {create_token(organiser)}",
    )
    assert response.status_code == 400, response.json()
    (error,) = response.json()["errors"]
    assert error["field"] == "name" and "already a competition “Clubavond” in this season" in error["message"]
    assert counts() == before


def test_the_page_names_it_in_dutch_and_creates_nothing(client, club, organiser, first):
    client.force_login(organiser)
    url = reverse("season:new", args=[club.slug])
    with translation.override("nl"):
        data = _form_data(client.get(url))
        data.update(name="Clubavond", season_start="2024-09-01", save="")
        before = counts()
        response = client.post(url, data)
    assert response.status_code == 400
    assert (
        "Er is al een competitie ‘Clubavond’ in dit seizoen (01-09-2024 tot 30-06-2025); geef deze een andere "
        "naam, bijvoorbeeld met het seizoen erin." in response.content.decode()
    )
    assert counts() == before
