"""The season set-up services: create, change (locked, quiet, recomputed after confirmation), new season."""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Team
from competitions.models import Competition, Division, Entrant
from competitions.season import services
from competitions.season.history import import_evening_totals
from competitions.season.models import SettingsChange
from competitions.season.reglementen import BY_KEY, TEMPLATES
from competitions.standings import standings
from tests.competitions.season.conftest import played_season
from tests.factories import CompetitionFactory, UserFactory, named_team_entrants, team_players

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_create_stores_only_house_rules_that_differ_and_audits(club, organiser):
    competition = services.create_competition(
        club=club,
        user=organiser,
        values={"name": "Seizoen 2026-2027", "rule_options": {"four_jacks": 100}, "evening_dates": ["2026-09-04"]},
    )
    assert competition.slug == "seizoen-2026-2027"
    assert competition.rule_options == {"four_jacks": 100}
    assert competition.season_start == datetime.date(2026, 9, 4)
    change = SettingsChange.objects.get(competition=competition)
    assert (change.action, change.via, change.user) == ("create", "page", organiser)
    assert change.changes["rule_options"] == [None, {"four_jacks": 100}]


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"rule_options": {"pit_bonus": 5000}}, "rule_options.pit_bonus"),
        ({"rule_options": {"bogus": 1}}, "rule_options.bogus"),
        ({"deals_per_match": 0}, "deals_per_match"),
        ({"format": "chess"}, "format"),
        ({"tie_breakers": ["luck"]}, "tie_breakers"),
        ({"standings_method": "best_n", "count_best": None}, "count_best"),
        ({"planned_evenings": 5, "count_best": 6, "standings_method": "best_n"}, "count_best"),
        ({"evening_dates": ["2026-10-01", "2026-09-01"]}, "evening_dates"),
        ({"entry_mode": "totals", "rule_options": {"target_score": 1500}}, "entry_mode"),
        ({"name": "  "}, "name"),
    ],
)
def test_bad_settings_are_refused_naming_the_field_and_nothing_is_created(club, organiser, values, field):
    with pytest.raises(services.SettingsRefused) as refused:
        services.create_competition(club=club, user=organiser, values={"name": "X", **values})
    assert field in refused.value.errors, refused.value.errors
    assert not Competition.objects.exists() and not SettingsChange.objects.exists()


def test_only_an_organiser_of_the_club_may_create(club):
    scorer = UserFactory(username="scorer", scorer_of=club)
    with pytest.raises(services.NotOrganiser):
        services.create_competition(club=club, user=scorer, values={"name": "X"})
    assert not Competition.objects.exists()


def test_game_settings_are_locked_once_results_are_in(club, organiser):
    competition, _players = played_season(club)
    with pytest.raises(services.SettingsRefused) as refused:
        services.update_competition(
            competition=competition, user=organiser, changes={"rule_options": {"pit_bonus": 50}, "deals_per_match": 12}
        )
    assert set(refused.value.errors) == {"rule_options.pit_bonus", "deals_per_match"}
    competition.refresh_from_db()
    assert (competition.rule_options, competition.deals_per_match) == ({}, 16)


def test_a_quiet_change_needs_no_confirmation(club, organiser):
    competition, _players = played_season(club)
    changed = services.update_competition(
        competition=competition, user=organiser, changes={"name": "Wintercompetitie", "is_public": False}
    )
    assert sorted(changed) == ["is_public", "name"]
    assert Competition.objects.get(pk=competition.pk).name == "Wintercompetitie"
    assert SettingsChange.objects.get(competition=competition).changes == {
        "name": [competition.slug.replace("-", " ").title(), "Wintercompetitie"],
        "is_public": [True, False],
    }


def test_a_standings_change_is_saved_only_when_confirmed_and_then_recomputes(club, organiser):
    competition, _players = played_season(club)
    before = [(r.name, r.rank, r.points) for r in standings(competition)]
    assert before == [("Bert Bok", 1, 3000), ("Cor Cavia", 2, 2300), ("Anna Aap", 3, 1800), ("Dirk Das", 4, 1700)]
    change = {"standings_method": "best_n", "count_best": 1}
    with pytest.raises(services.NeedsConfirmation) as asked:
        services.update_competition(competition=competition, user=organiser, changes=change)
    assert asked.value.fields == ["standings_method", "count_best"]
    assert Competition.objects.get(pk=competition.pk).standings_method == "total"
    services.update_competition(competition=competition, user=organiser, changes=change, confirmed=True)
    after = [(r.name, r.rank_label, r.points) for r in standings(Competition.objects.get(pk=competition.pk))]
    # level on points, the default tie-breaker (average per match: 1000 against 767) puts Bert first
    assert after == [("Bert Bok", "1", 1200), ("Cor Cavia", "2", 1200), ("Anna Aap", "3", 1000), ("Dirk Das", "4", 800)]


def test_new_season_copies_settings_and_players_with_new_dates(club, organiser):
    competition, players = played_season(
        club, name="Seizoen 2025-2026", rule_options={"four_jacks": 100}, tie_breakers=["roem"], planned_evenings=3
    )
    for player in players:
        Entrant.objects.create(competition=competition, player=player, name=player.name)
    season = services.start_new_season(
        competition=competition, user=organiser, name="Seizoen 2026-2027", evening_dates=["2026-09-04", "2026-10-02"]
    )
    assert season.previous == competition and season.slug == "seizoen-2026-2027"
    assert (season.rule_options, season.tie_breakers, season.planned_evenings) == ({"four_jacks": 100}, ["roem"], 3)
    assert (season.season_start, season.season_end) == (datetime.date(2026, 9, 4), datetime.date(2026, 10, 2))
    assert sorted(e.player_id for e in season.entrants.all()) == sorted(p.pk for p in players)
    assert not season.rounds.exists()
    assert SettingsChange.objects.get(competition=season).action == "season"


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda t: t.key)
def test_every_template_makes_a_valid_competition(club, organiser, template):
    competition = services.create_competition(
        club=club, user=organiser, values={"name": str(template.label), **template.settings()}
    )
    for key, value in template.settings().items():
        assert getattr(competition, key) == value, key


