"""Invitations on the people page: made by the club's organisers only, shown once as a link and a QR
code, one use, 14 days, revocable; accepting makes an account (Django's password checks, Dutch
messages) or adds the role to the logged-in account; nothing is half-made on a refusal."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import timezone

from clubs.models import Invitation, PeopleChange, Player, StaffRole
from clubs.people import services
from clubs.people.services import PeopleRefused
from core import outbox
from tests.factories import ClubFactory, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()
STRONG = "klaver-Vrouw-77"


def invite(client, club, **data) -> tuple[object, str]:
    response = client.post(f"/manage/clubs/{club.slug}/people/", data)
    assert response.status_code == 200, response.content.decode()
    html = response.content.decode()
    link = re.search(r'id="invitation-link" value="http://testserver(/invite/[^/"]+/)"', html).group(1)
    return response, link


def test_an_organiser_invites_a_scorer_who_makes_an_account(client, club, organiser):
    client.force_login(organiser)
    response, link = invite(client, club, role="scorer")
    html = response.content.decode()
    assert "<svg" in html and 'class="qr"' in html  # the QR code, drawn locally
    assert "no-store" in response["Cache-Control"]  # shown once: not from a cache or the back button
    token = link.split("/")[2]
    invitation = Invitation.objects.get()
    assert invitation.token_hash != token and token not in invitation.token_hash  # only the hash is kept
    assert invitation.expires_at - invitation.created_at == timedelta(days=14)
    # the link is shown once: the page again has no link
    assert "invitation-link" not in client.get(f"/manage/clubs/{club.slug}/people/").content.decode()
    client.logout()

    page = client.get(link).content.decode()
    assert "anna nodigt je uit als teller van Club troef" in page
    answer = client.post(link, {"username": "teller1", "password1": STRONG, "password2": STRONG})
    assert answer.status_code == 302 and answer["Location"] == "/manage/tonight/"
    user = User.objects.get(username="teller1")
    assert StaffRole.objects.filter(user=user, club=club, role="scorer").exists()
    assert not user.is_staff and not user.is_superuser
    assert client.get("/account/").status_code == 200  # logged in as the new account
    invitation.refresh_from_db()
    assert invitation.accepted_by == user and invitation.accepted_at is not None
    assert list(PeopleChange.objects.values_list("action", flat=True).order_by("id")) == ["invite", "accept"]


def test_an_invitation_opened_twice_answers_410_the_second_time(client, club, organiser):
    _invitation, token = services.invite(club=club, role="scorer", by=organiser)
    link = f"/invite/{token}/"
    assert client.post(link, {"username": "een", "password1": STRONG, "password2": STRONG}).status_code == 302
    client.logout()
    again = client.get(link)
    assert again.status_code == 410
    assert "al gebruikt" in again.content.decode() and "Club troef" in again.content.decode()
    second = client.post(link, {"username": "twee", "password1": STRONG, "password2": STRONG})
    assert second.status_code == 410
    assert not User.objects.filter(username="twee").exists()


def test_an_invitation_after_14_days_answers_410(client, club, organiser):
    invitation, token = services.invite(club=club, role="scorer", by=organiser)
    past = timezone.now() - timedelta(days=15)
    Invitation.objects.filter(pk=invitation.pk).update(created_at=past, expires_at=past + timedelta(days=14))
    response = client.get(f"/invite/{token}/")
    assert response.status_code == 410
    assert "verlopen" in response.content.decode() and "14 dagen" in response.content.decode()
    posted = client.post(f"/invite/{token}/", {"username": "laat", "password1": STRONG, "password2": STRONG})
    assert posted.status_code == 410 and not User.objects.filter(username="laat").exists()
    # and it is no longer listed as open
    client.force_login(organiser)
    assert "Geen open uitnodigingen." in client.get(f"/manage/clubs/{club.slug}/people/").content.decode()


def test_a_revoked_invitation_answers_410(client, club, organiser):
    invitation, token = services.invite(club=club, role="organiser", by=organiser)
    client.force_login(organiser)
    response = client.post(f"/manage/clubs/{club.slug}/people/invitations/{invitation.pk}/revoke/", follow=True)
    assert "De uitnodiging is ingetrokken" in response.content.decode()
    client.logout()
    gone = client.post(f"/invite/{token}/", {"username": "later", "password1": STRONG, "password2": STRONG})
    assert gone.status_code == 410 and "ingetrokken" in gone.content.decode()
    assert not User.objects.filter(username="later").exists()
    assert StaffRole.objects.filter(club=club, role="organiser").count() == 1


def test_an_unknown_token_is_404(client):
    assert client.get("/invite/niet-bestaand/").status_code == 404


def test_nobody_invites_for_a_club_they_do_not_organise(client, club, organiser):
    other = ClubFactory(slug="elders")
    scorer = UserFactory(username="sam", scorer_of=club)
    with pytest.raises(PeopleRefused, match="geen wedstrijdleider van Club elders"):
        services.invite(club=other, role="scorer", by=organiser)
    with pytest.raises(PeopleRefused):
        services.invite(club=club, role="organiser", by=scorer)
    client.force_login(organiser)
    assert client.post(f"/manage/clubs/{other.slug}/people/", {"role": "scorer"}).status_code == 404
    client.force_login(scorer)
    assert client.post(f"/manage/clubs/{club.slug}/people/", {"role": "organiser"}).status_code == 404
    assert not Invitation.objects.exists()


def test_a_scorer_or_another_clubs_organiser_gets_404_on_the_people_page(client, club, organiser):
    other = ClubFactory(slug="elders")
    stranger = UserFactory(username="otto", organiser_of=other)
    scorer = UserFactory(username="sam", scorer_of=club)
    for user in (scorer, stranger):
        client.force_login(user)
        assert client.get(f"/manage/clubs/{club.slug}/people/").status_code == 404
    client.logout()
    assert client.get(f"/manage/clubs/{club.slug}/people/").status_code == 302  # to the login page


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"password1": STRONG, "password2": STRONG + "x"}, "password2", "komen niet overeen"),
        ({"password1": "12345678", "password2": "12345678"}, "password2", "te algemeen"),
        ({"password1": "kort", "password2": "kort"}, "password2", "te kort"),
        ({"username": "anna", "password1": STRONG, "password2": STRONG}, "username", "bestaat al"),
        ({"username": "ANNA", "password1": STRONG, "password2": STRONG}, "username", "bestaat al"),
    ],
)
def test_bad_accounts_are_refused_in_dutch_and_nothing_is_made(client, club, organiser, data, field, message):
    invitation, token = services.invite(club=club, role="scorer", by=organiser)
    data = {"username": "nieuw", **data}
    response = client.post(f"/invite/{token}/", data)
    assert response.status_code == 400
    assert message in " ".join(response.context["form"].errors[field])
    assert message in response.content.decode()
    assert User.objects.count() == 1 and StaffRole.objects.count() == 1
    invitation.refresh_from_db()
    assert invitation.is_usable  # still usable after a refusal


def test_a_logged_in_account_accepts_with_one_click(client, club, organiser):
    other = ClubFactory(slug="elders")
    boss = UserFactory(username="bea", organiser_of=other)
    _invitation, token = services.invite(club=club, role="scorer", by=organiser)
    client.force_login(boss)
    page = client.get(f"/invite/{token}/").content.decode()
    assert "Je bent ingelogd als bea" in page and 'id="accept"' in page and "password1" not in page
    response = client.post(f"/invite/{token}/")
    assert response.status_code == 302
    assert set(StaffRole.objects.filter(user=boss).values_list("club__slug", "role")) == {
        ("elders", "organiser"),
        ("troef", "scorer"),
    }
    assert User.objects.count() == 2


def test_a_member_invitation_links_the_account_to_the_member(client, club, organiser):
    player = Player.objects.create(club=club, member_number="7", first_name="Henk", last_name="Hebers")
    client.force_login(organiser)
    _response, link = invite(client, club, role="member", player=player.pk)
    client.logout()
    assert "als Henk Hebers" in client.get(link).content.decode()
    assert client.post(link, {"username": "henk", "password1": STRONG, "password2": STRONG}).status_code == 302
    player.refresh_from_db()
    assert player.account.username == "henk"
    assert not StaffRole.objects.filter(user=player.account).exists()
    # a second invitation for the same member is refused
    with pytest.raises(PeopleRefused, match="heeft al een account"):
        services.invite(club=club, role="member", player=player, by=organiser)


def test_a_member_of_another_club_or_no_member_is_refused(client, club, organiser):
    stranger = Player.objects.create(
        club=ClubFactory(slug="elders"), member_number="1", first_name="Piet", last_name="Vreemd"
    )
    client.force_login(organiser)
    response = client.post(f"/manage/clubs/{club.slug}/people/", {"role": "member", "player": stranger.pk})
    assert response.status_code == 400 and "hoort niet bij Club troef" in response.content.decode()
    response = client.post(f"/manage/clubs/{club.slug}/people/", {"role": "member"})
    assert response.status_code == 400 and "Kies het lid" in response.content.decode()
    response = client.post(f"/manage/clubs/{club.slug}/people/", {"role": "baas"})
    assert response.status_code == 400
    response = client.post(f"/manage/clubs/{club.slug}/people/", {"role": "scorer", "email": "geen-adres"})
    assert response.status_code == 400 and "e-mailadres" in response.content.decode()
    assert not Invitation.objects.exists()


def test_the_invitation_is_mailed_when_mail_is_set_up(client, club, organiser, settings):
    client.force_login(organiser)
    settings.OUTBOX_EMAIL_BACKEND = outbox.SMTP_BACKEND  # whatever EMAIL_BACKEND the environment names
    settings.EMAIL_HOST = ""
    _response, _link = invite(client, club, role="scorer", email="teller@example.org")
    assert mail.outbox == []
    settings.EMAIL_HOST = "smtp.example.org"
    response, link = invite(client, club, role="scorer", email="teller@example.org")
    assert "De link is ook gemaild naar teller@example.org" in response.content.decode()
    [message] = mail.outbox
    assert message.to == ["teller@example.org"]
    assert message.subject == "Uitnodiging: teller bij Club troef"
    assert f"http://testserver{link}" in message.body
    assert f"http://testserver{link}" in message.alternatives[0][0]
    # the address becomes the account's (for a forgotten password)
    client.logout()
    form = client.get(link).context["form"]
    assert form["email"].value() == "teller@example.org"


def test_the_people_page_lists_roles_with_last_login_in_few_queries(
    client, club, organiser, django_assert_max_num_queries
):
    client.force_login(organiser)
    for n in range(3):
        UserFactory(username=f"teller{n}", scorer_of=club)
        services.invite(club=club, role="scorer", by=organiser)
    with django_assert_max_num_queries(20) as small:
        client.get(f"/manage/clubs/{club.slug}/people/")
    for n in range(3, 30):
        user = UserFactory(username=f"teller{n}", scorer_of=club)
        User.objects.filter(pk=user.pk).update(last_login=timezone.now())
        player = Player.objects.create(
            club=club, member_number=str(n), first_name="Lid", last_name=str(n), account=user
        )
        services.invite(
            club=club,
            role="member",
            player=Player.objects.create(club=club, member_number=f"x{n}", first_name="Nog", last_name=str(n)),
            by=organiser,
        )
        assert player.account_id
    with django_assert_max_num_queries(len(small.captured_queries)):
        response = client.get(f"/manage/clubs/{club.slug}/people/")
    html = response.content.decode()
    assert html.count('id="person-') == 31
    assert "Laatst ingelogd" in html and "nooit" in html


def test_a_mail_that_cannot_go_out_leaves_no_invitation(client, club, organiser, settings):
    """A real SMTP connection to a closed loopback port: refused, and the invitation is rolled back."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    client.force_login(organiser)
    response = client.post(f"/manage/clubs/{club.slug}/people/", {"role": "scorer", "email": "teller@example.org"})
    assert response.status_code == 503
    assert "De mail kon niet worden verstuurd, dus er is geen uitnodiging gemaakt" in response.content.decode()
    assert 'id="invitation-link"' not in response.content.decode()
    assert not Invitation.objects.exists() and not PeopleChange.objects.exists()


