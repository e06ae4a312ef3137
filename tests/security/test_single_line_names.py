"""Issue 25, item 4: names are single lines. A newline in a competition's name made calendar.ics a
server error; now newlines and other control characters in competition, team and player names are
refused everywhere a name comes in — the model (full_clean, so the admin and every form made from the
model, the organiser's settings page), the site's own forms, the member import and the results import
— with a message naming the character; names stored before are mended by a data migration, and the
calendar never fails on one."""

import datetime
import importlib
import io

import icalendar
import openpyxl
import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from clubs.members.services import ImportRefused, import_members_and_teams
from clubs.models import Club, Player, Team
from clubs.tokens import create_token
from competitions.evenings.forms import WalkInForm
from competitions.models import Competition, Evening, EveningTotal
from competitions.season.forms import NewSeasonForm, SettingsForm
from core.text import control_character, single_line, validate_single_line
from scoring.results.imports import import_results
from tests.factories import (
    CompetitionFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    named_team_entrants,
    team_fixture,
)
from tests.scoring.results.test_import_results import (  # noqa: F401 (fixtures)
    club,
    edit,
    file,
    organiser,
    scorer,
    source,
    target,
)
from tests.security.test_deep_json import admin_post

pytestmark = pytest.mark.django_db
BAD = [
    "Klaverjas\navond",
    "Klaverjas\r\navond",
    "Tab\tnaam",
    "Nul\x00byte",
    "Esc\x1b[31m",
    "Lijn\u2028scheiding",
    "C1\x85",
]


@pytest.mark.parametrize("text", BAD)
def test_every_control_character_is_found_and_named(text):
    assert control_character(text)
    with pytest.raises(ValidationError):
        validate_single_line(text)
    assert control_character(single_line(text)) is None and "  " not in single_line(text)


def test_honest_names_pass():
    for text in ("Jan de Vries", "Ööstra-Van 't Hof", "Klaverjasclub ‘De Troef’ 1", "Émile Zola", "张伟", "Åse 🂡"):
        validate_single_line(text)


@pytest.mark.usefixtures("english")
def test_the_models_refuse_a_name_of_two_lines():
    home = Club.objects.create(name="Regels", slug="regels")
    for instance, field in (
        (Competition(club=home, name="Zomer\ncompetitie", slug="zomer"), "name"),
        (Team(club=home, name="Troef\nboer"), "name"),
        (Player(club=home, member_number="1", first_name="Jan\x00", last_name="Vries"), "first_name"),
        (Player(club=home, member_number="2", first_name="Jan", last_name="de\nVries"), "last_name"),
        (Club(name="Club\r\nTwee", slug="twee"), "name"),
    ):
        with pytest.raises(ValidationError) as refused:
            instance.full_clean()
        assert field in refused.value.message_dict, (instance, refused.value.message_dict)
        assert "one line" in " ".join(refused.value.message_dict[field])


def test_the_admin_refuses_it(admin_client):
    competition = CompetitionFactory(slug="admin-regels", name="Admin")
    response = admin_post(admin_client, competition, name="Admin\navond")
    assert response.status_code == 200
    assert "line break (U+000A)" in " ".join(response.context["adminform"].form.errors["name"])
    competition.refresh_from_db()
    assert competition.name == "Admin"


def test_the_sites_own_forms_refuse_it():
    assert not WalkInForm(data={"last_name": "Vries\x07", "first_name": "Jan"}).is_valid()
    assert not WalkInForm(data={"last_name": "Vries", "first_name": "Jan", "guest_club": "De\nTroef"}).is_valid()
    assert not NewSeasonForm(data={"name": "Winter\n2027"}).is_valid()
    assert validate_single_line in SettingsForm().fields["name"].validators  # made from the model


def members_file(first: str, last: str, team: str = "") -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "members"
    ws.append(["member number", "first name", "last name", "email", "active"])
    ws.append([101, first, last, None, "yes"])
    ws.append([102, "Piet", "Jansen", None, "yes"])
    if team:
        teams = wb.create_sheet("teams")
        teams.append(["team", "kind", "member 1", "member 2"])
        teams.append([team, "pair", 101, 102])
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(
    ("first", "last", "team", "column"),
    [
        ("Jan\tJan", "Vries", "", "first name"),
        ("Jan", "de\nVries", "", "last name"),
        ("Jan", "Vries", "Een\u2028Twee", "team"),
    ],
)
def test_the_member_import_refuses_it_and_imports_nothing(first, last, team, column):
    home = Club.objects.create(name="Import", slug="import-regels")
    with pytest.raises(ImportRefused) as refused:
        import_members_and_teams(club=home, data=members_file(first, last, team))
    messages = " ".join(str(m) for m in refused.value.messages)
    assert f"column '{column}'" in messages and "a name is one line" in messages
    assert not Player.objects.filter(club=home).exists() and not Team.objects.filter(club=home).exists()


@pytest.mark.usefixtures("english")
def test_the_results_import_refuses_it(target, file, organiser):  # noqa: F811
    broken = edit(file, {(10, "side B"): "De\nSchoppenboeren"})
    with pytest.raises(ImportRefused) as refused:
        import_results(competition=target, user=organiser, data=broken, into_this_competition=True)
    assert "Row 10, column 'side B': contains a line break (U+000A)" in " ".join(str(m) for m in refused.value.messages)


