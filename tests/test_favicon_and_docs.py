"""Small outputs people's tools open (issue 34 item 7): ``/favicon.ico`` exists (the site's own icon),
and ``/api/docs`` says, without JavaScript, that it needs it and where the schema itself is."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db


def test_favicon_ico_leads_to_the_sites_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == settings.STATIC_URL + "favicon.svg"
    icon = Path(settings.BASE_DIR) / "static" / "favicon.svg"
    assert icon.is_file() and b"<svg" in icon.read_bytes()


def test_the_api_docs_say_they_need_javascript(client):
    page = client.get("/api/docs", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    noscript = page[page.index("<noscript>") : page.index("</noscript>")]
    assert "JavaScript" in noscript and 'href="/api/openapi.json"' in noscript
    assert 'lang="nl"' in page
