"""Import of members and teams from xlsx: the template, row-by-row errors, nothing half-imported."""

from __future__ import annotations

import datetime
import io

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.members.services import ImportRefused, import_members_and_teams
from clubs.members.template import template_workbook
from clubs.models import Player, Team
from tests.factories import ClubFactory, PlayerFactory, TeamFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
MEMBER_HEADER = ["member number", "first name", "last name", "email", "active"]
TEAM_HEADER = ["team", "kind", "member 1", "member 2", "member 3", "member 4"]


def workbook(members=None, teams=None, *, member_header=MEMBER_HEADER, team_header=TEAM_HEADER) -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "members"
    if members is not None:
        ws.append(member_header)
        for row in members:
            ws.append(row)
    if teams is not None:
        ts = wb.create_sheet("teams")
        ts.append(team_header)
        for row in teams:
            ts.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


@pytest.fixture
def club():
    club = ClubFactory(name="KC De Zwarte Boer", slug="zwarte-boer")
    PlayerFactory(club=club, first_name="Jan", last_name="de Vries", member_number="1001")
    return club


@pytest.fixture
def organiser(club):
    return UserFactory(username="organiser", organiser_of=club)


def upload(client, club, data: bytes, name="leden.xlsx"):
    return client.post(f"/manage/clubs/{club.slug}/import/", {"file": SimpleUploadedFile(name, data)})


def test_template_downloads_and_imports_as_it_is(client, club, organiser):
    client.force_login(organiser)
    response = client.get(f"/manage/clubs/{club.slug}/import/template.xlsx")
    assert response.status_code == 200
    wb = openpyxl.load_workbook(io.BytesIO(response.content))
    assert wb.sheetnames == ["members", "teams"]
    assert [c.value for c in wb["members"][1]] == MEMBER_HEADER
    assert [c.value for c in wb["teams"][1]] == TEAM_HEADER
    assert wb["members"].freeze_panes == "A2"
    # a member number that is a number is a number, as openpyxl and pandas read it (issue 34 item 6)
    assert wb["members"]["A2"].value == 1001 and wb["teams"]["C2"].value == 1001 and wb["teams"]["D2"].value == 1002
    # the example rows are a valid import: 1001 is updated, 1002 is missing so the team is refused
    with pytest.raises(ImportRefused) as refused:
        import_members_and_teams(club=club, data=template_workbook())
    assert [str(e) for e in refused.value.messages] == [
        "Row 2, column 'member 2': no member with number 1002 in the club or in this file"
    ]


def test_import_creates_updates_and_never_duplicates(client, club, organiser):
    client.force_login(organiser)
    data = workbook(
        [
            [1001, "Jan", "de Vries-Bakker", "jan@example.org", "yes"],
            ["1002", "Joëlle", "Smit", None, None],
            [1003.0, "Ĳsbrand", "Mulder", "", "nee"],
            ["0042", "Truus", "Dekker", None, True],
        ],
        [["De Schoppenboeren", "pair", "1001", 1002, None, None], ["Roem & Co", None, "1003", "0042", "1001", "1002"]],
    )
    response = upload(client, club, data)
    assert response.status_code == 302
    assert Player.objects.filter(club=club).count() == 4
    jan = Player.objects.get(club=club, member_number="1001")
    assert jan.last_name == "de Vries-Bakker" and jan.email == "jan@example.org"
    assert not Player.objects.get(member_number="1003").active
    assert Player.objects.get(member_number="0042").first_name == "Truus"
    four = Team.objects.get(club=club, name="Roem & Co")
    assert four.kind == "four" and [m.player.member_number for m in four.members.order_by("position")] == [
        "1003",
        "0042",
        "1001",
        "1002",
    ]
    page = client.get(response["Location"]).content.decode()
    assert "3 new members, 1 members updated, 2 new teams, 0 teams updated" in page
    # the same file again: everything updated, nothing added
    assert upload(client, club, data).status_code == 302
    assert Player.objects.filter(club=club).count() == 4 and Team.objects.filter(club=club).count() == 2


