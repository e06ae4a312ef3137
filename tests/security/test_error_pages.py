"""403, 404, 400 and 500 pages are the site's own: translated (Dutch by default), with its navigation;
the 500 page renders without a request context and without the database."""

import pytest
from django.test import RequestFactory
from django.utils import translation
from django.views.defaults import server_error

from tests.factories import ClubFactory, CompetitionFactory, UserFactory


def assert_site_page(html: str, *texts: str) -> None:
    assert 'class="site-header"' in html and 'href="/"' in html  # the navigation
    assert "Competities" in html  # translated
    for text in texts:
        assert text in html, text


@pytest.mark.django_db
def test_404_is_translated_with_the_navigation(client):
    response = client.get("/competitions/bestaat-niet/")
    assert response.status_code == 404
    assert_site_page(response.content.decode(), "Pagina niet gevonden")


@pytest.mark.django_db
def test_403_for_a_scorer_is_translated_with_the_navigation(client):
    club = ClubFactory(name="KC Verboden", slug="verboden")
    CompetitionFactory(club=club, slug="verboden-comp")
    client.force_login(UserFactory(username="verboden-teller", scorer_of=club))
    response = client.get("/manage/clubs/verboden/import/")
    assert response.status_code == 403
    html = response.content.decode()
    assert_site_page(html, "Geen toegang")
    assert "403 Forbidden" not in html


@pytest.mark.django_db
def test_400_is_translated(client):
    club = ClubFactory(name="KC Fout", slug="fout")
    CompetitionFactory(club=club, slug="fout-comp", is_public=True)
    response = client.get("/competitions/fout-comp/results.xlsx", {"round": "²"})
    assert response.status_code == 400
    assert_site_page(response.content.decode(), "Ongeldig verzoek")


def test_500_renders_without_request_context_or_database():
    """No django_db mark: any query would fail the test."""
    with translation.override("nl"):
        response = server_error(RequestFactory().get("/matches/1/"))
    assert response.status_code == 500
    assert_site_page(response.content.decode(), "Er ging iets mis")