def test_a_name_stored_before_never_breaks_the_calendar():
    comp = CompetitionFactory(format="teams", slug="oude-namen", name="Oud")
    a, b = named_team_entrants(comp, ["Troefboer 1", "Vrolijke Boer 1"], size=4)
    first = RoundFactory(competition=comp, number=1)
    first.date = datetime.date(2026, 9, 12)
    first.save()
    team_fixture(first, a, b, ((1900, 1500), (1750, 1700)))
    Competition.objects.filter(pk=comp.pk).update(name="Oude\nnaam")  # as stored before the validators
    type(a).objects.filter(pk=a.pk).update(name="Troef\r\nboer 1")
    response = Client().get(reverse("competitions:calendar", args=[comp.slug]))
    assert response.status_code == 200
    calendar = icalendar.Calendar.from_ical(response.content)
    assert str(calendar["X-WR-CALNAME"]) == "Oude naam"
    assert [str(e["SUMMARY"]) for e in calendar.walk("VEVENT")][0].startswith("Troef boer 1 – Vrolijke Boer 1")


@pytest.mark.parametrize(
    ("app", "name"), [("clubs", "0005_single_line_names"), ("competitions", "0015_single_line_names")]
)
def test_the_data_migrations_mend_stored_names(app, name):
    # \x07, not \x00: PostgreSQL cannot store a NUL in text at all, so no stored name holds one there

    migration = importlib.import_module(f"{app}.migrations.{name}")
    home = Club.objects.create(name="Club\nmet regels", slug="gemengd")
    player = Player.objects.create(club=home, member_number="9", first_name="Jan\t", last_name="de\x07 Vries")
    competition = Competition.objects.create(club=home, name="Zomer\r\ncompetitie", slug="zomer-gemengd")
    migration.mend_names(apps, None)
    if app == "clubs":
        player.refresh_from_db()
        home.refresh_from_db()
        assert (player.first_name, player.last_name, home.name) == ("Jan", "de Vries", "Club met regels")
        assert player.sort_name.startswith("vries")
    else:
        competition.refresh_from_db()
        assert competition.name == "Zomer competitie"


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize("name", ["Zomer\ncompetitie", "Zomer\x1b[2J", "Zomer\u2029"])
def test_the_organisers_api_refuses_it_and_creates_nothing(name):

    home = Club.objects.create(name="Api", slug="api-regels")
    token = create_token(UserFactory(username="api-boss", organiser_of=home))
    response = Client().post(
        "/api/competitions",
        data={"club": home.slug, "name": name},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 400, response.json()
    assert [e["field"] for e in response.json()["errors"]] == ["name"]
    assert "one line" in response.json()["errors"][0]["message"]
    assert not Competition.objects.filter(club=home).exists()


@pytest.fixture
def history_club(client):
    comp = CompetitionFactory(format="individual", slug="geschiedenis-regels")
    [PlayerFactory(club=comp.club, name=full_name) for full_name in ["Bert Bok"]]
    boss = UserFactory(username="history-boss", organiser_of=comp.club)
    return comp, boss


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize("name", ["Anna\nAap", "Cor\tCavia", "Cor\r\nCavia"])
def test_the_evening_totals_upload_refuses_it_naming_row_and_column(client, history_club, name):
    comp, boss = history_club
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Player", "Date", "Points"])
    sheet.append(["Bert Bok", datetime.date(2025, 9, 5), 2800])
    sheet.append([name, datetime.date(2025, 9, 5), 3000])
    out = io.BytesIO()
    book.save(out)
    client.force_login(boss)
    upload = SimpleUploadedFile("history.xlsx", out.getvalue())
    response = client.post(f"/manage/competitions/{comp.slug}/history/", {"file": upload})
    assert response.status_code == 400
    body = response.content.decode()
    assert "Row 3, column Player: A name is one line" in body, body
    assert not Evening.objects.filter(competition=comp).exists() and not EveningTotal.objects.exists()
    assert list(Player.objects.filter(club=comp.club).values_list("last_name", flat=True)) == ["Bok"]


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize("name", ["Cor\nCavia", "Cor\x1b[2JCavia", "Cor\u2028Cavia", "Cor\x00"])
def test_the_evening_totals_api_refuses_it_naming_row_and_column(history_club, name):
    comp, boss = history_club
    token = create_token(boss)
    rows = [
        {"player": "Bert Bok", "date": "2025-09-05", "points": 2800},
        {"player": name, "date": "2025-09-05", "points": 3000},
    ]
    response = Client().post(
        f"/api/competitions/{comp.slug}/evening-totals",
        data={"rows": rows},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 400, response.json()
    errors = response.json()["errors"]
    assert [(e["row"], e["field"]) for e in errors] == [(2, "player")]
    assert "one line" in errors[0]["message"]
    assert not Evening.objects.filter(competition=comp).exists() and not EveningTotal.objects.exists()
    assert list(Player.objects.filter(club=comp.club).values_list("last_name", flat=True)) == ["Bok"]
