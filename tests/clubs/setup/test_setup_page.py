"""/setup/ with the Django client: a fresh install makes its club and organiser in one step, and every
bad input gets a Dutch message with nothing made (contract 4; issue 31 item 1)."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from clubs.models import Club, StaffRole
from clubs.setup.link import setup_lines, setup_token, setup_url
from clubs.setup.services import SetupError, set_up_club

pytestmark = pytest.mark.django_db
User = get_user_model()
ELSEWHERE = {"REMOTE_ADDR": "192.168.1.20"}
GOOD = {
    "club_name": "KV De Hoge Troef",
    "username": "wilma",
    "email": "wilma@example.org",
    "password1": "Ruiten-Heer-1987",
    "password2": "Ruiten-Heer-1987",
}


def post(client, data=None, *, url="/setup/", **extra):
    return client.post(url, {**GOOD, **(data or {})}, **extra)


def nothing_made():
    assert not Club.objects.exists() and not User.objects.exists() and not StaffRole.objects.exists()


def errors(response) -> dict[str, list[str]]:
    return {name: list(messages) for name, messages in response.context["form"].errors.items()}


def test_a_fresh_install_sends_home_to_setup_and_setup_makes_the_club_and_its_organiser(client):
    assert client.get("/").headers["Location"] == "/setup/"
    page = client.get("/setup/")
    assert page.status_code == 200
    html = page.content.decode()
    for field in ("club_name", "username", "email", "password1", "password2", "csrfmiddlewaretoken"):
        assert f'name="{field}"' in html
    response = post(client)
    club = Club.objects.get()
    assert (club.name, club.slug, club.is_demo, club.is_league) == (
        "KV De Hoge Troef",
        "kv-de-hoge-troef",
        False,
        False,
    )
    assert response.status_code == 302 and response.headers["Location"] == f"/manage/clubs/{club.slug}/"
    user = User.objects.get(username="wilma")
    assert user.email == "wilma@example.org" and user.check_password(GOOD["password1"])
    assert not user.is_staff and not user.is_superuser
    assert list(StaffRole.objects.values_list("user__username", "club__slug", "role")) == [
        ("wilma", club.slug, "organiser")
    ]
    # logged in: the organiser page answers, and the home page lists competitions now
    club_page = client.get(response.headers["Location"])
    assert club_page.status_code == 200 and "KV De Hoge Troef" in club_page.content.decode()
    assert client.get("/").status_code == 200


def test_a_league_server_sets_up_its_league_and_the_email_may_be_empty(client):
    response = post(client, {"club_name": "Regio Oost", "is_league": "on", "email": ""})
    league = Club.objects.get()
    assert league.is_league and response.headers["Location"] == "/manage/clubs/regio-oost/"
    assert User.objects.get().email == ""


def test_setup_twice_is_a_dutch_404_and_makes_nothing(client):
    post(client)
    client.logout()
    for method in (client.get, client.post):
        response = method("/setup/", {**GOOD, "club_name": "Tweede Club", "username": "henk"})
        assert response.status_code == 404
        assert "al een eigen club" in response.content.decode()
    assert Club.objects.count() == 1 and User.objects.count() == 1
    assert client.get(f"/setup/?token={setup_token()}").status_code == 404, "the link works once"


def test_from_another_machine_only_with_the_setup_link(client):
    for method in (client.get, client.post):
        response = method("/setup/", GOOD, **ELSEWHERE)
        assert response.status_code == 404 and "installatielink" in response.content.decode()
    assert client.get("/setup/?token=wrong", **ELSEWHERE).status_code == 404
    # a proxy in front of the site makes every visitor loopback: a forwarded request is from elsewhere
    assert client.get("/setup/", HTTP_X_FORWARDED_FOR="203.0.113.9").status_code == 404
    nothing_made()
    token = setup_token()
    page = client.get(f"/setup/?token={token}", **ELSEWHERE)
    assert page.status_code == 200 and f'action="/setup/?token={token}"' in page.content.decode()
    response = post(client, url=f"/setup/?token={token}", **ELSEWHERE)
    assert response.status_code == 302 and Club.objects.count() == 1


def test_the_setup_link_command_prints_the_link_until_the_club_is_set_up(client, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    out = io.StringIO()
    call_command("setup_link", stdout=out)
    assert out.getvalue().strip() == f"http://192.168.1.20:8000/setup/?token={setup_token()}"
    assert setup_url("http://192.168.1.20:8000/") == out.getvalue().strip()
    post(client)
    with pytest.raises(CommandError, match="set-up is done"):
        call_command("setup_link", stdout=io.StringIO())


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"password2": "Ruiten-Heer-1988"}, "password2", "De twee wachtwoordvelden komen niet overeen."),
        ({"password1": "klaver", "password2": "klaver"}, "password2", "te kort: gebruik minstens 8 tekens."),
        ({"password1": "12345678901", "password2": "12345678901"}, "password2", "Dit wachtwoord is te algemeen."),
        ({"password1": "wilma2024", "password2": "wilma2024"}, "password2", "lijkt te veel op"),
        ({"club_name": ""}, "club_name", "Vul de naam van de club in."),
        ({"club_name": "   "}, "club_name", "Vul de naam van de club in."),
        ({"username": ""}, "username", "Kies een gebruikersnaam."),
        ({"username": "wil ma!"}, "username", "Voer een geldige gebruikersnaam in."),
        ({"email": "geen-adres"}, "email", "Voer een geldig e-mailadres in."),
    ],
)
def test_bad_input_gets_a_dutch_message_and_makes_nothing(client, data, field, message):
    response = post(client, data)
    assert response.status_code == 200
    assert any(message in text for text in errors(response).get(field, [])), errors(response)
    nothing_made()


def test_a_taken_username_or_a_second_club_of_the_same_name_is_refused(client):
    demo = Club.objects.create(name="KV De Troefboer", slug="demo", is_demo=True)
    User.objects.create_user("Scorer", password="demo")
    response = post(client, {"username": "scorer"})
    assert errors(response) == {"username": ["De gebruikersnaam scorer is al in gebruik: kies een andere."]}
    response = post(client, {"club_name": "kv de troefboer"})
    assert errors(response) == {"club_name": ["Er is al een club met de naam kv de troefboer: kies een andere naam."]}
    assert list(Club.objects.all()) == [demo] and User.objects.count() == 1


def test_the_service_refuses_what_the_form_would_and_leaves_nothing_half_made():
    with pytest.raises(SetupError) as refused:
        set_up_club(club_name="KV Klaver", username="wilma", password="kort")
    assert refused.value.field == "password2"
    nothing_made()
    set_up_club(club_name="KV Klaver", username="wilma", password=GOOD["password1"])
    with pytest.raises(SetupError, match="de installatie is klaar"):
        set_up_club(club_name="KV Ander", username="henk", password=GOOD["password1"])
    assert Club.objects.count() == 1 and User.objects.count() == 1


def test_the_demo_does_not_count_and_its_address_is_not_taken(client):
    Club.objects.create(name="KV De Troefboer", slug="kv-klaver", is_demo=True)
    assert client.get("/").headers["Location"] == "/setup/"
    response = post(client, {"club_name": "KV Klaver"})
    assert response.headers["Location"] == "/manage/clubs/kv-klaver-2/"
    assert client.get("/").status_code == 200


def test_make_run_prints_the_link_at_the_address_other_computers_reach():
    token = setup_token()
    (line,) = setup_lines("0.0.0.0", 8000, lan="192.168.1.20")
    assert line.endswith(f"http://192.168.1.20:8000/setup/?token={token}")
    assert setup_lines("127.0.0.1", 8123, lan="192.168.1.20")[0].endswith(f"http://127.0.0.1:8123/setup/?token={token}")
    site = setup_lines("0.0.0.0", 8000, lan=None, site_url="https://klaverjas.example.org")[0]
    assert site.endswith(f"https://klaverjas.example.org/setup/?token={token}")


def test_the_setup_page_runs_a_fixed_number_of_queries_whatever_the_demo(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(4):
        assert client.get("/setup/").status_code == 200
    for n in range(5):
        demo = Club.objects.create(name=f"Demo {n}", slug=f"demo-{n}", is_demo=True)
        for m in range(3):
            demo.competitions.create(name=f"Avonden {n}-{m}", slug=f"demo-{n}-{m}")
    with django_assert_max_num_queries(4):
        html = client.get("/setup/").content.decode()
    assert html.count('href="/competitions/demo-') == 15