def test_every_row_error_is_reported_and_nothing_imported(client, club, organiser):
    client.force_login(organiser)
    TeamFactory(
        club=club,
        name="Bestaand",
        players=[Player.objects.get(member_number="1001"), PlayerFactory(club=club, member_number="1500")],
    )
    data = workbook(
        [
            ["2001", "Anneke", "Visser", None, None],
            [None, "Kees", "Bakker", None, None],
            ["2001", "Henk", "Meijer", "not-an-email", "misschien"],
            [12.5, "", "Smit", None, None],
            [datetime.datetime(2024, 5, 1), "Bram", "Dekker", None, None],
        ],
        [["Bestaand", "pair", "1001", "9999", None, None], ["Nieuw", "triple", "1001", "1001", None, None]],
    )
    response = upload(client, club, data)
    assert response.status_code == 400
    page = response.content.decode()
    expected = [
        "Row 3, column &#x27;member number&#x27;: missing",
        "Row 4, column &#x27;member number&#x27;: 2001 is also in row 2",
        "Row 4, column &#x27;email&#x27;: &#x27;not-an-email&#x27; is not an email address",
        "Row 4, column &#x27;active&#x27;: &#x27;misschien&#x27; is not yes or no",
        "Row 5, column &#x27;member number&#x27;: must be a whole number or text, not 12.5",
        "Row 5, column &#x27;first name&#x27;: missing",
        "Row 6, column &#x27;member number&#x27;: must be a member number, not a date or time",
        "Row 2, column &#x27;member 2&#x27;: no member with number 9999 in the club or in this file",
        "Row 3, column &#x27;member 2&#x27;: member 1001 is already in this team",
        "Row 3, column &#x27;kind&#x27;: &#x27;triple&#x27; is not &#x27;pair&#x27; or &#x27;four&#x27;",
    ]
    for message in expected:
        assert message in page, message
    assert "Nothing was imported from leden.xlsx" in page and "Sheet 'teams'" in page
    assert Player.objects.filter(club=club).count() == 2
    assert not Player.objects.filter(member_number="2001").exists()
    assert [m.player.member_number for m in Team.objects.get(name="Bestaand").members.all()] == ["1001", "1500"]


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "The file is empty."),
        (b"member number;first name\n1;Jan\n", "This file is not an Excel workbook (.xlsx)"),
        (b"%PDF-1.4 not a spreadsheet", "This file is not an Excel workbook (.xlsx)"),
        (b"PK\x03\x04 broken zip", "This file is not an Excel workbook (.xlsx)"),
        (workbook([]), "The file has no members or teams to import."),
        (
            workbook([["1", "A", "B"]], member_header=["number", "first name", "last name"]),
            "column &#x27;number&#x27; is not one of the template&#x27;s columns",
        ),
        (
            workbook([["1", "A"]], member_header=["member number", "first name"]),
            "the column &#x27;last name&#x27; is missing",
        ),
    ],
    ids=["empty", "csv", "pdf", "broken-zip", "no-rows", "unknown-column", "missing-column"],
)
def test_broken_uploads_are_refused_with_a_message(client, club, organiser, data, message):
    client.force_login(organiser)
    before = list(Player.objects.values_list("member_number", "first_name", "last_name"))
    response = upload(client, club, data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert list(Player.objects.values_list("member_number", "first_name", "last_name")) == before


def test_only_the_clubs_organiser_may_import(client, club):
    url = f"/manage/clubs/{club.slug}/import/"
    assert client.get(url).status_code == 302  # to the login page
    other = ClubFactory(name="Andere club", slug="andere")
    client.force_login(UserFactory(organiser_of=other))
    assert client.get(url).status_code == 403
    assert client.get(url + "template.xlsx").status_code == 403
    assert upload(client, club, workbook([["5000", "A", "B", None, None]])).status_code == 403
    assert not Player.objects.filter(member_number="5000").exists()
    client.force_login(UserFactory(scorer_of=club))
    assert client.get(url).status_code == 403
    assert client.get("/manage/clubs/nope/import/").status_code == 404


def test_a_single_sheet_of_members_under_another_name(club):
    wb = openpyxl.Workbook()
    wb.active.title = "Blad1"
    wb.active.append(["Member number", "First name", "Last name"])
    wb.active.append(["3001", "Sjaak", "Visser"])
    out = io.BytesIO()
    wb.save(out)
    result = import_members_and_teams(club=club, data=out.getvalue())
    assert result.members_created == 1 and Player.objects.filter(member_number="3001").exists()


def test_a_template_downloaded_in_dutch_imports_in_english(client, club, organiser, settings):
    client.force_login(organiser)
    dutch = client.get(f"/manage/clubs/{club.slug}/import/template.xlsx", HTTP_ACCEPT_LANGUAGE="nl").content
    wb = openpyxl.load_workbook(io.BytesIO(dutch))
    wb[wb.sheetnames[1]].delete_rows(2)  # drop the example team (its second member does not exist)
    out = io.BytesIO()
    wb.save(out)
    result = import_members_and_teams(club=club, data=out.getvalue())
    assert result.members_updated == 1
