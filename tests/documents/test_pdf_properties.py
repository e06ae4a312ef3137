"""What a PDF says about itself (issue 34 item 3): its Author is the club, not "(anonymous)", and it
lists no font it does not embed (reportlab's default Helvetica was in every PDF, unused)."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from competitions.models import Evening, Round
from tests.factories import generated_individual

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def fonts(reader: PdfReader) -> set[str]:
    names = set()
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = bool(descriptor and any(k in descriptor.get_object() for k in ("/FontFile", "/FontFile2")))
            if font.get("/Subtype") == "/Type0":
                descendant = font["/DescendantFonts"][0].get_object()
                descriptor = descendant.get("/FontDescriptor").get_object()
                embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            names.add((str(font.get("/BaseFont")), embedded))
    return names


def test_every_pdf_names_the_club_and_embeds_every_font_it_lists(client):
    comp = generated_individual(players=8, evenings=1, rounds=1, name="Seizoen van De Troefkaart")
    round_ = Round.objects.filter(competition=comp).first()
    urls = [
        reverse("competition_exports:standings_pdf", args=[comp.slug]),
        reverse("scoring_exports:round_sheets", args=[comp.slug, round_.number]),
        reverse("scoring_exports:round_tables", args=[comp.slug, round_.number]),
        reverse("scoring_exports:match_sheet", args=[round_.matches.first().pk]),
        reverse(
            "competition_exports:evening_pdf", args=[comp.slug, Evening.objects.filter(competition=comp).first().number]
        ),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        reader = PdfReader(io.BytesIO(response.content))
        assert reader.metadata.author == comp.club.name, (url, reader.metadata.author)
        listed = fonts(reader)
        assert listed and all(embedded for _name, embedded in listed), (url, listed)
        assert not any("Helvetica" in name for name, _embedded in listed), (url, listed)


def test_file_names_are_dutch_on_a_dutch_site(client, settings):
    """Issue 34 item 3: a Dutch site hands out Dutch file names."""
    from django.utils import translation

    settings.LANGUAGE_CODE = "nl"
    comp = generated_individual(players=8, evenings=1, rounds=1)
    round_ = Round.objects.filter(competition=comp).first()
    expected = {
        reverse("competition_exports:standings_pdf", args=[comp.slug]): f"{comp.slug}-stand.pdf",
        reverse("competition_exports:standings_xlsx", args=[comp.slug]): f"{comp.slug}-stand.xlsx",
        reverse("scoring_exports:round_sheets", args=[comp.slug, 1]): f"{comp.slug}-ronde-1-wedstrijdbriefjes.pdf",
        reverse("scoring_exports:round_tables", args=[comp.slug, 1]): f"{comp.slug}-ronde-1-tafels.pdf",
        reverse("competition_exports:evening_pdf", args=[comp.slug, 1]): f"{comp.slug}-avond-1.pdf",
        f"/competitions/{comp.slug}/results.xlsx": f"{comp.slug}-uitslagen.xlsx",
    }
    with translation.override("nl"):
        for url, name in expected.items():
            response = client.get(url, HTTP_ACCEPT_LANGUAGE="nl")
            assert f'filename="{name}"' in response["Content-Disposition"], (url, response["Content-Disposition"])
        match = round_.matches.first()
        sheet = client.get(reverse("scoring_exports:match_sheet", args=[match.pk]), HTTP_ACCEPT_LANGUAGE="nl")
        assert f'filename="partij-{match.pk}-briefje.pdf"' in sheet["Content-Disposition"]
