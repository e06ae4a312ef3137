"""The printed invitations of the member list: one card per member without an account, each with its own
one-time invitation (only the hash stored) as a QR code and a written link, read back from the PDF and
used; made by the club's organisers only, all or none. The evening's result carries a small QR code to
the members' own page where phones reach the site."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth import get_user_model
from pypdf import PdfReader

from clubs.models import Invitation, PeopleChange
from clubs.people.models import hash_token
from documents.qr import qr_runs
from tests.competitions.pdf_overlap import overlaps
from tests.documents.test_pdf_properties import fonts
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    PlayerFactory,
    UserFactory,
    club_evening,
    play_and_confirm,
    publish_next_round,
)

pytestmark = pytest.mark.django_db
STRONG = "klaver-Vrouw-77"


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def sheet(client, club, **data):
    return client.post(f"/manage/clubs/{club.slug}/people/invitations.pdf", data, HTTP_ACCEPT_LANGUAGE="nl")


def test_the_member_list_prints_one_one_time_invitation_per_member_without_an_account(client):
    club = ClubFactory()
    members = PlayerFactory.create_batch(10, club=club)
    linked = members[0]
    linked.account = UserFactory()
    linked.save(update_fields=["account"])
    organiser = UserFactory(organiser_of=club)
    client.force_login(organiser)
    page = client.get(f"/manage/clubs/{club.slug}/members/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert f'action="/manage/clubs/{club.slug}/people/invitations.pdf"' in page
    assert "Uitnodigingen afdrukken (pdf)" in page

    response = sheet(client, club)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "attachment" in response["Content-Disposition"] and "no-store" in response["Cache-Control"]
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 2, "nine cards: eight to a page"
    assert reader.metadata.author == club.name and all(embedded for _name, embedded in fonts(reader))
    assert overlaps(response.content) == []
    text = pdf_text(response.content)
    assert "Uitnodigingen voor leden" in text
    for member in members[1:]:
        assert member.name in text
    assert linked.name not in text, "a member with an account gets no card"
    links = re.findall(r"http://testserver/invite/[A-Za-z0-9_\-]+/", text.replace("\n", ""))
    assert len(links) == 9 and len(set(links)) == 9
    invitations = Invitation.objects.filter(club=club, role=Invitation.Role.MEMBER)
    assert invitations.count() == 9
    assert PeopleChange.objects.filter(club=club, action=PeopleChange.Action.INVITE).count() == 9
    stored = set(invitations.values_list("token_hash", flat=True))
    tokens = [link.rsplit("/", 2)[1] for link in links]
    assert {hash_token(t) for t in tokens} == stored, "only the hashes are kept"
    assert not any(t in stored for t in tokens)
    assert qr_runs(links[0])[0] > 20  # a link this long makes a QR code the sheet draws

    # a printed card works once: the member makes an account, linked to them
    client.logout()
    link = links[0].replace("http://testserver", "")
    answer = client.post(link, {"username": "kaartlid", "password1": STRONG, "password2": STRONG})
    assert answer.status_code == 302
    used = Invitation.objects.get(token_hash=hash_token(tokens[0]))
    assert used.player.account.get_username() == "kaartlid"
    assert client.post(link, {"username": "tweede", "password1": STRONG, "password2": STRONG}).status_code == 410
    assert not get_user_model().objects.filter(username="tweede").exists()


def test_printed_invitations_are_for_the_clubs_organisers_only_and_all_or_none(client):
    club = ClubFactory()
    members = PlayerFactory.create_batch(3, club=club)
    other = ClubFactory()
    strangers = PlayerFactory.create_batch(1, club=other)
    client.force_login(UserFactory(scorer_of=club))
    assert sheet(client, club).status_code == 404
    client.force_login(UserFactory(organiser_of=other))
    assert sheet(client, club).status_code == 404
    client.force_login(UserFactory(organiser_of=club))
    assert client.get(f"/manage/clubs/{club.slug}/people/invitations.pdf").status_code == 405
    for bad, message in [
        ({"player": [members[0].pk, strangers[0].pk]}, "zonder account kunnen een afgedrukte uitnodiging krijgen"),
        ({"player": ["drie"]}, "„drie” is geen nummer van een lid"),
    ]:
        response = sheet(client, club, **bad)
        assert response.status_code == 302
        shown = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="nl").content.decode()
        assert message in shown
        assert not Invitation.objects.exists(), "none made"
    chosen = sheet(client, club, player=[members[1].pk])
    assert chosen.status_code == 200 and members[1].name in pdf_text(chosen.content)
    assert list(Invitation.objects.values_list("player_id", flat=True)) == [members[1].pk]
    for member in members:  # everyone has an account: nothing to print
        member.account = UserFactory()
        member.save(update_fields=["account"])
    response = sheet(client, club)
    assert response.status_code == 302
    assert "heeft al een account" in client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert CompetitionFactory(club=club) is not None


def test_the_evening_result_carries_a_qr_to_the_members_page_where_phones_reach_the_site(client, settings):
    club, competition, members, evening, organiser = club_evening()
    play_and_confirm(publish_next_round(evening), scorer=UserFactory(scorer_of=club), confirmer=organiser)
    url = f"/competitions/{competition.slug}/evenings/{evening.number}/result.pdf"
    text = " ".join(pdf_text(client.get(url, HTTP_ACCEPT_LANGUAGE="nl").content).split())
    assert "Nog geen account? Vraag de wedstrijdleider om je uitnodiging." in text
    assert "http://testserver/me/" in text
    settings.SITE_URL, settings.LAN_ADDRESS = "", None
    local = client.get(url, HTTP_ACCEPT_LANGUAGE="nl", HTTP_HOST="127.0.0.1:8000")
    assert "uitnodiging" not in pdf_text(local.content), "a laptop only it can reach: no QR code"
    assert members