def test_two_accepts_at_once_use_the_invitation_once(club, organiser, monkeypatch):
    """Where the database cannot lock the row (SQLite), both accepts may read the invitation as open:
    the second's conditional update then changes nothing and its account is rolled back."""
    invitation, _token = services.invite(club=club, role="scorer", by=organiser)
    stale = Invitation.objects.get(pk=invitation.pk)  # read while still open
    services.accept_as_new_account(invitation=invitation, username="een", password=STRONG)
    monkeypatch.setattr(services, "_take", lambda found: stale)  # the lock-and-check read the stale row
    with pytest.raises(PeopleRefused, match="niet meer worden gebruikt"):
        services.accept_as_new_account(invitation=stale, username="twee", password=STRONG)
    assert not User.objects.filter(username="twee").exists()
    assert StaffRole.objects.filter(club=club, role="scorer").count() == 1


def test_the_link_shown_on_the_laptop_is_one_a_phone_reaches(client, club, organiser, settings):
    """Browsing at 127.0.0.1 on the laptop that serves: the link and its QR code carry the laptop's
    address on the club's network (as the table links do), not 127.0.0.1."""
    settings.LAN_ADDRESS = "192.168.1.20"
    client.force_login(organiser)
    response = client.post(f"/manage/clubs/{club.slug}/people/", {"role": "scorer"}, HTTP_HOST="127.0.0.1:8000")
    assert 'value="http://192.168.1.20:8000/invite/' in response.content.decode()
