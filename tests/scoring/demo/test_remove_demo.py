"""Removing the demo (contract 4; issue 31 item 2): a confirmation naming what goes, then every demo club,
competition, member and demo login in one transaction, with a club of its own and its played results
beside it untouched; only an organiser of a club of its own or a superuser, with the CSRF token."""

from __future__ import annotations

import io

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client

from clubs.models import Club, Player, StaffRole
from clubs.setup.services import set_up_club
from competitions.models import Competition, Entrant, Match
from scoring import services as scoring
from scoring.demo.selectors import demo_contents
from scoring.demo.services import DemoRemovalError, remove_demo
from scoring.models import Deal
from tests.factories import seated_match, simulated_sheet

pytestmark = pytest.mark.django_db
User = get_user_model()
PASSWORD = "Ruiten-Heer-1987"
PROJECT_APPS = ("clubs", "competitions", "scoring", "auth")


def real_club_with_a_played_evening():
    """A club of its own (set up as on /setup/), a scorer, and a confirmed table with 16 deals."""
    club, organiser = set_up_club(club_name="KV De Hoge Troef", username="wilma", password=PASSWORD)
    scorer = User.objects.create_user("kees", password=PASSWORD)
    StaffRole.objects.create(user=scorer, club=club, role=StaffRole.Role.SCORER)
    match = seated_match(club=club, slug="hoge-troef-avonden", name=f"Avonden {club.slug}")
    saved = scoring.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=match.version)
    scoring.confirm_match(match=saved, user=organiser, version=saved.version)
    return club, organiser


def rows_of(club: Club) -> dict:
    """Everything of ``club`` a removal could touch, to compare before and after."""
    return {
        "club": list(Club.objects.filter(pk=club.pk).values()),
        "competitions": list(Competition.objects.filter(club=club).values()),
        "players": list(Player.objects.filter(club=club).values()),
        "matches": list(Match.objects.filter(round__competition__club=club).values()),
        "deals": list(Deal.objects.filter(match__round__competition__club=club).values()),
        "roles": list(StaffRole.objects.filter(club=club).values()),
        "users": list(User.objects.filter(staff_roles__club=club).values()),
    }


def totals() -> dict:
    return {m._meta.label: m.objects.count() for label in PROJECT_APPS for m in apps.get_app_config(label).get_models()}


def small_demo() -> Club:
    """A demo as seed_demo marks it, small: a club, a member, a competition and its organiser login."""
    demo = Club.objects.create(name="KV De Troefboer", slug="demo", is_demo=True)
    Player.objects.create(club=demo, member_number="1001", first_name="Jan", last_name="de Vries")
    Competition.objects.create(club=demo, name="Clubavonden", slug="demo-clubavonden")
    login = User.objects.create_user("organiser", password="demo")
    StaffRole.objects.create(user=login, club=demo, role=StaffRole.Role.ORGANISER)
    return demo


@pytest.mark.slow
def test_the_demo_goes_in_one_step_and_the_real_club_stays_as_it_was(client):
    call_command("seed_demo", stdout=io.StringIO())
    club, organiser = real_club_with_a_played_evening()
    demo_competitions = list(Competition.objects.filter(club__is_demo=True).values_list("slug", flat=True))
    assert len(demo_competitions) >= 4 and Club.objects.filter(is_demo=True).count() == 5

    visitor = Client()  # the public home page, cached with the demo's competitions on it
    cached = visitor.get("/")
    assert cached.headers["X-Page-Cache"] == "miss" and visitor.get("/").headers["X-Page-Cache"] == "hit"
    assert all(f"/competitions/{slug}/" in cached.content.decode() for slug in demo_competitions)
    client.force_login(organiser)
    before = rows_of(club)  # after the log-in, which sets last_login
    page = client.get(f"/manage/clubs/{club.slug}/").content.decode()
    assert 'href="/manage/demo/remove/"' in page, "the club's page links to the removal while a demo is there"
    confirm = client.get("/manage/demo/remove/")
    html = confirm.content.decode()
    contents = demo_contents()
    assert contents.logins == [
        "organiser",
        "scorer",
        "scorer-harten-troef",
        "scorer-klaveren-aas",
        "scorer-vrolijke-boer",
    ]
    assert contents.competitions == len(demo_competitions) and f"{contents.competitions} competities" in html
    assert f"{contents.players} leden" in html and "5 democlubs en -bonden" in html and "5 demologins" in html
    assert Club.objects.filter(is_demo=True).count() == 5, "the confirmation page removes nothing"

    response = client.post("/manage/demo/remove/")
    assert response.status_code == 302 and response.headers["Location"] == f"/manage/clubs/{club.slug}/"
    assert not Club.objects.filter(is_demo=True).exists()
    assert not Competition.objects.filter(slug__in=demo_competitions).exists()
    assert set(User.objects.values_list("username", flat=True)) == {"wilma", "kees"}
    assert rows_of(club) == before
    assert (
        Player.objects.exclude(club=club).count() == 0 and Entrant.objects.exclude(competition__club=club).count() == 0
    )

    page = client.get(f"/manage/clubs/{club.slug}/").content.decode()
    assert "De demo is verwijderd" in page and 'href="/manage/demo/remove/"' not in page
    home = visitor.get("/").content.decode()  # the cache misses: the removal raised the site's number
    assert "Avonden kv-de-hoge-troef" in home
    assert not any(f"/competitions/{slug}/" in home for slug in demo_competitions)
    out = io.StringIO()
    call_command("seed_demo", "--if-empty", stdout=out)  # what make run does: the demo stays away
    assert not Club.objects.filter(is_demo=True).exists() and "not added" in out.getvalue()


