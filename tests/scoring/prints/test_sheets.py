"""Score sheets (issue 5, items 1–2): the PDFs are read back as text and rendered to images."""

from __future__ import annotations

import datetime
import shutil

import pytest

from scoring.prints.sheets import forced_bidder, sheets_for_round
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    fill_match,
    seated_match,
)
from tests.readback import ink_ratio, pdf_pages_text, render_png

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils (pdftoppm)")


@pytest.fixture
def round_with_tables():
    club = ClubFactory(name="KC Ĳsselmonde")
    competition = CompetitionFactory(
        club=club, name="Wintercompetitie 2025", slug="winter", rule_options={"four_jacks": 100}
    )
    round_ = RoundFactory(competition=competition, number=3, date=datetime.date(2025, 3, 14))
    names = [("Joëlle", "de Vries"), ("Piet", "Jansen"), ("Kees", "Bakker"), ("Truus", "Smit")]
    players = [PlayerFactory(club=club, first_name=f, last_name=last) for f, last in names]
    m1 = seated_match(round=round_, table=1, players=players, team_names=["De Schoppenboeren", "Roem & Co"])
    m2 = seated_match(round=round_, table=2)
    m3 = seated_match(round=round_, table=3, players=[PlayerFactory(club=club) for _ in range(3)])
    return competition, round_, [m1, m2, m3]


