"""One's own account: e-mail address and password; API tokens made on a page (shown once, working
as the command's), listed and revoked; "wachtwoord vergeten" says plainly when no mail is set up."""

from __future__ import annotations

import json
import re

import pytest
from django.core import mail

from clubs import tokens
from clubs.models import ApiToken
from core import outbox
from tests.factories import ClubFactory, UserFactory, seated_match

pytestmark = pytest.mark.django_db
STRONG = "klaver-Vrouw-77"


@pytest.fixture
def user():
    return UserFactory(username="anna")


def test_the_account_page_needs_a_login(client):
    assert client.get("/account/").status_code == 302
    assert client.get("/account/tokens/").status_code == 302
    assert client.post("/account/tokens/", {"name": "x"}).status_code == 302
    assert not ApiToken.objects.exists()


def test_own_email_address(client, user):
    client.force_login(user)
    response = client.post("/account/", {"action": "email", "email": "anna@example.org"}, follow=True)
    assert "Je e-mailadres is opgeslagen" in response.content.decode()
    user.refresh_from_db()
    assert user.email == "anna@example.org"
    bad = client.post("/account/", {"action": "email", "email": "geen adres"})
    assert bad.status_code == 400 and "e-mailadres" in bad.content.decode()
    user.refresh_from_db()
    assert user.email == "anna@example.org"


def test_own_password(client, user):
    client.force_login(user)
    wrong = client.post(
        "/account/", {"action": "password", "old_password": "fout", "new_password1": STRONG, "new_password2": STRONG}
    )
    assert wrong.status_code == 400 and "oude wachtwoord" in wrong.content.decode()
    differ = client.post(
        "/account/",
        {"action": "password", "old_password": "pw", "new_password1": STRONG, "new_password2": "anders-77-X"},
    )
    assert differ.status_code == 400 and "komen niet overeen" in differ.content.decode()
    weak = client.post(
        "/account/", {"action": "password", "old_password": "pw", "new_password1": "123", "new_password2": "123"}
    )
    assert weak.status_code == 400 and "te kort" in weak.content.decode()
    user.refresh_from_db()
    assert user.check_password("pw")
    ok = client.post(
        "/account/", {"action": "password", "old_password": "pw", "new_password1": STRONG, "new_password2": STRONG}
    )
    assert ok.status_code == 302
    user.refresh_from_db()
    assert user.check_password(STRONG)
    assert client.get("/account/").status_code == 200  # still logged in


def test_a_token_is_shown_once_and_works_as_the_commands(client):
    club = ClubFactory(slug="troef")
    scorer = UserFactory(username="sam", scorer_of=club)
    match = seated_match(club=club)
    client.force_login(scorer)
    response = client.post("/account/tokens/", {"name": "scorebord"})
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    key = re.search(r'<code id="new-token"[^>]*>([^<]+)</code>', response.content.decode()).group(1)
    row = ApiToken.objects.get()
    assert row.name == "scorebord" and row.user == scorer and key not in row.key_hash and key.startswith(row.prefix)
    assert tokens.authenticate(key) == scorer
    # the second view does not show it
    again = client.get("/account/tokens/").content.decode()
    assert key not in again and 'id="new-token"' not in again and "scorebord" in again and row.prefix in again
    # it works against the API like the command's
    api = client.__class__()
    staff_view = api.get(f"/api/matches/{match.pk}", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert staff_view.status_code == 200 and staff_view.json()["id"] == match.pk
    put = api.put(
        f"/api/matches/{match.pk}/deals",
        data=json.dumps({"version": 0, "deals": []}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
    )
    assert put.status_code == 200
    # revoked: it stops working
    client.post(f"/account/tokens/{row.pk}/revoke/")
    row.refresh_from_db()
    assert row.revoked_at is not None and tokens.authenticate(key) is None
    assert (
        "Dat token was al ingetrokken" in client.post(f"/account/tokens/{row.pk}/revoke/", follow=True).content.decode()
    )


def test_a_token_needs_a_name_and_is_only_revoked_by_its_owner(client, user):
    client.force_login(user)
    response = client.post("/account/tokens/", {"name": "  "})
    assert response.status_code == 400 and 'id="new-token"' not in response.content.decode()
    assert "verplicht" in response.content.decode()
    assert client.post("/account/tokens/", {"name": "x" * 81}).status_code == 400
    assert not ApiToken.objects.exists()
    other = UserFactory(username="otto")
    key = tokens.create_token(other, "van otto")
    row = ApiToken.objects.get()
    assert client.post(f"/account/tokens/{row.pk}/revoke/").status_code == 404
    assert tokens.authenticate(key) == other
    assert "van otto" not in client.get("/account/tokens/").content.decode()


def test_forgotten_password_says_plainly_when_no_mail_is_set_up(client, settings):
    settings.OUTBOX_EMAIL_BACKEND = outbox.SMTP_BACKEND  # whatever EMAIL_BACKEND the environment names
    settings.EMAIL_HOST = ""
    UserFactory(username="marie").__class__.objects.filter(username="marie").update(email="marie@example.org")
    page = client.get("/accounts/password_reset/").content.decode()
    assert "geen e-mail ingesteld" in page and 'id="id_email"' not in page
    response = client.post("/accounts/password_reset/", {"email": "marie@example.org"})
    assert response.status_code == 200 and "geen e-mail ingesteld" in response.content.decode()
    assert mail.outbox == []


def test_forgotten_password_mails_a_link_when_mail_is_set_up(client, settings):
    settings.EMAIL_HOST = "smtp.example.org"
    UserFactory(username="marie").__class__.objects.filter(username="marie").update(email="marie@example.org")
    assert 'id="id_email"' in client.get("/accounts/password_reset/").content.decode()
    client.post("/accounts/password_reset/", {"email": "marie@example.org"})
    [message] = mail.outbox
    assert message.to == ["marie@example.org"] and "/accounts/reset/" in message.body


def test_forgotten_password_mails_a_link_where_the_worker_delivers_without_a_mail_server(client, settings):
    """Set up means what the outbox's worker means (core.outbox.is_configured): a developer's console
    backend (EMAIL_BACKEND in the environment) delivers too, so the page offers the form."""
    settings.OUTBOX_EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    settings.EMAIL_HOST = ""
    UserFactory(username="marie").__class__.objects.filter(username="marie").update(email="marie@example.org")
    assert 'id="id_email"' in client.get("/accounts/password_reset/").content.decode()
    client.post("/accounts/password_reset/", {"email": "marie@example.org"})
    [message] = mail.outbox
    assert message.to == ["marie@example.org"]
