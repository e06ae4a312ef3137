"""Names sort by surname without the tussenvoegsel everywhere ("de Boer" under B, "van der Meer" under
M): the database keeps the sort key, so every list of members — admin, pickers, imports — agrees."""

import pytest

from clubs.models import Club, Player
from clubs.names import surname_key, with_sort_names

NAMES = [("Piet", "van der Meer"), ("Jan", "de Boer"), ("Anna", "Appel"), ("Kees", "Zwart"), ("Els", "ter Horst")]
EXPECTED = ["Anna Appel", "Jan de Boer", "Els ter Horst", "Piet van der Meer", "Kees Zwart"]


@pytest.mark.django_db
def test_members_are_listed_by_surname_without_tussenvoegsel():
    club = Club.objects.create(name="Naamclub", slug="naamclub")
    for i, (first, last) in enumerate(NAMES):
        Player.objects.create(club=club, member_number=str(i), first_name=first, last_name=last)
    assert [p.name for p in Player.objects.filter(club=club)] == EXPECTED


@pytest.mark.django_db
def test_a_changed_surname_moves_in_the_list():
    club = Club.objects.create(name="Naamclub", slug="naamclub")
    player = Player.objects.create(club=club, member_number="1", first_name="Jan", last_name="Zwart")
    player.last_name = "van Aken"
    player.save(update_fields=["last_name"])
    player.refresh_from_db()
    assert player.sort_name == "aken"


@pytest.mark.django_db
def test_bulk_created_members_get_their_sort_key_too():
    club = Club.objects.create(name="Naamclub", slug="naamclub")
    Player.objects.bulk_create(
        with_sort_names(
            [
                Player(club=club, member_number=str(i), first_name=first, last_name=last)
                for i, (first, last) in enumerate(NAMES)
            ]
        )
    )
    assert [p.name for p in Player.objects.filter(club=club)] == EXPECTED


def test_the_key_skips_only_leading_particles():
    assert surname_key("van der Meer") == "meer"
    assert surname_key("De") == "de"  # a surname that is only a particle stays
    assert surname_key("Vandenberg") == "vandenberg"
