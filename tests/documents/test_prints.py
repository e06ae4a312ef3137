"""Every PDF the site prints, rendered in Dutch and English for every format and read back by the
words' boxes (``pdftotext -bbox``): no two words overlap, none leaves the page, and every header of
the standings fits its column."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from competitions.models import Evening, Round
from tests.competitions.pdf_overlap import overlaps, words
from tests.factories import generated_individual, generated_pairs

pytestmark = pytest.mark.django_db

LANGUAGES = ["nl", "en"]


@pytest.fixture(params=LANGUAGES)
def language(request, settings):
    settings.LANGUAGE_CODE = request.param
    with translation.override(request.param):
        yield request.param


def _get(client, url, language):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, url
    assert response["Content-Type"] == "application/pdf"
    return response.content


def _off_page(pdf: bytes) -> list:
    import io

    from pypdf import PdfReader

    boxes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(io.BytesIO(pdf)).pages]
    return [
        w
        for w in words(pdf)
        if w[1] < 0 or w[2] < 0 or w[3] > boxes[w[0] - 1][0] + 0.5 or w[4] > boxes[w[0] - 1][1] + 0.5
    ]


def assert_clean(pdf: bytes) -> None:
    assert overlaps(pdf) == []
    assert _off_page(pdf) == []


def individual_season():
    comp = generated_individual(
        players=14,
        evenings=8,
        rounds=3,
        standings_method="best_n",
        count_best=5,
        absence_policy="fixed",
        absence_points=1450,
        name="Clubavonden seizoen 2025-2026 De Kaartvrienden",
    )
    return comp


@pytest.mark.parametrize("format", ["individual", "pairs", "teams"])
def test_standings_pdf_of_every_format(client, language, format):
    if format == "individual":
        comp = individual_season()
    else:
        comp = generated_pairs(
            pairs=8,
            rounds=5,
            format=format,
            name="Parencompetitie seizoen 2025-2026 met een lange naam",
            tie_breakers=["match_points", "points", "roem"],
        )
    pdf = _get(client, reverse("competition_exports:standings_pdf", args=[comp.slug]), language)
    assert_clean(pdf)


def test_round_pdfs(client, language):
    comp = individual_season()
    round_ = Round.objects.filter(competition=comp).order_by("number").first()
    for name in ("scoring_exports:round_sheets", "scoring_exports:round_tables"):
        assert_clean(_get(client, reverse(name, args=[comp.slug, round_.number]), language))
    match = round_.matches.first()
    assert_clean(_get(client, reverse("scoring_exports:match_sheet", args=[match.pk]), language))
    evening = Evening.objects.filter(competition=comp).first()
    assert_clean(_get(client, reverse("competition_exports:evening_pdf", args=[comp.slug, evening.number]), language))


def test_duplicate_pdfs(client, language):
    import random

    from scoring.duplicate.demo import play_evening
    from tests.factories import UserFactory
    from tests.scoring.duplicate.conftest import dealt_evening

    club, competition, setup = dealt_evening(4, 16, seed=3)
    organiser = UserFactory(organiser_of=club)
    play_evening(setup, random.Random(3), enterer=UserFactory(scorer_of=club), confirmer=organiser)
    client.force_login(organiser)
    for name, args in (
        ("duplicate:frequency_pdf", [competition.slug]),
        ("duplicate:board_pdf", [competition.slug, 1]),
        ("duplicate:hand_records", [competition.slug]),
        ("competition_exports:standings_pdf", [competition.slug]),
    ):
        assert_clean(_get(client, reverse(name, args=args), language))


def test_standings_headers_fit_their_columns(language):
    """Every header and figure of the standings PDF is narrower than its column (so none runs
    into the next): portrait, landscape or abbreviated with a key, whatever fits."""
    from competitions.standings import standings
    from competitions.standings.pdf import PAD, StandingsRenderer
    from documents.pdf import text_width

    for comp in (
        individual_season(),
        generated_pairs(pairs=6, rounds=3, format="teams", tie_breakers=["match_points"]),
    ):
        renderer = StandingsRenderer(comp, standings(comp))
        for i, col in enumerate(renderer.cols):
            label = renderer.labels.get(col.key)
            assert text_width(label, 7.5 * renderer.scale, bold=True) + 2 * PAD <= renderer.widths[i], (col.key, label)
        assert sum(renderer.widths) <= renderer.pagesize[0] - 30 * 2.8346 + 0.5
        text = " ".join(w[5] for w in words(renderer.render()))
        for col in renderer.cols:  # an abbreviated header is explained in the key under the table
            short, full = renderer.labels[col.key], translation.gettext(col.label)
            if short != full:
                assert f"{short} = {full.split()[0]}" in text
