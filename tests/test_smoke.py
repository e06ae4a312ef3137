"""The project starts: settings load, the home page and the API schema answer."""

import pytest


@pytest.mark.django_db
def test_home_page_answers(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "Klaverjas" in response.content.decode()


@pytest.mark.django_db
def test_openapi_schema_is_served(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    assert response.json()["openapi"].startswith("3.")
