"""A league: when one club entered a match's result, the members of the other club's team in it (who
have the kind on) get "Uitslag wacht op jullie bevestiging" with a link to the match, once per round,
in the transaction of the save; a new kind switched on /me/ and by its one-click unsubscribe."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction

from core import outbox
from members.mails.links import read_unsubscribe_token
from members.models import MemberSettings, Notice
from scoring import services as scoring
from tests.factories import simulated_sheet
from tests.mailserver import MailServer
from tests.members.helpers import outbox_mails
from tests.scoring.test_league_confirmation import entered_by, league_match  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def queued(settings):
    settings.EMAIL_BACKEND = "core.outbox.OutboxBackend"
    settings.SITE_URL = "http://club.example.nl"


def with_accounts(match):
    """Every player at the table linked to an account with an address: {club slug: [players]}."""
    teams: dict[str, list] = {}
    for seat in match.seats.select_related("player__club"):
        player = seat.player
        player.account = get_user_model().objects.create_user(
            username=f"lid{player.pk}", password="pw", email=f"lid{player.pk}@example.nl"
        )
        player.save(update_fields=["account"])
        teams.setdefault(player.club.slug, []).append(player)
    return teams


def test_the_other_clubs_team_hears_once_that_the_result_waits_for_its_confirmation(league_match, client):  # noqa: F811
    match, people = league_match
    teams = with_accounts(match)
    home, away = teams["de-troef"], teams["harten-vrouw"]
    MemberSettings.objects.create(player=away[1], confirm_mail=False)
    saved = entered_by(match, people["home_scorer"])
    mails = outbox_mails()
    assert [m["to"] for m in mails] == [[f"lid{away[0].pk}@example.nl"]], "the waiting team, with the kind on"
    mail = mails[0]
    assert mail["subject"] == "Uitslag wacht op jullie bevestiging: Troef 1 – Vrouw 1"
    assert f"http://club.example.nl/matches/{match.pk}/" in mail["body"]
    assert "Troef 1 heeft de uitslag van Troef 1 – Vrouw 1" in mail["body"]
    assert mail["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    token = mail["headers"]["List-Unsubscribe"].strip("<>").rstrip("/").rsplit("/", 1)[1]
    assert read_unsubscribe_token(token) == (away[0].pk, "confirm")
    assert not any(m["to"][0] in {f"lid{p.pk}@example.nl" for p in home} for m in mails)

    # corrected before the confirmation: nobody is mailed again
    scoring.save_deals(
        match=saved, user=people["home_scorer"], deals=simulated_sheet(match, seed=6), version=saved.version
    )
    assert len(outbox_mails()) == 1
    assert Notice.objects.filter(kind=Notice.Kind.CONFIRM).count() == 1

    # the one-click unsubscribe turns this kind off, no login
    response = client.post(f"/me/unsubscribe/{token}/", HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 200
    assert MemberSettings.objects.get(player=away[0]).confirm_mail is False


def test_entered_by_the_away_club_the_home_team_hears_and_a_rollback_leaves_no_mail(league_match):  # noqa: F811
    match, people = league_match
    teams = with_accounts(match)
    with pytest.raises(RuntimeError), transaction.atomic():
        entered_by(match, people["away_scorer"])
        raise RuntimeError("the save rolls back")
    assert outbox_mails() == [] and not Notice.objects.exists()
    entered_by(match, people["away_scorer"])
    assert sorted(m["to"][0] for m in outbox_mails()) == sorted(f"lid{p.pk}@example.nl" for p in teams["de-troef"])


def test_the_league_organiser_entering_it_mails_nobody(league_match):  # noqa: F811
    match, people = league_match
    with_accounts(match)
    entered_by(match, people["league_organiser"])
    assert outbox_mails() == []


def test_the_kind_is_switched_on_the_members_page(league_match, client):  # noqa: F811
    match, _people = league_match
    member = with_accounts(match)["harten-vrouw"][0]
    client.force_login(member.account)
    page = client.get("/me/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Een competitie-uitslag van mijn team" in page
    prefix = f"p{member.pk}"
    client.post(
        "/me/mails/",
        {"player": member.pk, f"{prefix}-draw": "on", f"{prefix}-language": "nl"},
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    choices = MemberSettings.objects.get(player=member)
    assert choices.draw_mail and not choices.confirm_mail and not choices.reminder_mail
    client.post("/me/mails/", {"player": member.pk, f"{prefix}-confirm": "on", f"{prefix}-language": "nl"})
    assert MemberSettings.objects.get(player=member).confirm_mail


def test_the_mail_reaches_a_real_smtp_server_once(league_match, settings, transactional_db):  # noqa: F811
    match, people = league_match
    server = MailServer().start()
    try:
        for name, value in server.settings().items():
            setattr(settings, name, value)
        settings.OUTBOX_EMAIL_BACKEND = outbox.SMTP_BACKEND
        teams = with_accounts(match)
        entered_by(match, people["home_scorer"])
        call_command("send_notifications", "--once", verbosity=0)
        call_command("send_notifications", "--once", verbosity=0)
        received = server.inbox.messages
        assert sorted(m["To"] for m in received) == sorted(f"lid{p.pk}@example.nl" for p in teams["harten-vrouw"])
        assert [str(m["Subject"]).strip() for m in received] == [
            "Uitslag wacht op jullie bevestiging: Troef 1 – Vrouw 1"
        ] * 2
        assert all(m.get_body(("html",)) is not None for m in received)
    finally:
        server.stop()
