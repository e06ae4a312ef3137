"""Issue 27 item 11: in Dutch the seats are N/O/Z/W and partners "N + Z" / "O + W" on every page, sheet
(PDF), tables list, phone and entry key; the stored seat codes stay N/E/S/W. This test renders the
Dutch pages and PDFs of a drawn evening (tables of four and of three) and greps them for stray
English seat letters."""

import re

import pytest
from django.urls import reverse

from competitions import services
from competitions.models import Competition, Match, MatchSeat
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory, team_entrants
from tests.readback import pdf_pages_text

pytestmark = pytest.mark.django_db

#: a seat letter on its own: "E" or "S" between non-letters ("O + W", "N + Z" are the Dutch forms)
STRAY = re.compile(r"(?<![A-Za-zÀ-ÿ])[ES](?![A-Za-zÀ-ÿ0-9♠])")


@pytest.fixture
def drawn(client):
    club = ClubFactory()
    competition = CompetitionFactory(club=club, rounds_per_evening=2, three_player_tables=True)
    players = PlayerFactory.create_batch(11, club=club)  # two tables of four, one of three
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players)
    round = services.draw_next_round(evening=evening, seed=3)
    services.publish_round(round=round)
    client.force_login(UserFactory(organiser_of=club))
    client.cookies["django_language"] = "nl"
    assert MatchSeat.objects.filter(match__round=round, seat="E").exists()  # stored codes unchanged
    return competition, round


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_dutch_pages_show_n_o_z_w(client, drawn):
    competition, round = drawn
    draw = client.get(reverse("staff:draw", args=[competition.slug, round.number])).content.decode()
    assert "<th>O</th><th>Z</th>" in draw.replace("\n", "")
    four = Match.objects.filter(round=round, sides=2).first()
    three = Match.objects.filter(round=round, sides=3).first()
    pages = {
        "draw": draw,
        "match": client.get(reverse("scoring:match", args=[four.pk])).content.decode(),
        "enter-four": client.get(reverse("scoring:enter", args=[four.pk])).content.decode(),
        "enter-three": client.get(reverse("scoring:enter", args=[three.pk])).content.decode(),
        "phone-three": client.get(reverse("table:page", args=[three.table_code])).content.decode(),
        "round": client.get(reverse("competitions:round", args=[competition.slug, round.number])).content.decode(),
    }
    for name, html in pages.items():
        text = visible_text(html)
        assert not STRAY.findall(text), (
            name,
            [text[max(0, m.start() - 30) : m.end() + 30] for m in STRAY.finditer(text)],
        )
    assert "n/o/z" in pages["enter-three"] or "n o z" in pages["enter-three"]


def test_dutch_sheets_and_tables_list_show_n_o_z_w(client, drawn):
    competition, round = drawn
    for name in ("round_sheets", "round_tables"):
        response = client.get(reverse(f"scoring_exports:{name}", args=[competition.slug, round.number]))
        assert response.status_code == 200
        text = "\n".join(pdf_pages_text(response.content))
        assert not STRAY.findall(text), (
            name,
            [text[max(0, m.start() - 30) : m.end() + 30] for m in STRAY.finditer(text)],
        )
        if name == "round_sheets":
            assert "N + Z" in text and "O + W" in text


def test_dutch_movement_card_page_and_pdf_show_n_z_o_w(client):
    club = ClubFactory()
    competition = CompetitionFactory(club=club, format=Competition.Format.PAIRS)
    team_entrants(competition, 7)
    client.force_login(UserFactory(organiser_of=club))
    client.cookies["django_language"] = "nl"
    page = visible_text(client.get(reverse("staff:movement", args=[competition.slug])).content.decode())
    pdf = "\n".join(pdf_pages_text(client.get(reverse("staff:movement-pdf", args=[competition.slug])).content))
    for name, text in (("page", page), ("pdf", pdf)):
        assert not STRAY.findall(text), (
            name,
            [text[max(0, m.start() - 30) : m.end() + 30] for m in STRAY.finditer(text)],
        )
    assert "N + Z" in page + pdf and "O + W" in page + pdf