def test_only_an_organiser_of_a_club_of_its_own_or_a_superuser_may_remove_it(client):
    small_demo()
    club = Club.objects.create(name="KV Eigen", slug="eigen")
    scorer = User.objects.create_user("kees", password=PASSWORD)
    StaffRole.objects.create(user=scorer, club=club, role=StaffRole.Role.SCORER)
    before = totals()
    assert client.get("/manage/demo/remove/").headers["Location"].startswith("/accounts/login/")
    assert client.post("/manage/demo/remove/").status_code == 302
    for who in (scorer, User.objects.get(username="organiser")):  # the demo's own organiser neither
        client.force_login(who)
        assert client.get("/manage/demo/remove/").status_code == 403
        assert client.post("/manage/demo/remove/").status_code == 403
    assert totals() == before
    boss = User.objects.create_superuser("beheer", password=PASSWORD)
    client.force_login(boss)
    assert client.get("/manage/demo/remove/").status_code == 200
    assert client.post("/manage/demo/remove/").headers["Location"] == "/manage/clubs/eigen/"
    assert not Club.objects.filter(is_demo=True).exists() and Club.objects.filter(slug="eigen").exists()


def test_without_the_csrf_token_nothing_is_removed():
    small_demo()
    club, organiser = set_up_club(club_name="KV Eigen", username="wilma", password=PASSWORD)
    before = totals()
    client = Client(enforce_csrf_checks=True)
    client.force_login(organiser)
    assert client.post("/manage/demo/remove/").status_code == 403
    assert totals() == before
    page = client.get("/manage/demo/remove/")
    token = page.context["csrf_token"]
    assert client.post("/manage/demo/remove/", {"csrfmiddlewaretoken": str(token)}).status_code == 302
    assert not Club.objects.filter(is_demo=True).exists()


def test_a_competition_of_its_own_using_a_demo_member_stops_it_and_nothing_changes(client):
    demo = small_demo()
    club, organiser = set_up_club(club_name="KV Eigen", username="wilma", password=PASSWORD)
    own = Competition.objects.create(club=club, name="Open toernooi", slug="open")
    Entrant.objects.create(competition=own, player=demo.players.get(), name="Jan de Vries")
    before = totals()
    client.force_login(organiser)
    response = client.post("/manage/demo/remove/", follow=True)
    assert "De demo is niet verwijderd: Open toernooi van een eigen club gebruikt" in response.content.decode()
    assert totals() == before
    with pytest.raises(DemoRemovalError):
        remove_demo(user=organiser)
    assert totals() == before


def test_a_login_called_organiser_that_a_club_of_its_own_uses_is_kept(client):
    small_demo()
    club = Club.objects.create(name="KV Eigen", slug="eigen")
    login = User.objects.get(username="organiser")
    StaffRole.objects.create(user=login, club=club, role=StaffRole.Role.ORGANISER)
    assert demo_contents().logins == []
    gone = remove_demo(user=login)
    assert gone.clubs == ["KV De Troefboer"] and gone.competitions == 1 and gone.players == 1
    assert User.objects.filter(username="organiser").exists()
    assert list(StaffRole.objects.values_list("club__slug", flat=True)) == ["eigen"]
    with pytest.raises(DemoRemovalError, match="geen demo"):
        remove_demo(user=login)
    client.force_login(login)
    assert 'id="no-demo"' in client.get("/manage/demo/remove/").content.decode()


def test_a_demo_login_that_is_a_member_account_of_a_club_of_its_own_is_kept():
    """A demo login that accepted a member's invitation of a club of its own (``Player.account``, the
    link clubs.people makes) logs in there: removing the demo keeps it and the member's link."""
    small_demo()
    club, organiser = set_up_club(club_name="KV De Hoge Troef", username="wilma", password=PASSWORD)
    login = User.objects.get(username="organiser")
    member = Player.objects.create(club=club, member_number="7", first_name="Els", last_name="Eigen", account=login)
    assert demo_contents().logins == []
    remove_demo(user=organiser)
    assert User.objects.filter(username="organiser").exists()
    assert Player.objects.get(pk=member.pk).account_id == login.pk


def test_seed_demo_never_takes_over_a_club_of_its_own_at_the_demos_address():
    Club.objects.create(name="Demo", slug="demo")
    with pytest.raises(CommandError, match="demo"):
        call_command("seed_demo", stdout=io.StringIO())
    assert list(Club.objects.values_list("slug", "is_demo")) == [("demo", False)]
    assert not User.objects.exists()


def test_the_confirmation_page_runs_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    demo = small_demo()
    club, organiser = set_up_club(club_name="KV Eigen", username="wilma", password=PASSWORD)
    client.force_login(organiser)
    with django_assert_max_num_queries(12) as few:
        assert client.get("/manage/demo/remove/").status_code == 200
    for n in range(20):
        Player.objects.create(club=demo, member_number=str(2000 + n), first_name="Piet", last_name=f"Lid{n}")
        Competition.objects.create(club=demo, name=f"Demo {n}", slug=f"demo-{n}")
    with django_assert_max_num_queries(len(few.captured_queries)):
        html = client.get("/manage/demo/remove/").content.decode()
    assert "21 competities" in html and "21 leden" in html
