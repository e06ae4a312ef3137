"""What a PDF says about itself (issue 34 item 3): its Author is the club, not "(anonymous)", and it
lists no font it does not embed (reportlab's default Helvetica was in every PDF, unused)."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from competitions.models import Evening, Round
from tests.competitions.standings.factories import generated_individual

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
