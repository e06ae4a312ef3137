"""The project starts: settings load, the home page and the API schema answer."""

import pytest

from clubs.models import Club


@pytest.mark.django_db
def test_home_page_answers(client):
    Club.objects.create(name="KV Eigen Club", slug="eigen")
    response = client.get("/")
    assert response.status_code == 200
    assert "Klaverjas" in response.content.decode()


@pytest.mark.django_db
def test_a_fresh_install_leads_to_the_setup_page(client):
    response = client.get("/", follow=True)
    assert response.redirect_chain == [("/setup/", 302)]
    assert response.status_code == 200 and 'name="club_name"' in response.content.decode()


@pytest.mark.django_db
def test_openapi_schema_is_served(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    assert response.json()["openapi"].startswith("3.")
