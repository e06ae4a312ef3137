"""An organiser cannot make another club a member of their own in the admin (and so see its members):
the admin is a superuser's; a superuser can."""

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club
from tests.factories import ClubFactory, UserFactory

pytestmark = pytest.mark.django_db


def change(client, club, members):
    page = client.get(f"/admin/clubs/club/{club.pk}/change/")
    assert page.status_code == 200
    form = page.context["adminform"].form
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update({"name": club.name, "member_clubs": [m.pk for m in members], "_save": "1"})
    for key, value in list(data.items()):
        if isinstance(value, bool):
            data[key] = "on" if value else ""
    data.update(
        {
            "staffrole_set-TOTAL_FORMS": "0",
            "staffrole_set-INITIAL_FORMS": "0",
            "staffrole_set-MIN_NUM_FORMS": "0",
            "staffrole_set-MAX_NUM_FORMS": "1000",
        }
    )
    return client.post(f"/admin/clubs/club/{club.pk}/change/", data)


def test_an_organiser_cannot_change_the_member_clubs_of_their_club(client):
    league, other = ClubFactory(slug="bond"), ClubFactory(slug="buren")
    organiser = UserFactory(username="bond-org", organiser_of=league)
    organiser.is_staff = True  # as before issue 31: even so, the admin is for superusers only
    organiser.save()
    client.force_login(organiser)
    assert client.get(f"/admin/clubs/club/{league.pk}/change/").headers["Location"].startswith("/admin/login/")
    response = client.post(f"/admin/clubs/club/{league.pk}/change/", {"name": league.name, "member_clubs": [other.pk]})
    assert response.status_code == 302
    assert list(Club.objects.get(pk=league.pk).member_clubs.all()) == []


def test_a_superuser_can(client):
    league, _other = ClubFactory(slug="bond2"), ClubFactory(slug="buren2")
    client.force_login(get_user_model().objects.create_superuser("root2", "r@example.org", "pw"))
    assert "member_clubs" in client.get(f"/admin/clubs/club/{league.pk}/change/").context["adminform"].form.fields
