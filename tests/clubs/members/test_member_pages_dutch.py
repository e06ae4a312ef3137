"""The member pages and the merge speak Dutch by default (issue 31 item 6): the reasons a club reads."""

import pytest
from django.urls import reverse

from clubs.models import Player
from tests.factories import ClubFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_bad_input_and_a_refused_merge_read_in_dutch(client):
    club = ClubFactory(name="KC Henk")
    henk = Player.objects.create(club=club, member_number="12", first_name="Henk", last_name="Hebers")
    Player.objects.create(club=club, member_number="13", first_name="Jan", last_name="de Vries")
    client.force_login(UserFactory(organiser_of=club))
    url = reverse("clubs:member", args=[club.slug, henk.pk])
    page = client.post(url, {"first_name": "Henk\nHebers", "last_name": "", "member_number": "13", "guest": "member"})
    text = page.content.decode()
    assert page.status_code == 400
    assert "Een naam is één regel: deze bevat een regelovergang (U+000A)" in text
    assert "De achternaam is leeg: elk lid heeft er een." in text
    assert "Lidnummer 13 is al van Jan de Vries." in text
    merge = client.post(reverse("clubs:member-merge", args=[club.slug, henk.pk]), {"other": henk.pk, "keep": henk.pk})
    assert "Een lid kan niet met zichzelf worden samengevoegd: kies een ander lid." in merge.content.decode()
    listing = client.get(reverse("clubs:members", args=[club.slug])).content.decode()
    assert "Leden van KC Henk" in listing and "Tafels gespeeld" in listing
