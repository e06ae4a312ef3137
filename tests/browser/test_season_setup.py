"""A club sets up its own season on the organiser's pages alone (issue 26): a template in one click,
house rules adjusted (the preset's values shown, with and without JavaScript), the reglement in
plain words, last season replayed under the new settings, and next season started from this one.

The whole chain of issue 26's "done when" on those pages alone (no /admin/): a season from a
template, its house rules edited, the club's evening totals (an xlsx) imported into that same
competition with an unknown name confirmed, and the public standings read.
"""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Player
from competitions.models import Competition, Evening
from tests.browser.helpers import evening_totals_xlsx, import_evening_totals, log_in
from tests.competitions.season.conftest import played_season
from tests.factories import ClubFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club_with_last_season():
    club = ClubFactory(slug="troef")
    user = UserFactory(username="baas", organiser_of=club)
    user.set_password("demo")
    user.save()
    last, _players = played_season(club, name="Seizoen 2025-2026", evening_dates=["2025-09-05", "2025-10-03"])
    return club, last


def test_an_organiser_sets_up_a_season_from_a_template_and_replays_last_season(page, club_with_last_season):
    club, last = club_with_last_season
    page.goto("/")
    log_in(page, "baas")
    page.goto("/manage/")
    page.locator(f"a[href='/manage/clubs/{club.slug}/competitions/new/']").first.click()
    page.locator("a.template-link[data-template='best-5-of-7']").click()
    assert page.locator("#id_standings_method").input_value() == "best_n"
    assert page.locator("#id_count_best").input_value() == "5"
    assert page.locator("#id_planned_evenings").input_value() == "7"
    # the preset's house rules are shown; choosing another preset shows its values at once (script)
    assert page.locator("#id_rule__four_jacks").input_value() == "200"
    page.locator("#id_ruleset").select_option("klawerjas")
    assert page.locator("#id_rule__four_jacks").input_value() == "100"
    assert not page.locator("#id_rule__four_of_a_kind_ranks_0").is_checked()  # tens do not count there
    page.locator("#id_ruleset").select_option("amsterdam")
    assert page.locator("#id_rule__four_jacks").input_value() == "200"
    page.locator("#id_name").fill("Seizoen 2026-2027")
    page.locator("#id_evening_dates").fill("04-09-2026\n02-10-2026\n06-11-2026")
    page.locator("#id_rule__four_jacks").fill("100")
    page.locator("#id_tie_1").select_option("roem")
    with page.expect_navigation():
        page.locator("#save").click()
    competition = Competition.objects.get(name="Seizoen 2026-2027")
    assert page.url.endswith(f"/manage/competitions/{competition.slug}/settings/")
    assert (competition.rule_options, competition.count_best, competition.tie_breakers[0]) == (
        {"four_jacks": 100},
        5,
        "roem",
    )
    plain = page.locator(".plain-rules").inner_text()
    assert "Vier boeren (roem): 100 (in plaats van 200)" in plain
    assert "De beste 5 avonden van een speler tellen voor het kampioenschap." in plain

    # the settings page fits a phone (390 px) and a small laptop without scrolling sideways
    for width, height in ((390, 800), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        wide = page.evaluate(
            "[...document.querySelectorAll('main *')].filter(el => el.getBoundingClientRect().right > window.innerWidth + 1)"
            ".map(el => el.tagName + '#' + el.id + '.' + el.className).slice(0, 5)"
        )
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (width, wide)
    page.set_viewport_size({"width": 1280, "height": 900})

    # edit a house rule: saved at once (no results yet), audited
    page.locator("#id_rule__pit_bonus").fill("50")
    with page.expect_navigation():
        page.locator("#save").click()
    assert page.locator(".messages li").inner_text().strip() == "1 instelling gewijzigd."
    assert Competition.objects.get(pk=competition.pk).rule_options == {"four_jacks": 100, "pit_bonus": 50}
    assert "Pitbonus: 50" in page.locator(".plain-rules").inner_text()

    # "speel vorig seizoen opnieuw" on last season's results, nothing saved: first as the template has
    # it (three evenings of seven: the plain sum stands, a ranked running total — the minimum of five
    # evenings excludes only after the season's last planned evening, contract 3 / issue 33 item 7) …
    page.locator("#id_replay_from").select_option(last.slug)
    page.locator("#preview").click()
    first = page.locator("#replay tbody tr").nth(0).locator("td")
    assert [first.nth(i).inner_text() for i in (1, 2, 3, 4)] == ["1", "3000", "1", "3000"]
    # … then best 1 evening struck from the start, no minimum
    page.locator("#id_best_from").select_option("start")
    page.locator("#id_min_evenings").fill("")
    page.locator("#id_count_best").fill("1")
    page.locator("#id_replay_from").select_option(last.slug)
    page.locator("#preview").click()
    rows = page.locator("#replay tbody tr")
    assert rows.count() == 4
    first = rows.nth(0).locator("td")
    assert first.nth(0).inner_text().startswith("Bert Bok")
    assert [first.nth(i).inner_text() for i in (1, 2, 3, 4)] == ["1", "3000", "1", "1200"]
    assert Competition.objects.get(pk=competition.pk).count_best == 5

    # the public pages show the reglement in plain words; the standings read (no evening played yet)
    page.goto(f"/competitions/{competition.slug}/")
    assert "Vier boeren (roem): 100" in page.locator("#plain-rules").inner_text()
    page.goto(f"/competitions/{competition.slug}/standings/")
    assert page.locator("#plain-rules summary").count() == 1

    # last season's standings, then "nieuw seizoen" from it: name and dates proposed a year on
    page.goto(f"/competitions/{last.slug}/standings/")
    assert "Bert Bok" in page.locator("main").inner_text()
    page.goto(f"/manage/competitions/{last.slug}/new-season/")
    assert page.locator("#id_name").input_value() == "Seizoen 2026-2027"
    assert page.locator("#id_evening_dates").input_value() == "2026-09-04\n2026-10-02"
    page.locator("#id_name").fill("Seizoen 2026-2027 (b)")
    with page.expect_navigation():
        page.locator("#start-season").click()
    assert Competition.objects.get(name="Seizoen 2026-2027 (b)").previous_id == last.pk
    assert page.js_errors == []


def test_without_javascript_the_preset_button_shows_its_house_rules(new_page, club_with_last_season):
    club, _last = club_with_last_season
    page = new_page(java_script_enabled=False)
    page.goto("/")
    log_in(page, "baas")
    page.goto(f"/manage/clubs/{club.slug}/competitions/new/")
    page.locator("#id_name").fill("Zuid-Afrikaans")
    page.locator("#id_ruleset").select_option("klawerjas")
    assert page.locator("#id_rule__four_jacks").input_value() == "200"  # no script: unchanged until asked
    with page.expect_navigation():
        page.locator("#show-preset").click()
    assert page.locator("#id_rule__four_jacks").input_value() == "100"
    assert page.locator("#id_name").input_value() == "Zuid-Afrikaans"
    with page.expect_navigation():
        page.locator("#save").click()
    competition = Competition.objects.get(name="Zuid-Afrikaans")
    assert competition.ruleset == "klawerjas" and competition.rule_options == {}


def test_a_season_from_a_template_takes_the_clubs_history_and_publishes_its_standings(page, new_page, tmp_path):
    """Hand-computed: Bert Bok 2800 + 2900 = 5700, Anna Aap 3000 + 2500 = 5500, Cor Cavia (a name
    the club did not know, confirmed on the page) 2000 — the plain sum, as best 5 of 7 is struck only
    at the season's end; with the minimum lowered to 1 evening, all three have a place."""
    club = ClubFactory(slug="troef")
    user = UserFactory(username="baas", organiser_of=club)
    user.set_password("demo")
    user.save()
    [PlayerFactory(club=club, name=full_name) for full_name in ["Anna Aap", "Bert Bok"]]
    path = evening_totals_xlsx(
        tmp_path / "avonden.xlsx",
        [
            ("Anna Aap", datetime.date(2025, 9, 5), 3000),
            ("Bert Bok", datetime.date(2025, 9, 5), 2800),
            ("Anna Aap", datetime.date(2025, 10, 3), 2500),
            ("Bert Bok", datetime.date(2025, 10, 3), 2900),
            ("Cor Cavia", datetime.date(2025, 10, 3), 2000),
        ],
    )

    page.goto("/")
    log_in(page, "baas")
    page.goto("/manage/")
    page.locator(f"a[href='/manage/clubs/{club.slug}/competitions/new/']").first.click()
    page.locator("a.template-link[data-template='best-5-of-7']").click()
    page.locator("#id_name").fill("Seizoen 2025-2026")
    with page.expect_navigation():
        page.locator("#save").click()
    competition = Competition.objects.get(name="Seizoen 2025-2026")
    assert page.url.endswith(f"/manage/competitions/{competition.slug}/settings/")
    assert (competition.standings_method, competition.count_best, competition.min_evenings) == ("best_n", 5, 5)

    # the house rules edited (and the minimum lowered) before any result is in: saved at once
    page.locator("#id_rule__pit_bonus").fill("50")
    page.locator("#id_rule__four_jacks").fill("100")
    page.locator("#id_min_evenings").fill("1")
    with page.expect_navigation():
        page.locator("#save").click()
    competition.refresh_from_db()
    assert competition.rule_options == {"pit_bonus": 50, "four_jacks": 100} and competition.min_evenings == 1
    assert "Pitbonus: 50" in page.locator(".plain-rules").inner_text()

    # the club's spreadsheet into this same competition; the unknown name waits for confirmation
    import_evening_totals(page, path)
    assert "Cor Cavia" in page.locator("#history-confirm").inner_text()
    assert not Evening.objects.filter(competition=competition).exists()
    with page.expect_navigation():
        page.locator("#confirm-names").click()
    assert "2 nieuwe avonden" in page.locator(".messages").inner_text()
    assert Player.objects.filter(club=club, first_name="Cor", last_name="Cavia").count() == 1
    assert list(competition.evenings.values_list("date", "imported")) == [
        (datetime.date(2025, 9, 5), True),
        (datetime.date(2025, 10, 3), True),
    ]

    # the public standings, read by anyone (logged out in a fresh context)
    public = new_page()
    public.goto(f"/competitions/{competition.slug}/standings/")
    assert public.locator("header a[href^='/accounts/login/']").count() == 1  # not logged in
    rows = public.locator("main table tbody tr")
    cells = [rows.nth(i).inner_text().split("\t") for i in range(rows.count())]
    # place, name, … the two evenings (· where absent), the points
    assert [(c[0].split()[0], c[1]) for c in cells] == [("1", "Bert Bok"), ("2", "Anna Aap"), ("3", "Cor Cavia")], cells
    assert ["2800", "2900", "5700"] == cells[0][6:9] and ["·", "2000", "2000"] == cells[2][6:9], cells
    assert "Pitbonus: 50" in public.locator("#plain-rules").text_content()
    assert public.js_errors == []
    assert page.js_errors == []
