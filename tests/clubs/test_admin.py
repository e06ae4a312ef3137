"""The admin: every page loads for a site administrator; an organiser or scorer, even one still flagged
Django staff, gets nothing there (issue 31 item 7)."""

import pytest
from django.contrib import admin
from django.urls import reverse

from clubs import tokens
from clubs.models import Club, Player, StaffRole, Team, TeamMember
from competitions.models import Attendance, Bye, Competition, Division, Entrant, Evening, Fixture, Match
from scoring import services
from scoring.models import AuditEntry, BlindEntry, Deal
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

pytestmark = pytest.mark.django_db


def populate(club: Club, scorer, organiser) -> Match:
    """A club with one of everything the admin shows."""
    match = seated_match(club=club)
    competition = match.round.competition
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, seed=club.pk), version=0)
    services.submit_blind_entry(match=match, user=organiser, deals=simulated_sheet(match, seed=club.pk))
    players = list(Player.objects.filter(club=club))
    team = Team.objects.create(club=club, name=f"Team {club.slug}", kind=Team.Kind.PAIR)
    other = Team.objects.create(club=club, name=f"Other {club.slug}", kind=Team.Kind.PAIR)
    for position, player in enumerate(players[:2], start=1):
        TeamMember.objects.create(team=team, player=player, position=position)
    division = Division.objects.create(competition=competition, name="Poule A")
    home = Entrant.objects.create(competition=competition, team=team, name=team.name, division=division)
    away = Entrant.objects.create(competition=competition, team=other, name=other.name)
    Fixture.objects.create(round=match.round, home=home, away=away)
    Bye.objects.create(round=match.round, entrant=away)
    evening = Evening.objects.create(competition=competition, number=1)
    Attendance.objects.create(evening=evening, player=players[0])
    tokens.create_token(scorer, "test")
    return match


@pytest.fixture
def world():
    home, away = ClubFactory(slug="thuis"), ClubFactory(slug="uit")
    organiser = UserFactory(username="org", organiser_of=home)
    organiser.is_staff = True
    organiser.save()
    scorer = UserFactory(username="scorer", scorer_of=home)
    stranger_org = UserFactory(username="org-uit", organiser_of=away)
    stranger_scorer = UserFactory(username="scorer-uit", scorer_of=away)
    return {
        "home": home,
        "away": away,
        "organiser": organiser,
        "scorer": scorer,
        "home_match": populate(home, scorer, organiser),
        "away_match": populate(away, stranger_scorer, stranger_org),
    }


