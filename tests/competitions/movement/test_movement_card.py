"""The movement card of a fixed-pairs evening: the page and the A4 PDF (read back with pdftotext)."""

import subprocess

import pytest
from django.urls import reverse

from competitions.models import Competition
from tests.factories import ClubFactory, CompetitionFactory, UserFactory, team_entrants

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def setup(client, pairs: int):
    club = ClubFactory()
    competition = CompetitionFactory(club=club, format=Competition.Format.PAIRS)
    entrants = team_entrants(competition, pairs)
    client.force_login(UserFactory(organiser_of=club))
    return competition, entrants


def test_the_page_shows_each_table_and_who_moves_where(client, django_assert_max_num_queries):
    competition, entrants = setup(client, 6)
    with django_assert_max_num_queries(12):
        page = client.get(reverse("staff:movement", args=[competition.slug]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "6 pairs, 3 tables, 5 rounds" in html and "Pair 6 stays at table 1 N–S all evening." in html
    assert html.count("<h2>Table ") == 3
    assert f"6 {entrants[5].name}" in html  # the stationary pair, by seed order
    assert "to table 1 E–W" in html and "stays" in html
    staff_page = client.get(reverse("staff:competition", args=[competition.slug])).content.decode()
    assert reverse("staff:movement", args=[competition.slug]) in staff_page


def test_the_pdf_lists_tables_and_routes(client, tmp_path):
    competition, entrants = setup(client, 7)
    response = client.get(reverse("staff:movement-pdf", args=[competition.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    path = tmp_path / "movement.pdf"
    path.write_bytes(response.content)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert "Movement card" in text and "7 pairs, 3 tables, 7 rounds" in text
    for table in (1, 2, 3):
        assert f"Table {table}" in text
    assert "Route of each pair" in text and "rest" in text
    assert entrants[0].name in text


def test_an_individual_competition_has_no_movement_card(client):
    club = ClubFactory()
    competition = CompetitionFactory(club=club)
    client.force_login(UserFactory(organiser_of=club))
    page = client.get(reverse("staff:movement", args=[competition.slug]))
    assert page.status_code == 200 and "for competitions of fixed pairs" in page.content.decode()


def test_too_few_pairs_is_named(client):
    competition, _ = setup(client, 2)
    response = client.get(reverse("staff:movement-pdf", args=[competition.slug]), follow=True)
    assert response.redirect_chain[0][0] == reverse("staff:movement", args=[competition.slug])
    assert response.status_code == 200 and "this competition has 2" in response.content.decode()


def test_another_clubs_organiser_is_refused(client):
    competition, _ = setup(client, 4)
    client.force_login(UserFactory(organiser_of=ClubFactory()))
    assert client.get(reverse("staff:movement", args=[competition.slug])).status_code == 403


def test_the_round_header_stays_one_word_in_dutch(client, settings):
    """Issue 34 item 3: "Ronde" broke as "Rond/e" in its 14 mm column."""
    from django.utils import translation

    from tests.competitions.pdf_overlap import words

    competition, _entrants = setup(client, 7)
    settings.LANGUAGE_CODE = "nl"
    with translation.override("nl"):
        pdf = client.get(reverse("staff:movement-pdf", args=[competition.slug]), HTTP_ACCEPT_LANGUAGE="nl").content
    found = [w[5] for w in words(pdf)]
    assert found.count("Ronde") >= 3 and "Rond" not in found
