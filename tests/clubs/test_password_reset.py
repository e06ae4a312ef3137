"""'Wachtwoord vergeten': the link on the login page works end to end (Django's reset views, our pages
in Dutch), and the mail goes out through the configured backend."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

pytestmark = pytest.mark.django_db


def test_a_forgotten_password_is_replaced_through_the_link_in_the_mail(client, settings):
    settings.EMAIL_HOST = "smtp.example.org"  # mail is set up (the test backend keeps it in mail.outbox)
    user = get_user_model().objects.create_user("marie", email="marie@example.org", password="oud-wachtwoord-1")
    login = client.get("/accounts/login/").content.decode()
    assert 'href="/accounts/password_reset/"' in login and "Wachtwoord vergeten?" in login
    form = client.get("/accounts/password_reset/").content.decode()
    assert "Wachtwoord vergeten" in form and "E-mailadres" in form and 'href="/static/css/site.css"' in form
    done = client.post("/accounts/password_reset/", {"email": "marie@example.org"}, follow=True)
    assert "Kijk in je e-mail" in done.content.decode()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["marie@example.org"]
    assert message.subject == "Een nieuw wachtwoord voor testserver"
    assert message.body.startswith("Hallo marie,")
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body).group(1)
    page = client.get(link, follow=True)
    assert "Kies een nieuw wachtwoord" in page.content.decode()
    set_url = page.redirect_chain[-1][0]
    changed = client.post(
        set_url, {"new_password1": "nieuw-Klaver-77", "new_password2": "nieuw-Klaver-77"}, follow=True
    )
    assert "Wachtwoord gewijzigd" in changed.content.decode()
    user.refresh_from_db()
    assert user.check_password("nieuw-Klaver-77")
    again = client.get(link, follow=True).content.decode()
    assert "al gebruikt of te oud" in again


def test_an_unknown_address_says_the_same_and_sends_nothing(client, settings):
    settings.EMAIL_HOST = "smtp.example.org"
    done = client.post("/accounts/password_reset/", {"email": "niemand@example.org"}, follow=True)
    assert "Kijk in je e-mail" in done.content.decode()
    assert mail.outbox == []
