"""League publication: team matches as one line, default tie-breaks, the fixture list (page, API,
iCalendar) and the pictures."""

import datetime
import re

import icalendar
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from competitions.models import Competition, Entrant
from competitions.standings import standings
from competitions.standings.fixtures import fixture_lines
from tests.factories import (
    CompetitionFactory,
    RoundFactory,
    generated_individual,
    generated_pairs,
    named_team_entrants,
    pair_match,
    team_fixture,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    comp = CompetitionFactory(format="teams", slug="regio", name="Regio")
    a, b, c, d = named_team_entrants(
        comp, ["Troefboer 1", "Vrolijke Boer 1", "Harten Troef 1", "Klaveren Aas 1"], size=4
    )
    r1 = RoundFactory(competition=comp, number=1)
    r1.date = datetime.date(2025, 9, 12)
    r1.save()
    team_fixture(r1, a, b, ((1900, 1500), (1750, 1700)))  # 3650–3200, both tables won by the home team
    team_fixture(r1, c, d, ((1800, 1600), (1500, 1700)))  # 3300–3300, a table each
    r2 = RoundFactory(competition=comp, number=2)
    team_fixture(r2, a, c, ((1700, 1600), (1600, 1500)), confirmed=(True, False))  # half in
    return comp, (a, b, c, d)


def test_a_team_match_is_one_line_with_its_sum_and_match_points(league):
    comp, (a, b, c, d) = league
    lines = fixture_lines(comp)
    first, level, half = lines
    assert (first.home, first.away, first.result, first.match_points) == (
        "Troefboer 1",
        "Vrolijke Boer 1",
        (3650, 3200),
        (2, 0),
    )
    assert (level.result, level.match_points) == ((3300, 3300), (1, 1))
    assert (half.result, half.match_points, half.confirmed, half.tables) == (None, None, 1, 2)


def test_points_per_table_won_plus_a_bonus_for_the_higher_total(league):
    comp, (a, b, c, d) = league
    comp.match_points_scheme = Competition.MatchPointsScheme.TABLES
    comp.table_win_points, comp.table_draw_points, comp.total_bonus = 2, 1, 2
    comp.save()
    first, level, _half = fixture_lines(comp)
    assert first.match_points == (2 + 2 + 2, 0)
    assert level.match_points == (2 + 1, 2 + 1)  # a table each, the bonus halved
    rows = {r.name: r.match_points for r in standings(comp)}
    assert rows == {"Troefboer 1": 6, "Vrolijke Boer 1": 0, "Harten Troef 1": 3, "Klaveren Aas 1": 3}


def test_a_league_breaks_ties_on_total_points_then_head_to_head_by_default():
    comp = CompetitionFactory(format="teams", slug="tie")
    a, b, c, d = named_team_entrants(comp, ["A", "B", "C", "D"], size=4)
    r1 = RoundFactory(competition=comp, number=1)
    team_fixture(r1, a, b, ((2000, 1000), (2000, 1000)))  # A wins 4000–2000
    team_fixture(r1, c, d, ((1600, 1500), (1600, 1500)))  # C wins 3200–3000
    rows = standings(comp)
    assert [(r.rank_label, r.name) for r in rows] == [("1", "A"), ("2", "C"), ("3", "D"), ("4", "B")]


def test_a_rank_is_shared_only_when_every_tie_break_is_level():
    comp = CompetitionFactory(format="pairs", slug="gelijk")
    a, b, c, d = named_team_entrants(comp, ["A", "B", "C", "D"])
    pair_match(RoundFactory(competition=comp, number=1), a, b, (1500, 1500))
    pair_match(RoundFactory(competition=comp, number=2), c, d, (1500, 1500))
    rows = standings(comp)
    assert [r.rank_label for r in rows] == ["1=", "1=", "1=", "1="]


def test_rank_by_average_when_entrants_played_different_numbers():
    comp = CompetitionFactory(format="pairs", slug="gemiddeld")
    a, b, c = named_team_entrants(comp, ["Vaak", "Soms", "Tegen"])
    pair_match(RoundFactory(competition=comp, number=1), a, c, (1000, 500))
    pair_match(RoundFactory(competition=comp, number=2), a, c, (1000, 500))
    pair_match(RoundFactory(competition=comp, number=3), b, c, (1500, 500))
    assert [r.name for r in standings(comp)][0] == "Vaak"  # 2000 points in total
    comp.rank_by_average = True
    comp.save()
    assert [r.name for r in standings(comp)][0] == "Soms"  # 1500 per match


def test_fixture_page_round_page_and_team_page_show_the_line(client, league, django_assert_max_num_queries):
    comp, (a, b, c, d) = league
    for url in (
        reverse("competitions:fixtures", args=[comp.slug]),
        reverse("competitions:round", args=[comp.slug, 1]),
        reverse("competitions:team", args=[comp.slug, a.pk]),
        reverse("competitions:standings", args=[comp.slug]),
    ):
        with django_assert_max_num_queries(10, info=url):
            response = client.get(url)
        html = response.content.decode()
        assert response.status_code == 200, url
        assert "Troefboer 1" in html and "3650–3200" in html and "2–0" in html, url


def test_fixtures_api_lists_every_published_fixture(client, league):
    comp, _teams = league
    data = client.get(f"/api/competitions/{comp.slug}/fixtures").json()
    first, level, half = data["fixtures"]
    assert first == first | {
        "round": 1,
        "date": "2025-09-12",
        "home": "Troefboer 1",
        "away": "Vrolijke Boer 1",
        "result": [3650, 3200],
        "match_points": [2, 0],
    }
    assert level["match_points"] == [1, 1]
    assert half["result"] is None and half["match_points"] is None and half["round"] == 2
    assert client.get("/api/competitions/nope/fixtures").status_code == 404
    assert "/api/competitions/{slug}/fixtures" in client.get("/api/openapi.json").json()["paths"]


def test_calendar_feed_all_fixtures_and_one_teams(client, league):
    comp, (a, b, c, d) = league
    response = client.get(reverse("competitions:calendar", args=[comp.slug]))
    assert response["Content-Type"].startswith("text/calendar")
    calendar = icalendar.Calendar.from_ical(response.content)
    events = [e for e in calendar.walk("VEVENT")]
    assert len(events) == 2  # round 2 has no date yet
    summaries = sorted(str(e["SUMMARY"]) for e in events)
    assert summaries[1] == "Troefboer 1 – Vrolijke Boer 1 3650–3200, 2–0"
    assert events[0].decoded("DTSTART") == datetime.date(2025, 9, 12)
    assert len({str(e["UID"]) for e in events}) == 2
    mine = icalendar.Calendar.from_ical(
        client.get(reverse("competitions:team_calendar", args=[comp.slug, b.pk])).content
    )
    assert [str(e["SUMMARY"]) for e in mine.walk("VEVENT")] == ["Troefboer 1 – Vrolijke Boer 1 3650–3200, 2–0"]


def test_club_evenings_calendar_lists_the_evenings(client):
    comp = generated_individual(players=8, evenings=2, rounds=1)
    comp.evenings.update(date=datetime.date(2025, 10, 1))
    calendar = icalendar.Calendar.from_ical(client.get(reverse("competitions:calendar", args=[comp.slug])).content)
    assert len(list(calendar.walk("VEVENT"))) == 2
    assert client.get(f"/api/competitions/{comp.slug}/fixtures").json()["fixtures"] == []


def test_standings_show_the_seasons_course_and_follow_one_entrant(client):
    comp = generated_pairs(pairs=8, rounds=3)
    rows = standings(comp)
    last = rows[-1]
    html = client.get(
        reverse("competitions:standings", args=[comp.slug]) + f"?follow={last.entrant_id}"
    ).content.decode()
    svg = html[html.index("<svg") : html.index("</svg>")]
    assert 'role="img"' in svg and "viewBox" in svg and "http" not in svg.replace("http://www.w3.org/2000/svg", "")
    assert last.name in svg and rows[0].name in svg
    assert svg.count("<polyline") == 6  # five leaders and the one followed


def test_player_page_draws_points_per_evening_and_the_figures(client):
    comp = generated_individual(players=8, evenings=3, rounds=2)
    player_id = standings(comp)[0].player_id
    html = client.get(reverse("competitions:player", args=[comp.slug, player_id])).content.decode()
    assert html.count("<svg") == 2 and "nat" in html and "roem" in html
    assert html.count("<rect") >= 3 + 5  # a bar per evening and per figure


def test_the_follow_menu_lists_every_entrant_once_by_name_escaped_and_the_queries_stay_fixed(client):
    """The menu is written in Python (``competitions.standings.course.follow_options``): as the template
    wrote it, every entrant once in name order, the followed one selected, names escaped; and the page
    asks the same number of queries for a league twice as large (the chart reads only what it draws)."""
    counts = []
    for pairs, slug in ((8, "klein"), (16, "groot")):
        comp = generated_pairs(pairs=pairs, rounds=3, slug=slug)
        Entrant.objects.filter(competition=comp, seed=1).update(name='Jan & "Piet" <b>')
        rows = standings(comp)
        followed = rows[-1]
        url = reverse("competitions:standings", args=[comp.slug]) + f"?follow={followed.entrant_id}"
        client.get(url)  # warm: the queries a first request makes once per process are not the page's
        with CaptureQueriesContext(connection) as ctx:
            html = client.get(url).content.decode()
        counts.append(len(ctx.captured_queries))
        start = html.index('<select name="follow">')
        menu = html[start : html.index("</select>", start)]
        options = re.findall(r'<option value="(\d+)"( selected)?>([^<]*)</option>', menu)
        expected = sorted(rows, key=lambda r: r.name.casefold())
        assert [int(pk) for pk, _, _ in options] == [r.entrant_id for r in expected]
        assert [int(pk) for pk, selected, _ in options if selected] == [followed.entrant_id]
        assert "Jan &amp; &quot;Piet&quot; &lt;b&gt;" in menu and "<b>" not in menu
    assert counts[0] == counts[1]
