"""Issue 33 items 10 and 11 as an organiser meets them at 390 px, each page with axe-core finding
nothing: the history import asks about a date that is not a planned evening (a tick per date), a wrong
evening is removed after its page names what goes, and a totals-only sheet says who verzaakt."""

from __future__ import annotations

import datetime

import pytest

from competitions.models import Evening, MatchSeat, Round
from tests.browser.axe import violations
from tests.browser.helpers import evening_totals_xlsx, import_evening_totals, log_in
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory, seated_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def organiser(club, name="baas"):
    user = UserFactory(username=name, organiser_of=club)
    user.set_password("demo")
    user.save()
    return user


def test_an_unplanned_date_is_asked_then_the_wrong_evening_is_removed(new_page, tmp_path):
    club = ClubFactory(slug="westerwolde")
    organiser(club)
    comp = CompetitionFactory(
        club=club,
        format="individual",
        slug="clubavonden",
        evening_dates=["2024-09-20", "2024-10-18"],
        planned_evenings=2,
    )
    [PlayerFactory(club=club, name=full_name) for full_name in ["Anna Aap", "Bert Bok"]]
    path = evening_totals_xlsx(
        tmp_path / "avonden.xlsx",
        [
            ("Anna Aap", datetime.date(2024, 9, 20), 3000),
            ("Bert Bok", datetime.date(2024, 9, 20), 2800),
            ("Anna Aap", datetime.date(2024, 10, 19), 2500),  # the typo: the 18th was played
            ("Bert Bok", datetime.date(2024, 10, 19), 2900),
        ],
    )
    page = new_page(**PHONE)
    page.goto("/")
    log_in(page, "baas")
    page.goto(f"/manage/competitions/{comp.slug}/settings/")
    import_evening_totals(page, path)
    questions = page.locator("#history-dates").inner_text()
    assert "19-10-2024 is geen geplande avond van dit seizoen: toch toevoegen?" in questions
    assert not Evening.objects.filter(competition=comp).exists()
    assert violations(page) == []
    page.locator("#id_confirm_date_1").check()
    with page.expect_navigation():
        page.locator("#confirm-names").click()
    assert list(Evening.objects.filter(competition=comp).values_list("number", flat=True)) == [1, 2]
    # the wrong evening goes again: from the competition's page, after the page that names what goes
    page.goto(f"/manage/competitions/{comp.slug}/")
    with page.expect_navigation():
        page.locator("a.delete-evening[href$='/evenings/2/delete/']").click()
    assert "2 geïmporteerde avondtotalen" in page.locator("#delete-evening-contents").inner_text()
    assert violations(page) == []
    page.locator("#id_confirm").check()
    with page.expect_navigation():
        page.locator("#delete-evening-confirm").click()
    assert list(Evening.objects.filter(competition=comp).values_list("number", flat=True)) == [1]
    assert page.js_errors == []


def test_a_totals_sheet_says_who_verzaakt(new_page):
    match = seated_match(
        club=ClubFactory(slug="totaal"), deals_per_match=2, verzaakt_player_penalty=100, entry_mode="totals"
    )
    Round.objects.filter(pk=match.round_id).update(status=Round.Status.PUBLISHED)
    organiser(match.round.competition.club, "leider")
    page = new_page(**PHONE)
    page.goto("/")
    log_in(page, "leider")
    page.goto(f"/matches/{match.pk}/enter/")
    assert violations(page) == []
    page.locator("input[name=total-0]").fill("70")
    page.locator("input[name=total-1]").fill("274")
    page.locator("input[name=verzaakt-S]").fill("1")
    with page.expect_navigation():
        page.locator("#save").click()
    assert MatchSeat.objects.get(match=match, seat="S").verzaakt == 1
    assert page.js_errors == []
