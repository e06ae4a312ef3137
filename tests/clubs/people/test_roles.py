"""Roles on the people page: revoke a role, the last organiser keeps theirs, hand the club over
(invite a successor, then step down), and a one-time password reset link for a member of staff."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from clubs.models import PeopleChange, Player, StaffRole
from clubs.people import services
from clubs.people.services import PeopleRefused
from tests.factories import ClubFactory, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()
STRONG = "klaver-Vrouw-77"


def people(club) -> str:
    return f"/manage/clubs/{club.slug}/people/"


def test_an_organiser_revokes_a_scorer(client, club, organiser):
    scorer = UserFactory(username="sam", scorer_of=club)
    client.force_login(organiser)
    response = client.post(people(club) + "revoke/", {"user": scorer.pk, "role": "scorer"}, follow=True)
    assert "sam is geen teller van Club troef meer" in response.content.decode()
    assert not StaffRole.objects.filter(user=scorer).exists()
    entry = PeopleChange.objects.get(action="revoke")
    assert entry.user == organiser and entry.subject == scorer and entry.role == "scorer"
    again = client.post(people(club) + "revoke/", {"user": scorer.pk, "role": "scorer"}, follow=True)
    assert "heeft geen rol bij Club troef" in again.content.decode()


def test_the_last_organiser_cannot_give_up_the_role(client, club, organiser):
    client.force_login(organiser)
    page = client.get(people(club)).content.decode()
    assert "laatste wedstrijdleider" in page and 'name="revoke-organiser"' not in page
    response = client.post(people(club) + "revoke/", {"user": organiser.pk, "role": "organiser"}, follow=True)
    html = response.content.decode()
    assert "anna is de laatste wedstrijdleider van Club troef en houdt die rol" in html
    assert "Nodig eerst een opvolger uit" in html
    assert StaffRole.objects.filter(user=organiser, role="organiser").exists()
    assert not PeopleChange.objects.exists()


def test_handing_the_club_over_invite_a_successor_then_step_down(client, club, organiser):
    _invitation, token = services.invite(club=club, role="organiser", by=organiser)
    successor_client = client.__class__()
    successor_client.post(f"/invite/{token}/", {"username": "bram", "password1": STRONG, "password2": STRONG})
    bram = User.objects.get(username="bram")
    assert StaffRole.objects.filter(user=bram, club=club, role="organiser").exists()
    client.force_login(organiser)
    assert 'name="revoke-organiser"' in client.get(people(club)).content.decode()
    response = client.post(people(club) + "revoke/", {"user": organiser.pk, "role": "organiser"})
    assert response.status_code == 302 and response["Location"] == "/"
    assert not StaffRole.objects.filter(user=organiser).exists()
    assert client.get(people(club)).status_code == 404
    # and now bram is the last one
    with pytest.raises(PeopleRefused, match="laatste wedstrijdleider"):
        services.revoke_role(club=club, subject=bram, role="organiser", by=bram)


def test_another_clubs_account_cannot_be_touched(client, club, organiser):
    other = ClubFactory(slug="elders")
    stranger = UserFactory(username="otto", scorer_of=other)
    client.force_login(organiser)
    response = client.post(people(club) + "revoke/", {"user": stranger.pk, "role": "scorer"}, follow=True)
    assert "Dat account heeft geen rol bij Club troef" in response.content.decode()
    response = client.post(people(club) + "reset-link/", {"user": stranger.pk}, follow=True)
    assert "Dat account heeft geen rol bij Club troef" in response.content.decode()
    assert StaffRole.objects.filter(user=stranger).exists()
    assert (
        client.post(f"/manage/clubs/{other.slug}/people/revoke/", {"user": stranger.pk, "role": "scorer"}).status_code
        == 404
    )


def test_unlinking_a_member_account(client, club, organiser):
    henk = UserFactory(username="henk")
    player = Player.objects.create(club=club, member_number="1", first_name="Henk", last_name="H", account=henk)
    client.force_login(organiser)
    assert "lid: Henk H" in client.get(people(club)).content.decode()
    client.post(people(club) + "revoke/", {"user": henk.pk, "role": "member"})
    player.refresh_from_db()
    assert player.account is None


def test_a_reset_link_for_a_scorer_works_once(client, club, organiser):
    scorer = UserFactory(username="sam", scorer_of=club)
    client.force_login(organiser)
    response = client.post(people(club) + "reset-link/", {"user": scorer.pk})
    assert response.status_code == 200
    link = re.search(
        r'id="reset-link" value="http://testserver(/accounts/reset/[^"]+)"', response.content.decode()
    ).group(1)
    assert PeopleChange.objects.filter(action="reset", subject=scorer, user=organiser).exists()
    client.logout()
    page = client.get(link, follow=True)
    assert "Kies een nieuw wachtwoord" in page.content.decode()
    set_url = page.redirect_chain[-1][0]
    done = client.post(set_url, {"new_password1": STRONG, "new_password2": STRONG}, follow=True)
    assert "Wachtwoord gewijzigd" in done.content.decode()
    scorer.refresh_from_db()
    assert scorer.check_password(STRONG)
    assert "al gebruikt of te oud" in client.get(link, follow=True).content.decode()


def test_no_reset_link_for_an_account_with_a_role_elsewhere_or_a_superuser(client, club, organiser):
    other = ClubFactory(slug="elders")
    both = UserFactory(username="beide", scorer_of=club)
    StaffRole.objects.create(user=both, club=other, role=StaffRole.Role.ORGANISER)
    with pytest.raises(PeopleRefused, match="ook elders een rol"):
        services.reset_link(club=club, subject=both, by=organiser)
    admin = User.objects.create_superuser("root", password="x")
    StaffRole.objects.create(user=admin, club=club, role=StaffRole.Role.SCORER)
    with pytest.raises(PeopleRefused, match="ook elders een rol"):
        services.reset_link(club=club, subject=admin, by=organiser)
    scorer = UserFactory(username="sam", scorer_of=club)
    with pytest.raises(PeopleRefused, match="geen wedstrijdleider"):
        services.reset_link(club=club, subject=organiser, by=scorer)
    assert not PeopleChange.objects.exists()