def test_best_5_of_7_template_says_what_the_reglement_says():
    values = BY_KEY["best-5-of-7"].values
    assert (values["planned_evenings"], values["count_best"], values["min_evenings"]) == (7, 5, 5)


def test_the_format_is_locked_once_a_round_is_drawn_even_without_results(club, organiser):
    competition = services.create_competition(club=club, user=organiser, values={"name": "X"})
    competition.rounds.create(number=1)
    with pytest.raises(services.SettingsRefused) as refused:
        services.update_competition(competition=competition, user=organiser, changes={"format": "pairs"})
    assert set(refused.value.errors) == {"format"}
    services.update_competition(competition=competition, user=organiser, changes={"rule_options": {"pit_bonus": 50}})
    assert Competition.objects.get(pk=competition.pk).rule_options == {"pit_bonus": 50}


def test_every_template_setting_is_a_field_of_the_competition():
    """The reglement options of RULES.md §9 (min_evenings, best_from, points_champion) are fields."""
    missing = {t.key: sorted(set(t.values) - set(t.settings())) for t in TEMPLATES if set(t.values) - set(t.settings())}
    assert missing == {}


def test_best_5_of_7_at_least_5_strikes_only_at_the_end_and_lists_the_unqualified_last(club, organiser):
    competition, _players = played_season(club)
    template = BY_KEY["best-5-of-7"].settings()
    services.update_competition(competition=competition, user=organiser, changes=template, confirmed=True)
    competition.refresh_from_db()
    assert (competition.min_evenings, competition.best_from, competition.planned_evenings) == (5, "season_end", 7)
    rows = standings(competition)
    # three evenings of seven: the plain sum stands, and nobody has the five evenings yet, which
    # decides nothing before the 7th evening (contract 3): the running total ranks everyone
    assert [(r.name, r.points, r.rank, r.qualified) for r in rows] == [
        ("Bert Bok", 3000, 1, None),
        ("Cor Cavia", 2300, 2, None),
        ("Anna Aap", 1800, 3, None),
        ("Dirk Das", 1700, 4, None),
    ]


def test_the_models_cross_field_checks_are_the_settings_checks(club, organiser):
    with pytest.raises(services.SettingsRefused) as refused:
        services.create_competition(
            club=club, user=organiser, values={"name": "X", "best_from": "season_end", "standings_method": "total"}
        )
    assert set(refused.value.errors) == {"best_from"}


def test_new_season_copies_team_entrants_with_their_divisions_and_seeds(club, organiser):
    """A league of teams of four in two poules: next season has the same teams (the same Team rows,
    not copies), in poules of the same names, seeded as before; nothing of this season moves."""
    competition = CompetitionFactory(club=club, format="teams", name="Competitie 2025-2026", ruleset="rotterdam")
    north = Division.objects.create(competition=competition, name="Poule Noord", order=1)
    south = Division.objects.create(competition=competition, name="Poule Zuid", order=2)
    entrants = named_team_entrants(competition, ["Troef", "Pit"], size=4, division=north)
    entrants += named_team_entrants(competition, ["Roem"], size=4, division=south)

    season = services.start_new_season(
        competition=competition, user=organiser, name="Competitie 2026-2027", evening_dates=["2026-09-04"]
    )
    assert season.format == "teams" and season.previous == competition
    copied = list(season.entrants.select_related("division").order_by("seed", "name"))
    assert [(e.team_id, e.name, e.seed, e.division.name) for e in copied] == [
        (entrants[2].team_id, "Roem", 1, "Poule Zuid"),
        (entrants[0].team_id, "Troef", 1, "Poule Noord"),
        (entrants[1].team_id, "Pit", 2, "Poule Noord"),
    ]
    assert all(e.player_id is None for e in copied)
    assert {d.pk for d in season.divisions.all()}.isdisjoint({north.pk, south.pk})
    assert [d.name for d in season.divisions.order_by("order")] == ["Poule Noord", "Poule Zuid"]
    assert [m.player.name for m in entrants[0].team.members.order_by("position")] == [
        p.name for p in team_players(copied[1])
    ]
    assert competition.entrants.count() == 3 and Team.objects.filter(club=club).count() == 3


def test_imported_evenings_are_results_a_standings_change_waits_for_confirmation(club, organiser):
    """Evening totals imported from the club's spreadsheet count like confirmed evenings, so a change
    that recomputes them asks first (the API's 409), as confirmed tables do; a quiet one does not."""
    competition = CompetitionFactory(club=club, format="individual", standings_method="total")
    import_evening_totals(
        competition=competition,
        user=organiser,
        rows=[{"player": "Anna Aap", "date": "2025-09-05", "points": 3000}],
        create_players=True,
    )
    with pytest.raises(services.NeedsConfirmation) as asked:
        services.update_competition(
            competition=competition, user=organiser, changes={"standings_method": "best_n", "count_best": 1}
        )
    assert set(asked.value.fields) == {"standings_method", "count_best"}
    assert Competition.objects.get(pk=competition.pk).standings_method == "total"
    services.update_competition(competition=competition, user=organiser, changes={"name": "Clubavonden"})
    services.update_competition(
        competition=competition,
        user=organiser,
        changes={"standings_method": "best_n", "count_best": 1},
        confirmed=True,
    )
    assert Competition.objects.get(pk=competition.pk).count_best == 1
