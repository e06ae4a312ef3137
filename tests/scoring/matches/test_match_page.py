"""The public match page /matches/<id>/: deal by deal, totals, statistics, players; audit for staff."""

from __future__ import annotations

import re

import pytest

from clubs.models import Team
from competitions.models import Entrant, MatchSide
from scoring import services
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

KNOWN = [
    {"bidder": 0, "points": [100, 62], "roem": [20, 0]},  # made
    {"bidder": 0, "points": [81, 81]},  # nat
    {"bidder": 0, "points": [162, 0], "roem": [40, 0], "pit": 0},  # pit
    {"bidder": 1, "points": [162, 0], "roem": [70, 0], "pit": 0},  # tegenpit
    {"bidder": 1, "points": [100, 62], "verzaakt": 1},  # verzaakt
]


@pytest.fixture
def known(club, scorer):
    match = seated_match(club=club)
    sheet = KNOWN + simulated_sheet(match, seed=8)[5:]
    services.save_deals(match=match, user=scorer, deals=sheet, version=0)
    match.refresh_from_db()
    return match


def row_of(html: str, number: int) -> str:
    found = re.search(rf'<tr[^>]*data-deal="{number}"[^>]*>(.*?)</tr>', html, re.S)
    assert found, f"no row for deal {number}"
    return found.group(0)


