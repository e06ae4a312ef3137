"""The organiser's attendance page and the evening's result, as a person uses them, at 390 px and
on a desktop: search ticks the only match with Enter, "same as last evening" ticks last evening's
players, the present count follows the ticks, a guest is added in one line; the evening's page
fits the phone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from competitions import services
from tests.browser.helpers import log_in
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FITS = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.mark.parametrize(
    "viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}], ids=["phone", "desktop"]
)
def test_attendance_page_search_same_as_last_and_live_count(live_server, new_page, viewport):
    club = ClubFactory()
    competition = CompetitionFactory(club=club, name="Clubavonden")
    players = PlayerFactory.create_batch(12, club=club)
    # The one searched for has a name no other contains (a factory "Jan" would also find "Jansen").
    players[7].first_name, players[7].last_name = "Zeger", "Zonneveld"
    players[7].save()
    first = services.create_evening(competition=competition)
    services.register_attendance(evening=first, players=players[:5])
    second = services.create_evening(competition=competition)
    UserFactory(username="leider", organiser_of=club)  # password "pw"
    page = new_page(viewport=viewport)
    page.goto(live_server.url + "/")
    log_in(page, "leider", "pw")
    page.goto(live_server.url + reverse("staff:attendance", args=[competition.slug, second.number]))
    assert page.evaluate(FITS)
    count = page.locator("#present-count")
    assert count.inner_text().startswith("0")
    page.click("#same-as-last")
    assert count.inner_text().startswith("5")
    page.fill("#member-filter", players[7].first_name)
    assert page.locator("tbody tr:not([hidden])").count() == 1
    page.press("#member-filter", "Enter")
    assert count.inner_text().startswith("6")
    assert page.locator("tbody tr:not([hidden])").count() == 12
    with page.expect_navigation():
        page.click("#attendance p.sticky button[type=submit]")
    assert second.attendances.count() == 6
    page.fill("#id_first_name", "Gerrit")
    page.fill("#id_last_name", "van der Gast")
    page.fill("#id_guest_club", "KV De Troef")
    with page.expect_navigation():
        page.click("#walk-in button[type=submit]")
    assert page.locator("text=Gerrit van der Gast").count() >= 1
    assert second.attendances.count() == 7
    assert page.evaluate(FITS)
    assert page.js_errors == []


@pytest.mark.parametrize(
    "viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}], ids=["phone", "desktop"]
)
def test_the_evening_result_page_fits(live_server, new_page, viewport):
    from tests.competitions.evenings.test_evening_result import played_evening

    competition, evening = played_evening()
    page = new_page(viewport=viewport)
    page.goto(live_server.url + reverse("competitions:evening", args=[competition.slug, evening.number]))
    assert page.locator("#evening-pdf").count() == 1
    assert page.locator(".evening-round").count() == 2
    assert page.evaluate(FITS)
    assert page.js_errors == []