def url(model, view, *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def test_every_changelist_and_change_page_loads_for_a_superuser(client, world):
    client.force_login(_superuser())
    for model in admin.site._registry:
        assert client.get(url(model, "changelist")).status_code == 200, model
        obj = model._default_manager.first()
        if obj is not None:
            assert client.get(url(model, "change", obj.pk)).status_code == 200, model
    for model in (Competition, Player, Team):
        assert client.get(url(model, "add")).status_code == 200, model


def _superuser():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_superuser("root", "root@example.org", "pw")


SCOPED = [Club, Player, Team, Competition, Entrant, Evening, Fixture, Match, Deal, AuditEntry, BlindEntry]


def _club_of(obj):
    for path in ("club", "competition.club", "round.competition.club", "match.round.competition.club"):
        try:
            value = obj
            for part in path.split("."):
                value = getattr(value, part)
            return value
        except AttributeError:
            continue
    return obj  # a Club


def gets_nothing(response) -> None:
    """The admin's answer to anyone but a superuser: its login page, none of the site's rows."""
    assert response.status_code == 302 and response.headers["Location"].startswith("/admin/login/")


@pytest.mark.parametrize("model", SCOPED, ids=lambda m: m.__name__)
def test_an_organiser_with_the_old_staff_flag_gets_nothing_in_the_admin(client, world, model):
    """Organisers work on the organiser's pages: /admin/ is for superusers only (issue 31 item 7)."""
    client.force_login(world["organiser"])
    gets_nothing(client.get(url(model, "changelist")))
    mine = next(o for o in model._default_manager.all() if _club_of(o) == world["home"])
    gets_nothing(client.get(url(model, "change", mine.pk)))


def test_an_organiser_cannot_read_usernames_through_the_admin(client, world):
    client.force_login(world["organiser"])
    from django.contrib.auth import get_user_model

    from clubs.models import ApiToken

    pages = [
        "/admin/",
        url(get_user_model(), "changelist") + "?_popup=1&_to_field=id",  # the raw-id pop-up of Player.account
        url(Player, "add"),
        url(Club, "change", world["home"].pk),  # the roles inline, its user autocomplete
        "/admin/autocomplete/?app_label=clubs&model_name=staffrole&field_name=user&term=",
        "/admin/autocomplete/?app_label=clubs&model_name=staffrole&field_name=user&term=uit",
    ]
    pages += [url(model, "changelist") for model in (StaffRole, ApiToken, get_user_model())]
    for page in pages:
        response = client.get(page)
        gets_nothing(response)
        shown = client.get(page, follow=True).content.decode()
        assert "scorer-uit" not in shown and "org-uit" not in shown, page


def test_staff_without_an_organiser_role_sees_nothing(client, world):
    scorer = world["scorer"]
    scorer.is_staff = True
    scorer.save()
    client.force_login(scorer)
    for model in (Competition, Match, Deal, Player):
        gets_nothing(client.get(url(model, "changelist")))


#: A valid competition as the admin's form posts it (the reglement options of issue 26 at their defaults);
#: each test changes what it is about.
COMPETITION_FORM = {
    "name": "Sneaky",
    "slug": "sneaky",
    "format": "individual",
    "ruleset": "amsterdam",
    "deals_per_match": 16,
    "first_dealer": "N",
    "points_win": 2,
    "points_draw": 1,
    "points_loss": 0,
    "rounds_per_evening": 3,
    "standings_method": "total",
    "absence_policy": "nothing",
    "absence_points": 0,
    "bye_policy": "average",
    "bye_points": 0,
    "prize_places": 4,
    "prize_every": 0,
    "match_points_scheme": "total",
    "table_win_points": 2,
    "table_draw_points": 1,
    "total_bonus": 2,
    "second_check": "scorer",
    "entry_mode": "deals",
    "best_from": "start",
    "unexcused_points": 0,
    "missed_round_policy": "nothing",
    "missed_round_points": 0,
    "verzaakt_player_penalty": 0,
    "substitute_counts_for": "substitute",
    "rule_options": "{}",
    "tie_breakers": "[]",
    "draw_method": "lot",
    "divisions-TOTAL_FORMS": 0,
    "divisions-INITIAL_FORMS": 0,
    "entrants-TOTAL_FORMS": 0,
    "entrants-INITIAL_FORMS": 0,
}


def test_an_organiser_cannot_create_a_competition_in_the_admin(client, world):
    client.force_login(world["organiser"])
    for club in (world["away"], world["home"]):
        gets_nothing(client.post(url(Competition, "add"), {**COMPETITION_FORM, "club": club.pk}))
    assert not Competition.objects.filter(slug="sneaky").exists()


def test_the_admin_competition_form_checks_the_rule_options(client, world):
    client.force_login(_superuser())
    data = {**COMPETITION_FORM, "club": world["home"].pk, "rule_options": '{"four_jacks": "lots"}'}
    response = client.post(url(Competition, "add"), data)
    assert "rule_options" in response.context["adminform"].form.errors
    data["rule_options"] = '{"four_jacks": 100}'
    response = client.post(url(Competition, "add"), data)
    assert response.status_code == 302
    assert Competition.objects.get(slug="sneaky").club == world["home"]


def test_results_cannot_be_changed_in_the_admin(client, world):
    client.force_login(_superuser())
    match = world["home_match"]
    match.refresh_from_db()
    status, version = match.status, match.version
    before = list(Deal.objects.filter(match=match).values_list("score_a", "score_b"))
    deal = Deal.objects.filter(match=match).first()
    assert client.post(url(Deal, "change", deal.pk), {"score_a": 999}).status_code == 403
    assert client.post(url(Match, "change", match.pk), {"status": "open"}).status_code == 403
    assert client.post(url(Deal, "delete", deal.pk), {"post": "yes"}).status_code == 403
    assert client.post(url(AuditEntry, "delete", AuditEntry.objects.first().pk), {"post": "yes"}).status_code == 403
    assert client.get(url(Deal, "add")).status_code == 403
    assert list(Deal.objects.filter(match=match).values_list("score_a", "score_b")) == before
    match.refresh_from_db()
    assert (match.status, match.version) == (status, version)
    page = client.get(url(Match, "change", match.pk))
    assert page.status_code == 200
    assert str(before[0][0]) in page.content.decode()


def test_the_match_change_page_has_a_fixed_number_of_queries(client, world, django_assert_max_num_queries):
    client.force_login(_superuser())
    with django_assert_max_num_queries(25):
        assert client.get(url(Match, "change", world["home_match"].pk)).status_code == 200


def test_revoke_tokens_from_the_admin(client, world):
    from clubs.models import ApiToken

    client.force_login(_superuser())
    token = ApiToken.objects.first()
    response = client.post(url(ApiToken, "changelist"), {"action": "revoke", "_selected_action": [token.pk]})
    assert response.status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None


@pytest.mark.django_db
def test_competition_form_refuses_unknown_options_and_tie_breakers():
    from clubs.models import Club
    from competitions.admin import CompetitionForm

    club = Club.objects.create(name="Vormclub", slug="vormclub")
    base = {**COMPETITION_FORM, "club": club.pk, "name": "Test", "slug": "test-vorm"}
    form = CompetitionForm(
        data={**base, "rule_options": '{"four_jacks": 100}', "tie_breakers": '["roem", "fewest_nat"]'}
    )
    assert form.is_valid(), form.errors
    form = CompetitionForm(data={**base, "rule_options": '{"jokers": 1}', "tie_breakers": '["coin_toss"]'})
    assert not form.is_valid()
    assert "jokers" in str(form.errors["rule_options"])
    assert "coin_toss" in str(form.errors["tie_breakers"])
