"""Every competition the demo seeds (club evenings, fixed pairs, the league's teams in divisions, the
duplicate evenings) serves its standings as a PDF that opens: rendered and read back word by word, in
Dutch and English (issue 34 item 1: the league's division name went through the number formatter)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from competitions.models import Competition
from tests.competitions.pdf_overlap import overlaps, words

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("seed_demo", stdout=StringIO())
        yield
        call_command("flush", interactive=False, verbosity=0)


@pytest.mark.parametrize("language", ["nl", "en"])
def test_standings_pdf_of_every_demo_competition(demo, client, language):
    competitions = list(Competition.objects.order_by("slug"))
    formats = {c.format for c in competitions}
    assert {"individual", "pairs", "teams"} <= formats, formats
    for competition in competitions:
        url = reverse("competition_exports:standings_pdf", args=[competition.slug])
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, (competition.slug, response.status_code)
        assert response["Content-Type"] == "application/pdf"
        text = " ".join(w[5] for w in words(response.content))
        assert competition.name.split()[0] in text, competition.slug
        assert overlaps(response.content) == [], competition.slug
    league = Competition.objects.get(slug="regio-utrecht-teams")
    divisions = set(league.divisions.values_list("name", flat=True))
    assert divisions
    text = " ".join(
        w[5] for w in words(client.get(reverse("competition_exports:standings_pdf", args=[league.slug])).content)
    )
    for division in divisions:
        assert division.split()[0] in text, division
