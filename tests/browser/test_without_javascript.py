"""Score entry with JavaScript switched off: the plain form still works (static/js/entry.js only helps).

A scorer logs in, opens the table's entry page, types a sheet with a mistake in it, is refused with
the deal marked and nothing saved, corrects it and saves; the server's rules engine gives the same
numbers as in the journey with the script.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club, Player, StaffRole
from competitions import services as organise
from competitions.base.rulesets import ruleset_for
from competitions.models import Competition, Match, MatchSide
from tests.browser.helpers import log_in
from tests.browser.typed_sheet import NAT_DEAL, PIT_DEAL, SHEET, expected_rows

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WRONG_DEAL = 5


@pytest.fixture
def table():
    """A small club evening drawn and published through the services: one table of four."""
    club = Club.objects.create(slug="zonder-script", name="KV Zonder Script", city="Utrecht")
    players = [
        Player.objects.create(club=club, member_number=str(100 + i), first_name=first, last_name="Jansen")
        for i, first in enumerate(("Anna", "Bert", "Carla", "Dirk"))
    ]
    scorer = get_user_model().objects.create_user("teller", password="geheim-wachtwoord")
    StaffRole.objects.create(user=scorer, club=club, role=StaffRole.Role.SCORER)
    competition = Competition.objects.create(
        club=club,
        name="Clubavonden",
        slug="zonder-script-avonden",
        format=Competition.Format.INDIVIDUAL,
        ruleset="amsterdam",
    )
    evening = organise.create_evening(competition=competition, date=datetime.date(2025, 10, 1))
    organise.register_attendance(evening=evening, players=players)
    round_ = organise.publish_round(round=organise.draw_next_round(evening=evening, seed=7))
    return round_.matches.get()


def fill_sheet(page, *, wrong: int | None = None) -> None:
    """Every box of every deal, as without the script nothing is filled in for you."""
    for number, deal in enumerate(SHEET, start=1):
        points_b = deal.points_b + (10 if number == wrong else 0)
        page.fill(f"#deal-{number}-bidder", deal.bidder)
        page.fill(f"#deal-{number}-points_a", str(deal.points_a))
        page.fill(f"#deal-{number}-points_b", str(points_b))
        page.fill(f"#deal-{number}-roem_a", deal.roem_a)
        page.fill(f"#deal-{number}-roem_b", deal.roem_b)
        page.fill(f"#deal-{number}-pit", deal.pit)


def test_a_sheet_is_entered_and_saved_without_javascript(table, new_page):
    page = new_page(java_script_enabled=False)
    expected = expected_rows(ruleset_for(table.round.competition))

    page.goto(f"/matches/{table.pk}/")
    log_in(page, "teller", "geheim-wachtwoord")
    page.wait_for_url(f"**/matches/{table.pk}/")
    page.locator("#link-enter").click()
    page.wait_for_url(f"**/matches/{table.pk}/enter/")
    assert "live-ready" not in (page.locator("body").get_attribute("class") or "")  # the script did not run

    # A mistake in deal 5 (the points do not add up to 162): refused, the deal marked, nothing saved.
    fill_sheet(page, wrong=WRONG_DEAL)
    with page.expect_navigation():
        page.locator("#save").click()
    assert page.locator("#error-summary").is_visible()
    assert page.locator(f"#deal-{WRONG_DEAL}").get_attribute("data-invalid") == "true"
    assert page.locator(f"#deal-{WRONG_DEAL}-errors").is_visible()
    assert page.locator("tr.deal[data-invalid]").count() == 1
    # The server's preview still marks the nat and pit deals on the refused page.
    assert page.locator(f"#deal-{NAT_DEAL}").get_attribute("data-mark") == "N"
    assert page.locator(f"#deal-{PIT_DEAL}").get_attribute("data-mark") == "P"
    assert page.locator(f"#deal-{NAT_DEAL} td[data-score-side]").all_inner_texts() == ["0", "162"]
    refused = Match.objects.get(pk=table.pk)
    assert refused.status == Match.Status.OPEN and refused.deals_played == 0

    # What was typed is still there; correct the one box and save.
    assert page.input_value(f"#deal-{NAT_DEAL}-points_a") == str(SHEET[NAT_DEAL - 1].points_a)
    page.fill(f"#deal-{WRONG_DEAL}-points_b", str(SHEET[WRONG_DEAL - 1].points_b))
    with page.expect_navigation():
        page.locator("#save").click()
    page.wait_for_url(f"**/matches/{table.pk}/")
    assert page.locator("#match-status").get_attribute("data-status") == "entered"

    final = expected[-1]["running"]
    shown = [t.strip() for t in page.locator(".match-head .side-total").all_inner_texts()]
    assert shown == [str(v) for v in final]
    saved = Match.objects.get(pk=table.pk)
    assert saved.deals_played == 16 and saved.entered_by.username == "teller"
    assert list(MatchSide.objects.filter(match=saved).order_by("side").values_list("total", flat=True)) == final
    assert page.js_errors == []
