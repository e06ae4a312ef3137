"""Public pages and the filled sheet (sheet.pdf) name who entered and confirmed a result by full name,
or else by role word (teller, wedstrijdleider) — never by login name."""

from __future__ import annotations

import pytest

from scoring import services
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet
from tests.readback import pdf_pages_text

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def dutch(settings):
    settings.LANGUAGE_CODE = "nl"


def played(*, named: bool):
    club = ClubFactory(slug="naam")
    match = seated_match(club=club, deals_per_match=4)
    scorer = UserFactory(username="login-teller-x7", scorer_of=club)
    organiser = UserFactory(username="login-baas-q3", organiser_of=club)
    if named:
        scorer.first_name, scorer.last_name = "Anna", "de Vries"
        scorer.save()
    match = services.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=0)
    services.confirm_match(match=match, user=organiser)
    return match


def shown(client, match) -> tuple[str, str]:
    page = client.get(match.get_absolute_url()).content.decode()
    response = client.get(f"/matches/{match.pk}/sheet.pdf")
    assert response.status_code == 200
    return page, " ".join(pdf_pages_text(response.content))


def test_role_words_and_never_the_login_name(client):
    match = played(named=False)
    page, sheet = shown(client, match)
    for text in (page, sheet):
        assert "login-teller-x7" not in text and "login-baas-q3" not in text
    assert "ingevoerd door teller" in page and "bevestigd door wedstrijdleider" in page
    assert "wedstrijdleider" in sheet


def test_the_full_name_where_there_is_one(client):
    match = played(named=True)
    page, sheet = shown(client, match)
    assert "ingevoerd door Anna de Vries" in page and "bevestigd door wedstrijdleider" in page
    assert "login-teller-x7" not in page + sheet and "login-baas-q3" not in page + sheet
