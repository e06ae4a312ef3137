"""The organiser's set-up pages: a competition from a template, its settings, the replay, a new season."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from competitions.models import Competition
from competitions.season import services
from competitions.season.models import SettingsChange
from tests.competitions.season.conftest import played_season
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory, RoundFactory, UserFactory, played_match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def logged_in(client, organiser):
    client.force_login(organiser)
    return client


def _form_data(response) -> dict:
    """What the browser would post: every field of the settings form as rendered (initial values)."""
    form = response.context["form"]
    data = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif isinstance(value, list):
            data[name] = [str(v) for v in value]
        elif value is not None:
            data[name] = str(value)
    return data


def test_new_competition_from_a_template_then_adjusted(logged_in, club):
    url = reverse("season:new", args=[club.slug])
    page = logged_in.get(url + "?template=best-5-of-7")
    assert page.status_code == 200
    data = _form_data(page)
    assert (data["standings_method"], data["count_best"], data["planned_evenings"]) == ("best_n", "5", "7")
    assert data["rule__four_jacks"] == "200" and data["rule__pit_bonus"] == "100"
    data.update(name="Seizoen 2026-2027", rule__four_jacks="100", evening_dates="2026-09-04\n02-10-2026", save="")
    response = logged_in.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    competition = Competition.objects.get()
    assert competition.rule_options == {"four_jacks": 100}
    assert competition.evening_dates == ["2026-09-04", "2026-10-02"]
    assert (competition.standings_method, competition.count_best) == ("best_n", 5)
    assert response["Location"] == reverse("season:settings", args=[competition.slug])


def test_bad_input_names_the_field_and_creates_nothing(logged_in, club):
    url = reverse("season:new", args=[club.slug])
    data = _form_data(logged_in.get(url))
    data.update(name="X", rule__pit_bonus="5000", evening_dates="31-02-2026", save="")
    response = logged_in.post(url, data)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert "rule__pit_bonus" in errors and "evening_dates" in errors
    assert "31-02-2026 is not a date" in str(errors["evening_dates"])
    assert not Competition.objects.exists()


def test_changing_the_preset_shows_its_house_rules_without_javascript(logged_in, club):
    url = reverse("season:new", args=[club.slug])
    data = _form_data(logged_in.get(url))
    data.update(name="Zuid-Afrikaans", ruleset="klawerjas", show_preset="")
    response = logged_in.post(url, data)
    assert response.status_code == 200 and not Competition.objects.exists()
    shown = _form_data(response)
    assert shown["rule__four_jacks"] == "100" and shown["rule__four_of_a_kind_ranks"] == ["Q", "K", "A"]
    assert shown["name"] == "Zuid-Afrikaans"


def test_the_settings_page_needs_an_organiser_of_the_club(client, club):
    competition, _players = played_season(club)
    client.force_login(UserFactory(username="scorer", scorer_of=club))
    assert client.get(reverse("season:settings", args=[competition.slug])).status_code == 403
    assert client.get(reverse("season:new", args=[club.slug])).status_code == 403
    assert client.get(reverse("season:new-season", args=[competition.slug])).status_code == 403


def test_results_in_lock_the_game_and_a_standings_change_warns_first(logged_in, club):
    competition, _players = played_season(club)
    url = reverse("season:settings", args=[competition.slug])
    page = logged_in.get(url)
    assert page.context["form"].fields["rule__pit_bonus"].disabled
    data = _form_data(page)
    data.update(rule__pit_bonus="50", standings_method="best_n", count_best="1", save="")
    warned = logged_in.post(url, data)
    assert warned.status_code == 409
    assert ("Number of best evenings (N)", "—", "1") in warned.context["warning"]
    assert Competition.objects.get(pk=competition.pk).standings_method == "total"
    lines = {line.name: line for line in warned.context["replay"]}
    assert (lines["Bert Bok"].points_before, lines["Bert Bok"].points_after) == (3000, 1200)
    data.pop("save")
    data["confirm"] = ""
    saved = logged_in.post(url, data)
    assert saved.status_code == 302
    competition.refresh_from_db()
    assert (competition.standings_method, competition.count_best, competition.rule_options) == ("best_n", 1, {})


def test_replay_previews_a_template_on_last_seasons_results_without_saving(logged_in, club, organiser):
    last, _players = played_season(club, name="Seizoen 2025-2026")
    new = Competition.objects.create(club=club, name="Seizoen 2026-2027", slug="nieuw", previous=last)
    url = reverse("season:settings", args=[new.slug])
    data = _form_data(logged_in.get(url))
    data.update(standings_method="best_n", count_best="1", preview="")
    response = logged_in.post(url, data)
    assert response.status_code == 200
    assert response.context["replay_source"] == last
    lines = [(line.name, line.rank_after, line.points_after) for line in response.context["replay"]]
    assert lines == [("Bert Bok", 1, 1200), ("Cor Cavia", 2, 1200), ("Anna Aap", 3, 1000), ("Dirk Das", 4, 800)]
    new.refresh_from_db()
    assert new.standings_method == "total" and not SettingsChange.objects.exists()


def test_new_season_proposes_next_years_dates(logged_in, club):
    competition, _players = played_season(club, name="Seizoen 2025-2026", evening_dates=["2025-09-05", "2025-10-03"])
    url = reverse("season:new-season", args=[competition.slug])
    page = logged_in.get(url)
    assert page.context["form"]["name"].value() == "Seizoen 2026-2027"
    assert page.context["form"]["evening_dates"].value() == "2026-09-04\n2026-10-02"
    response = logged_in.post(url, {"name": "Seizoen 2026-2027", "evening_dates": "2026-09-04\n2026-10-02"})
    season = Competition.objects.get(name="Seizoen 2026-2027")
    assert response["Location"] == reverse("season:settings", args=[season.slug])
    assert season.previous == competition


def test_the_dashboard_offers_a_new_competition_also_to_a_club_without_one(logged_in, club):
    page = logged_in.get(reverse("staff:dashboard"))
    assert page.status_code == 200
    assert reverse("season:new", args=[club.slug]) in page.content.decode()


def test_the_settings_page_and_its_replay_run_a_fixed_number_of_queries(logged_in, club):
    small, _players = played_season(club, name="Klein")
    big, _players = played_season(club, name="Groot")
    for number in range(4, 10):  # six more evenings with four more players each
        more = [
            PlayerFactory(club=club, name=full_name)
            for full_name in [f"Extra{number} A", f"Extra{number} B", f"Extra{number} C", f"Extra{number} D"]
        ]
        evening = EveningFactory(competition=big, number=number)
        played_match(RoundFactory(competition=big, number=number, evening=evening), totals=[900, 700], players=more)
    counts = []
    for competition in (small, big):
        url = reverse("season:settings", args=[competition.slug])
        data = _form_data(logged_in.get(url))
        data.update(standings_method="best_n", count_best="1", preview="", replay_from=competition.slug)
        with CaptureQueriesContext(connection) as page:
            assert logged_in.get(url).status_code == 200
        with CaptureQueriesContext(connection) as replay:
            assert logged_in.post(url, data).context["replay"]
        counts.append((len(page), len(replay)))
    assert counts[0] == counts[1], counts
    assert counts[0][0] <= 8 and counts[0][1] <= 16, counts  # measured: 7 and 13 (15 with the reglement options)


def test_a_double_round_robin_season_ticks_double_on_the_fixtures_page(logged_in, club):
    competition = Competition.objects.create(
        club=club, name="Paren", slug="paren", format="pairs", double_round_robin=True
    )
    page = logged_in.get(reverse("staff:fixtures", args=[competition.slug]))
    assert 'name="double" id="id_double" checked' in page.content.decode()


def test_a_new_competition_can_replay_last_season_before_it_is_created(logged_in, club):
    last, _players = played_season(club, name="Seizoen 2025-2026")
    url = reverse("season:new", args=[club.slug])
    page = logged_in.get(url + "?template=best-5-of-7")
    assert page.context["sources"] == [last]
    data = _form_data(page)
    data.update(name="Seizoen 2026-2027", count_best="2", best_from="start", preview="", replay_from=last.slug)
    response = logged_in.post(url, data)
    assert response.status_code == 200 and not Competition.objects.exclude(pk=last.pk).exists()
    lines = [(line.name, line.points_before, line.points_after) for line in response.context["replay"]]
    assert lines == [
        ("Bert Bok", 3000, 2200),
        ("Cor Cavia", 2300, 1800),
        ("Anna Aap", 1800, 1500),
        ("Dirk Das", 1700, 1400),
    ]


def test_the_change_log_names_settings_in_words_not_codes(client, club, organiser):
    """Issue 33 item 11: raw codes ("organiser_entry_counts") never reach a page."""
    competition = CompetitionFactory(club=club, format="individual")
    services.update_competition(
        competition=competition, user=organiser, changes={"organiser_entry_counts": True}, confirmed=True
    )
    client.force_login(organiser)
    page = client.get(reverse("season:settings", args=[competition.slug])).content.decode()
    log = page[page.index('id="history-heading"') :]
    log = log[: log.index("</table>")]
    assert "organiser_entry_counts" not in log
    assert "entry counts at once" in log