def cells(row: str) -> list[str]:
    return [re.sub(r"<[^>]+>", " ", c).split() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


def test_anyone_sees_deal_by_deal_with_marks_scores_and_running_totals(client, known):
    response = client.get(known.get_absolute_url())
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-mark="N"' in row_of(html, 2)
    assert [row_of(html, n).split('data-mark="')[1].split('"')[0] for n in range(1, 6)] == ["", "N", "P", "TP", "V"]
    first = cells(row_of(html, 1))
    # number, dealer (seat and name), bidder, points wij/zij, roem wij/zij, mark, scores, running totals
    assert first[0] == ["1"] and first[1][0] == "N" and first[2] == ["wij"]
    assert first[3:7] == [["100"], ["62"], ["20"], []]
    assert first[8:] == [["120"], ["62"], ["120"], ["62"]]
    assert cells(row_of(html, 2))[8:] == [["0"], ["162"], ["120"], ["224"]]
    assert 'class="nat-score"' in row_of(html, 2)
    assert cells(row_of(html, 3))[8:10] == [["302"], ["0"]]
    assert cells(row_of(html, 4))[8:10] == [["332"], ["0"]]
    assert len(re.findall(r'<tr[^>]*data-deal="\d+"', html)) == 16
    sides = {s.side: s for s in MatchSide.objects.filter(match=known)}
    assert f'data-total-side="0">{sides[0].total}<' in html
    assert f'data-total-side="1">{sides[1].total}<' in html
    assert f'<td class="num score">{sides[0].total}</td>' in html  # final totals under the scores


def test_both_sides_players_and_status_are_shown(client, known):
    html = client.get(known.get_absolute_url()).content.decode()
    for seat in known.seats.select_related("player"):
        assert seat.player.name in html
    assert "entered, awaiting confirmation" in html
    assert "entered by scorer on" in html and "scorer1" not in html  # the role word, never the login name


def test_team_names_are_shown_beside_the_players(client, club, known):
    competition = known.round.competition
    team = Team.objects.create(club=club, name="De Troefkaarten")
    entrant = Entrant.objects.create(competition=competition, team=team, name="De Troefkaarten")
    MatchSide.objects.filter(match=known, side=0).update(entrant=entrant)
    html = client.get(known.get_absolute_url()).content.decode()
    assert "De Troefkaarten" in html
    assert "Speler0 N · Speler2 S" in html


def test_statistics_per_side(client, known):
    html = client.get(known.get_absolute_url()).content.decode()
    table = re.search(r'<table[^>]*id="stats".*?</table>', html, re.S).group(0)
    side_a = known.match_sides.get(side=0)
    row = re.search(r'<tr[^>]*data-side-label="wij"[^>]*>(.*?)</tr>', table, re.S).group(1)
    numbers = [c[0] for c in cells("<tr>" + row + "</tr>")[2:]]
    assert numbers == [
        str(v)
        for v in (
            side_a.bids,
            side_a.made,
            side_a.nat,
            side_a.pits,
            side_a.tegenpits,
            side_a.verzaakt,
            side_a.roem,
            side_a.total,
        )
    ]
    assert side_a.pits == 1 and side_a.tegenpits == 1


def test_roem_as_numbers_or_as_tally_symbols(client, known):
    plain = client.get(known.get_absolute_url()).content.decode()
    assert cells(row_of(plain, 4))[5] == ["70"]
    assert 'href="?tally=1"' in plain
    assert f'href="/matches/{known.pk}/sheet.pdf"' in plain
    tally = client.get(known.get_absolute_url() + "?tally=1").content.decode()
    assert cells(row_of(tally, 1))[5] == ["|"]
    assert cells(row_of(tally, 3))[5] == ["||"]
    assert cells(row_of(tally, 4))[5] == ["V|"]
    assert "| = 20, V = 50, O = 100" in tally


def test_the_audit_trail_is_for_the_clubs_staff_only(client, known, organiser, scorer):
    services.confirm_match(match=known, user=organiser)
    known.refresh_from_db()
    sheet = [{k: v for k, v in d.items() if k not in ("scores", "nat", "mark")} for d in services.stored_deals(known)]
    sheet[1] = dict(sheet[1], points=[90, 72])
    services.save_deals(match=known, user=organiser, deals=sheet, version=known.version)
    public = client.get(known.get_absolute_url()).content.decode()
    assert 'id="audit"' not in public
    other = UserFactory(username="org-other", organiser_of=ClubFactory(slug="harten"))
    client.force_login(other)
    assert 'id="audit"' not in client.get(known.get_absolute_url()).content.decode()
    client.force_login(scorer)
    html = client.get(known.get_absolute_url()).content.decode()
    audit = re.search(r'<table[^>]*id="audit".*?</table>', html, re.S).group(0)
    assert [a for a in re.findall(r'data-action="(\w+)"', audit)] == ["correct", "confirm", "save"]
    assert "corrected after confirmation" in audit and "org1" in audit
    assert re.search(r"deal 2.*?points: <del>81–81</del> → <ins>90–72</ins>", audit, re.S)
    assert "16 deals entered" in audit


def test_staff_see_what_they_can_do(client, known, organiser, scorer):
    client.force_login(scorer)
    html = client.get(known.get_absolute_url()).content.decode()
    assert 'id="link-enter"' in html and 'id="confirm"' not in html
    client.force_login(organiser)
    html = client.get(known.get_absolute_url()).content.decode()
    assert 'id="confirm"' in html
    services.confirm_match(match=known, user=organiser)
    html = client.get(known.get_absolute_url()).content.decode()
    assert 'id="link-correct"' in html and "needs confirming again" in html
    client.force_login(scorer)
    assert 'id="link-correct"' not in client.get(known.get_absolute_url()).content.decode()


def test_an_empty_match_page(client, club):
    match = seated_match(club=club)
    html = client.get(match.get_absolute_url()).content.decode()
    assert 'id="no-deals"' in html and "not entered yet" in html


def test_a_three_player_table(client, club, scorer):
    match = seated_match(club=club, ruleset="driemans")
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, seed=2), version=0)
    html = client.get(match.get_absolute_url()).content.decode()
    assert len(cells(row_of(html, 1))) == 3 + 3 * 4 + 1


def test_an_unknown_match_is_404(client):
    assert client.get("/matches/999999/").status_code == 404


def test_a_private_competitions_match_is_hidden_from_the_public(client, known, scorer):
    competition = known.round.competition
    competition.is_public = False
    competition.save()
    assert client.get(known.get_absolute_url()).status_code == 404
    client.force_login(scorer)
    assert client.get(known.get_absolute_url()).status_code == 200


def test_tally_template_filters():
    from django.template import Context, Template

    rendered = Template(
        "{% load tally %}{{ a|tally }}/{{ b|tally }}/{{ c|tally }}/{{ d|roem }}/{{ e|roem:True }}/{{ f|roem }}"
    ).render(Context({"a": 70, "b": 0, "c": 130, "d": 0, "e": 90, "f": 50}))
    assert rendered == "V|//V||||//V||/50"