def test_blank_sheets_name_everything_a_table_needs(client, round_with_tables):
    competition, round_, matches = round_with_tables
    response = client.get("/competitions/winter/rounds/3/sheets.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    pages = pdf_pages_text(response.content)
    assert len(pages) == 2  # three sheets, two to a page
    first = pages[0]
    for text in (
        "KC Ĳsselmonde",
        "Wintercompetitie 2025",
        "Round 3",
        "Joëlle de Vries",
        "Truus Smit",
        "De Schoppenboeren",
        "Roem & Co",
        "wij",
        "zij",
        "four jacks 100",
        "nat on a tie",
        "pit 100",
        "signature wij",
        "Page 1 of 2",
        "Generated",
        f"testserver/matches/{matches[0].pk}/enter/",
    ):
        assert text in first, text
    # 16 numbered rows on each sheet, each with its dealer
    sheet_rows = [line for line in first.splitlines() if line.strip().split(" ")[0] in {str(n) for n in range(1, 17)}]
    assert len(sheet_rows) >= 16


def test_blank_sheet_rows_follow_the_competition(round_with_tables, rf):
    competition, round_, matches = round_with_tables
    competition.deals_per_match = 12
    competition.first_dealer = "E"
    competition.save()
    sheets = sheets_for_round(round_, urls=lambda m: (f"http://x/matches/{m.pk}/enter/", "x"))
    four, three = sheets[0], sheets[2]
    assert len(four.rows) == 12
    assert [r.dealer_seat for r in four.rows[:5]] == ["E", "S", "W", "N", "E"]
    assert [r.dealer_seat for r in three.rows[:4]] == ["E", "S", "N", "E"]
    assert len(three.sides) == 3
    assert all(r.forced_bidder is None for r in four.rows)  # trump is free


def test_verplicht_pre_marks_the_bidder(round_with_tables):
    competition, round_, matches = round_with_tables
    competition.rule_options = {"trump_choice": "verplicht"}
    competition.save()
    sheets = sheets_for_round(round_, urls=lambda m: ("", ""))
    # dealer N: E must choose (zij, 1); dealer E: S (wij, 0); ...
    assert [r.forced_bidder for r in sheets[0].rows[:4]] == [1, 0, 1, 0]
    assert any("trump: verplicht" in o for o in sheets[0].rules_options)


def test_forced_bidder_and_dealers_agree_with_the_engine():
    import dataclasses

    from scoring.prints.sheets import dealer_index
    from scoring.rules import RULESETS, dealer_for_deal
    from scoring.rules import forced_bidder as engine_forced

    for name, rules in RULESETS.items():
        rules = dataclasses.replace(rules, trump_choice="verplicht") if rules.has_bidder else rules
        for first in range(rules.players):
            for number in range(1, 17):
                dealer = dealer_index(rules, number, first)
                assert dealer == dealer_for_deal(rules, number, first), name
                assert forced_bidder(rules, dealer) == engine_forced(rules, dealer), name


def test_bad_rule_options_still_print(client, round_with_tables):
    competition, round_, matches = round_with_tables
    competition.rule_options = {"no_such_option": 1}
    competition.save()
    assert client.get("/competitions/winter/rounds/3/sheets.pdf").status_code == 200


@needs_poppler
def test_sheets_render_to_an_image(client, round_with_tables, tmp_path):
    response = client.get("/competitions/winter/rounds/3/sheets.pdf")
    png = render_png(response.content, tmp_path, dpi=90)
    assert png.exists() and png.stat().st_size > 10_000
    assert 0.02 < ink_ratio(png) < 0.6


def test_filled_sheet_shows_deals_marks_and_totals(client, round_with_tables):
    competition, round_, matches = round_with_tables
    user = UserFactory(username="confirmer")
    deals = fill_match(matches[0], seed=7, user=user)
    response = client.get(f"/matches/{matches[0].pk}/sheet.pdf")
    assert response.status_code == 200
    (text,) = pdf_pages_text(response.content)
    total_a, total_b = sum(d.score_a for d in deals), sum(d.score_b for d in deals)
    assert str(total_a) in text and str(total_b) in text
    assert "Confirmed by scorer" in text and "confirmer" not in text  # the role word, never the login name
    lines = text.splitlines()
    nats = sum(d.mark == "N" for d in deals)
    assert nats and lines.count("N") == 1 + 4 + nats  # the seat, dealer N of deals 1, 5, 9, 13, the marks
    assert lines.count("TP") == sum(d.mark == "TP" for d in deals)


def test_filled_sheet_tally_symbols(client, round_with_tables):
    from scoring.models import Deal

    competition, round_, matches = round_with_tables
    match = matches[1]
    Deal.objects.create(
        match=match, number=1, bidder=0, points_a=100, points_b=62, roem_a=70, roem_b=0, score_a=170, score_b=62
    )
    Deal.objects.create(
        match=match,
        number=2,
        bidder=0,
        points_a=60,
        points_b=102,
        roem_a=20,
        roem_b=20,
        score_a=0,
        score_b=202,
        nat=True,
        mark="N",
    )
    numbers = pdf_pages_text(client.get(f"/matches/{match.pk}/sheet.pdf").content)[0]
    tally = pdf_pages_text(client.get(f"/matches/{match.pk}/sheet.pdf?tally=1").content)[0]
    assert "70" in numbers and "V|" not in numbers
    assert "V|" in tally and "||" in tally  # 70 for wij, and the nat's 40 roem moved to zij
    assert "\n170\n" in tally and "\n264\n" in tally  # totals: 170 + 0 and 62 + 202


@needs_poppler
def test_filled_three_player_sheet_renders(client, round_with_tables, tmp_path):
    competition, round_, matches = round_with_tables
    fill_match(matches[2], seed=3, confirmed=False)
    response = client.get(f"/matches/{matches[2].pk}/sheet.pdf?tally=1")
    assert response.status_code == 200
    assert ink_ratio(render_png(response.content, tmp_path, dpi=90)) > 0.02
    (text,) = pdf_pages_text(response.content)
    assert "signature N" in text and "signature E" in text and "signature S" in text
    assert "entered, awaiting confirmation" in text


def test_unknown_things_are_404(client, round_with_tables):
    assert client.get("/competitions/nope/rounds/3/sheets.pdf").status_code == 404
    assert client.get("/competitions/winter/rounds/9/sheets.pdf").status_code == 404
    assert client.get("/matches/999999/sheet.pdf").status_code == 404


def test_private_competition_only_for_its_staff(client, round_with_tables):
    competition, round_, matches = round_with_tables
    competition.is_public = False
    competition.save()
    assert client.get("/competitions/winter/rounds/3/sheets.pdf").status_code == 404
    assert client.get(f"/matches/{matches[0].pk}/sheet.pdf").status_code == 404
    client.force_login(UserFactory(scorer_of=competition.club))
    assert client.get("/competitions/winter/rounds/3/sheets.pdf").status_code == 200


def test_empty_round_still_prints(client):
    RoundFactory(competition=CompetitionFactory(slug="leeg"), number=1, date=datetime.date(2025, 3, 14))
    response = client.get("/competitions/leeg/rounds/1/sheets.pdf")
    assert response.status_code == 200
    assert "no tables" in pdf_pages_text(response.content)[0]


def test_query_count_does_not_grow_with_tables(client, django_assert_max_num_queries):
    competition = CompetitionFactory(slug="groot")
    round_ = RoundFactory(competition=competition, number=1, date=datetime.date(2025, 3, 14))
    for table in range(1, 13):
        seated_match(round=round_, table=table, team_names=[f"Team {table}a", f"Team {table}b"])
    with django_assert_max_num_queries(6):
        assert client.get("/competitions/groot/rounds/1/sheets.pdf").status_code == 200


@needs_poppler
@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="needs zbar-tools (zbarimg) to read QR codes")
def test_qr_code_reads_back_as_the_entry_url(client, round_with_tables, tmp_path):
    import subprocess

    competition, round_, matches = round_with_tables
    response = client.get(f"/matches/{matches[1].pk}/sheet.pdf")
    png = render_png(response.content, tmp_path, dpi=200)
    out = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True, timeout=60).stdout
    assert out.strip() == f"http://testserver/matches/{matches[1].pk}/enter/"
