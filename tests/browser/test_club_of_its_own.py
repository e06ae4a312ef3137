"""A club of its own, as a new club does it in a browser (issue 31): a fresh install leads from / to
/setup/, which makes the club and its organiser and lands on the club's organiser page; and on a demo
install with a real club beside the demo, its organiser removes the demo on a page, the real club's
pages and results untouched. Elements are found by ids, names and hrefs."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from clubs.models import Club, StaffRole
from clubs.setup.services import set_up_club
from competitions.models import Competition, Match
from scoring import services as scoring
from scoring.models import Deal
from tests.browser.axe import violations
from tests.browser.helpers import log_in
from tests.factories import seated_match, simulated_sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "Ruiten-Heer-1987"


def fill_setup_form(page, *, password2: str = PASSWORD) -> None:
    page.locator("#id_club_name").fill("KV De Hoge Troef")
    page.locator("#id_username").fill("wilma")
    page.locator("#id_email").fill("wilma@example.org")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(password2)
    with page.expect_navigation():
        page.locator("#setup-form button[type=submit]").click()


def test_a_fresh_install_sets_up_its_club_and_lands_on_the_organiser_page(new_page):
    for width in (390, 1024):
        small = new_page(viewport={"width": width, "height": 800})
        small.goto("/")
        assert small.url.endswith("/setup/")
        assert violations(small) == [], width
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto("/")
    assert page.url.endswith("/setup/")
    assert page.locator("html").get_attribute("lang") == "nl"
    assert page.locator(".demo-tour").count() == 0, "no demo on this install: nothing to look around in"

    fill_setup_form(page, password2="Ruiten-Heer-1988")  # a typo in the second password
    assert page.url.endswith("/setup/")
    assert page.locator("#id_password2_error, .errorlist").first.is_visible()
    assert not Club.objects.exists() and not get_user_model().objects.exists()
    assert violations(page) == []

    fill_setup_form(page)
    club = Club.objects.get()
    assert page.url.endswith(f"/manage/clubs/{club.slug}/")
    assert page.locator("#club-name").inner_text().startswith("KV De Hoge Troef")
    assert page.locator("header .user").inner_text().strip() == "wilma"
    assert page.locator("#demo-left").count() == 0
    assert page.locator(f"a#new-competition[href='/manage/clubs/{club.slug}/competitions/new/']").count() == 1
    assert violations(page) == []
    user = get_user_model().objects.get()
    assert not user.is_staff and StaffRole.objects.filter(user=user, club=club, role="organiser").exists()

    page.goto("/setup/")  # set up once: afterwards a Dutch 404
    assert page.locator(".error-page").count() == 1
    page.goto("/")
    assert page.url.endswith("/") and not page.url.endswith("/setup/")


@pytest.mark.slow
def test_the_organiser_of_a_real_club_removes_the_demo_on_a_page(page):
    call_command("seed_demo", stdout=io.StringIO())
    club, organiser = set_up_club(club_name="KV De Hoge Troef", username="wilma", password=PASSWORD)
    match = seated_match(club=club, slug="hoge-troef-avonden")
    saved = scoring.save_deals(match=match, user=organiser, deals=simulated_sheet(match), version=match.version)
    deals = list(Deal.objects.filter(match=saved).values_list("number", "score_a", "score_b"))
    demo_slugs = list(Competition.objects.filter(club__is_demo=True).values_list("slug", flat=True))

    page.goto("/competitions/hoge-troef-avonden/")
    log_in(page, "wilma", PASSWORD)
    page.goto(f"/manage/clubs/{club.slug}/")
    assert page.locator("#demo-left").is_visible()
    with page.expect_navigation():
        page.locator("#demo-left a[href='/manage/demo/remove/']").click()
    assert page.locator("#demo-clubs").inner_text().startswith("5 democlubs en -bonden")
    assert page.locator("#demo-competitions").inner_text().startswith(f"{len(demo_slugs)} competities")
    assert "organiser, scorer" in page.locator("#demo-logins").inner_text()
    assert violations(page) == []
    with page.expect_navigation():
        page.locator("#remove-demo").click()

    assert page.url.endswith(f"/manage/clubs/{club.slug}/")
    assert "De demo is verwijderd" in page.locator(".messages").inner_text()
    assert page.locator("#demo-left").count() == 0
    assert not Club.objects.filter(is_demo=True).exists()
    assert not get_user_model().objects.filter(username__in=["organiser", "scorer"]).exists()
    assert list(Deal.objects.filter(match=saved).values_list("number", "score_a", "score_b")) == deals
    assert Match.objects.get(pk=saved.pk).version == saved.version

    page.goto("/")
    links = page.locator("main a[href^='/competitions/']").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert "/competitions/hoge-troef-avonden/" in links
    assert not [href for href in links if any(f"/competitions/{slug}/" in href for slug in demo_slugs)]
