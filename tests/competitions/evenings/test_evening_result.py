"""The evening's result: page and A4 PDF with the ranking, prizes, the booby prize and each round's
tables; every PDF read back and checked for overlapping text."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from competitions import services
from competitions.evenings import services as evening_services
from competitions.models import Evening
from tests.competitions.pdf_overlap import overlaps
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def played_evening(rounds=2):
    from django.utils import timezone

    from competitions.models import Match, MatchSide

    club = ClubFactory()
    competition = CompetitionFactory(
        club=club, rounds_per_evening=rounds, absence_policy="average", count_best=2, standings_method="best_n"
    )
    players = PlayerFactory.create_batch(7, club=club)
    for n in range(2):
        evening = services.create_evening(competition=competition)
        services.register_attendance(evening=evening, players=players)
        if n == 1:
            evening_services.add_walk_in(evening=evening, first_name="Gerrit", last_name="van der Gast", guest=True)
        for r in range(rounds):
            round = services.draw_next_round(evening=evening, seed=10 * n + r)
            services.publish_round(round=round)
            for i, match in enumerate(round.matches.all()):
                for side in match.match_sides.all():
                    MatchSide.objects.filter(pk=side.pk).update(
                        total=800 + 37 * i + 101 * side.side + 13 * r, result=""
                    )
            Match.objects.filter(round=round).update(status=Match.Status.CONFIRMED, confirmed_at=timezone.now())
    return competition, Evening.objects.get(competition=competition, number=2)


def test_the_evening_pdf_has_the_ranking_prizes_and_each_rounds_tables(client):
    competition, evening = played_evening()
    response = client.get(reverse("competition_exports:evening_pdf", args=[competition.slug, evening.number]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Result of evening 2" in text
    assert "Day winner:" in text and "★" in text and "▼" in text
    assert "Evening 2 · round 1" in text and "Evening 2 · round 2" in text
    assert "Gerrit van der Gast (guest)" in text  # guests play and appear in the evening's result
    assert "R31" not in text and "Round 3" not in text  # the season's round index stays internal
    assert overlaps(response.content) == []


def test_the_evening_page_shows_the_rounds_and_links_the_pdf(client, django_assert_max_num_queries):
    competition, evening = played_evening()
    url = reverse("competitions:evening", args=[competition.slug, evening.number])
    with django_assert_max_num_queries(15):  # +3: the season after this evening, for its statistics (issue 33 item 9)
        page = client.get(url).content.decode()
    assert "evening-pdf" in page and "every table confirmed" in page
    assert "Evening 2 · round 2" in page and "Day winner" in page
    assert "🐩" not in page and "▼" in page


def test_standings_pdf_text_does_not_overlap(client):
    competition, _evening = played_evening()
    response = client.get(reverse("competition_exports:standings_pdf", args=[competition.slug]))
    assert response.status_code == 200
    assert overlaps(response.content) == []


@pytest.mark.parametrize("language, word", [("en", "provisional"), ("nl", "voorlopig")])
def test_an_unfinished_evening_says_provisional_beside_winner_and_booby_prize(client, settings, language, word):
    """Issue 34 item 5: with a table still to confirm the day winner and the booby prize may change."""
    from django.utils import translation

    from competitions.models import Match

    competition, evening = played_evening()
    settings.LANGUAGE_CODE = language
    pdf_url = reverse("competition_exports:evening_pdf", args=[competition.slug, evening.number])
    page_url = reverse("competitions:evening", args=[competition.slug, evening.number])

    def shown():
        with translation.override(language):
            pdf = client.get(pdf_url, HTTP_ACCEPT_LANGUAGE=language).content
            page = client.get(page_url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
        return text, page, pdf

    text, page, _pdf = shown()
    assert word not in text and word not in page  # every table confirmed: final
    last = Match.objects.filter(round__evening=evening).order_by("-round__number", "-table").first()
    Match.objects.filter(pk=last.pk).update(status=Match.Status.ENTERED)
    text, page, pdf = shown()
    day_line = next(line for line in text.splitlines() if word in line and "★" not in line)
    assert day_line.lower().startswith(("day winner", "dagwinnaar"))
    assert sum(word in line for line in text.splitlines()) == 2  # the day winner and the booby prize
    assert page.count(f"({word})") == 2
    assert overlaps(pdf) == []
