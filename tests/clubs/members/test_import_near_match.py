"""Issue 31 item 6: the members import asks before it makes a second member of one person — a new
member number whose name nearly matches a member on the list ("Henk Hebers sr." next to "Henk
Hebers"). Nothing is written until the organiser ticks that they are other people."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.members.services import NearMatches, import_members_and_teams
from clubs.models import Player
from tests.clubs.members.test_import_members import workbook
from tests.factories import ClubFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def club():
    club = ClubFactory(name="KC Hebers", slug="hebers")
    PlayerFactory(club=club, first_name="Henk", last_name="Hebers", member_number="12")
    PlayerFactory(club=club, first_name="Jan", last_name="de Vries", member_number="13")
    return club


FILE = [
    ["12", "Henk", "Hebers", "", "yes"],  # the member himself, by number: updated
    ["40", "Henk", "Hebers sr.", "", "yes"],
    ["41", "jan", "de vriës", "", "yes"],
    ["42", "Jan", "de Wit", "", "yes"],  # only looks alike
]


def test_the_service_names_each_row_and_its_near_match_and_writes_nothing(club):
    with pytest.raises(NearMatches) as near:
        import_members_and_teams(club=club, data=workbook(FILE))
    assert [str(r) for r in near.value.rows] == [
        "Row 3: Henk Hebers sr. nearly matches Henk Hebers (12) on the list.",
        "Row 4: jan de vriës nearly matches Jan de Vries (13) on the list.",
    ]
    assert Player.objects.filter(club=club).count() == 2


def test_confirmed_they_are_imported(club):
    result = import_members_and_teams(club=club, data=workbook(FILE), confirm_new=True)
    assert (result.members_created, result.members_updated) == (3, 1)


def test_the_page_asks_with_a_checkbox_and_imports_once_ticked(client, club):
    client.force_login(UserFactory(username="organiser", organiser_of=club))
    url = f"/manage/clubs/{club.slug}/import/"
    response = client.post(url, {"file": SimpleUploadedFile("leden.xlsx", workbook(FILE))})
    page = response.content.decode()
    assert response.status_code == 200
    assert "the same person twice?" in page and "Row 3: Henk Hebers sr. nearly matches Henk Hebers (12)" in page
    assert 'name="confirm_new" value="1"' in page
    assert Player.objects.filter(club=club).count() == 2
    response = client.post(url, {"file": SimpleUploadedFile("leden.xlsx", workbook(FILE)), "confirm_new": "1"})
    assert response.status_code == 302
    assert Player.objects.filter(club=club).count() == 5


def test_a_file_of_new_names_only_imports_at_once(club):
    result = import_members_and_teams(club=club, data=workbook([["50", "Kees", "Bos", "", "yes"]]))
    assert result.members_created == 1
