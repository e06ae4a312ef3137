"""Issue 31 item 6 as an organiser does it on a phone (390 px): the member list, a member renamed,
and the duplicate "Henk Hebers sr." merged into "Henk Hebers" — the standings then show one Henk
with both evenings. No page scrolls sideways, and axe-core finds nothing on the member pages."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from clubs.models import MemberChange, Player, StaffRole
from competitions import services as organise
from competitions.models import Competition
from competitions.standings import standings
from scoring import services as scoring
from tests.browser.axe import violations
from tests.factories import ClubFactory, simulated_sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
FITS = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def season():
    club = ClubFactory(name="KV De Hebers")
    organiser = get_user_model().objects.create_user("wedstrijdleider", password="geheim-wachtwoord")
    StaffRole.objects.create(user=organiser, club=club, role=StaffRole.Role.ORGANISER)
    scorer = get_user_model().objects.create_user("teller")
    StaffRole.objects.create(user=scorer, club=club, role=StaffRole.Role.SCORER)
    regulars = [
        Player.objects.create(club=club, member_number=str(n), first_name=f"Lid{n}", last_name=f"Achter{n}")
        for n in range(1, 8)
    ]
    henk = Player.objects.create(club=club, member_number="12", first_name="Henk", last_name="Hebers")
    sr = Player.objects.create(club=club, member_number="G1", first_name="Henk", last_name="Hebers sr.")
    competition = Competition.objects.create(
        club=club, name="Clubavonden", slug="hebers", format="individual", rounds_per_evening=1, is_public=True
    )
    for number, who in ((1, henk), (2, sr)):
        evening = organise.create_evening(competition=competition, date=datetime.date(2025, 9, number))
        organise.register_attendance(evening=evening, players=[*regulars, who])
        round = organise.draw_next_round(evening=evening, seed=number)
        organise.publish_round(round=round)
        for match in round.matches.all():
            saved = scoring.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=0)
            scoring.confirm_match(match=saved, user=organiser, version=saved.version)
    return club, competition, henk, sr


def test_rename_and_merge_on_a_phone(new_page, season):
    club, competition, henk, sr = season
    page = new_page(viewport=PHONE)
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("wedstrijdleider")
    page.locator("#id_password").fill("geheim-wachtwoord")
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()

    page.goto(f"/manage/clubs/{club.slug}/members/")
    assert page.evaluate(FITS), "the member list scrolls sideways at 390 px"
    assert violations(page) == []
    page.locator("#member-search").fill("hebers")
    with page.expect_navigation():
        page.locator("form[role=search] button[type=submit]").click()
    with page.expect_navigation():
        page.locator(f"a[href='/manage/clubs/{club.slug}/members/{sr.pk}/']").click()

    # A rename with a tab pasted in (a text box drops line breaks) is refused, nothing saved; then a clean one is saved.
    assert page.evaluate(FITS), "the member page scrolls sideways at 390 px"
    page.locator("#id_last_name").evaluate("(el) => { el.value = 'Hebers\\tsr.'; }")  # a tab pasted in
    with page.expect_navigation():
        page.locator("form.member-form button[type=submit]").click()
    assert page.locator("#id_last_name-error").count() == 1
    assert Player.objects.get(pk=sr.pk).last_name == "Hebers sr."
    page.locator("#id_last_name").fill("Hebers senior")
    with page.expect_navigation():
        page.locator("form.member-form button[type=submit]").click()
    assert page.locator("ul.messages li.success").count() == 1
    assert Player.objects.get(pk=sr.pk).last_name == "Hebers senior"
    assert violations(page) == []

    # The near match offers the merge; keep Henk Hebers.
    with page.expect_navigation():
        page.locator(f".near-match a[href$='?other={henk.pk}']").click()
    assert page.evaluate(FITS), "the merge page scrolls sideways at 390 px"
    assert violations(page) == []
    page.locator(f"#keep-{henk.pk}").check()
    with page.expect_navigation():
        page.locator("form.merge-form button[type=submit]").click()
    assert page.url.endswith(f"/manage/clubs/{club.slug}/members/{henk.pk}/")
    assert page.locator("ul.messages li.success").count() == 1
    assert not Player.objects.filter(pk=sr.pk).exists()
    assert MemberChange.objects.filter(action="merge", player=henk).count() == 1

    rows = {row.name: row for row in standings(competition)}
    assert "Henk Hebers senior" not in rows and rows["Henk Hebers"].played == 2
    page.goto(f"/competitions/{competition.slug}/standings/")
    assert "Henk Hebers senior" not in page.content()
    assert page.locator("main").get_by_text("Henk Hebers", exact=True).count() >= 1
    assert page.js_errors == []
