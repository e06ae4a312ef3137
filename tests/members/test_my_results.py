"""A member's own results on /me/: tonight's running score at their table (refreshed by its own small
part), their season's evenings with place, points and best N marked, their rating; their score card of
an evening as a page and a PDF (read back), which only they and their club's organisers open; the
header's "Mijn pagina" link. The page's queries do not grow with the season."""

from __future__ import annotations

import datetime
import io
import random

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from pypdf import PdfReader

from competitions import services, standings
from competitions.base.rulesets import ruleset_for_match
from competitions.models import Competition, Match, MatchSeat
from scoring import services as scoring
from scoring.ratings import services as ratings
from scoring.rules import simulate_deal
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

DEALS = [
    {"bidder": 0, "points": [100, 62], "roem": [20, 0]},
    {"bidder": 1, "points": [90, 72], "roem": [0, 0]},  # zij bid and went nat
    {"bidder": 0, "points": [81, 81], "roem": [0, 50]},
]


def dutch(client, url: str):
    return client.get(url, HTTP_ACCEPT_LANGUAGE="nl")


def seat_of(member, round) -> MatchSeat:
    return MatchSeat.objects.select_related("match").get(match__round=round, player=member)


def enter(match: Match, user, deals=DEALS) -> Match:
    return scoring.save_deals(match=match, user=user, deals=deals, version=match.version)


def test_tonights_running_score_shows_on_the_page_and_in_its_polled_part(client, django_assert_max_num_queries):
    _club, _competition, members, evening, organiser = club_evening()
    member = members[0]
    round = publish_next_round(evening)
    seat = seat_of(member, round)
    client.force_login(member.account)
    assert "me-score" not in dutch(client, "/me/").content.decode(), "nothing entered yet: no score"
    enter(seat.match, organiser, DEALS[:2])
    sides = {s.side: s.total for s in seat.match.match_sides.all()}
    mine, theirs = sides[seat.side], sides[1 - seat.side]
    text = dutch(client, "/me/").content.decode()
    assert f'data-live-url="/me/tonight/?player={member.pk}"' in text
    assert f'<strong class="me-points">{mine}</strong> – {theirs}' in text
    assert "na 2 van 16 spellen" in text
    assert f"Je punten vanavond tot nu toe: <strong>{mine}</strong>" in text
    enter(Match.objects.get(pk=seat.match_id), organiser)  # a third deal: the polled part moves on
    with django_assert_max_num_queries(6):  # session, account, the member, their tables (3)
        part = dutch(client, f"/me/tonight/?player={member.pk}")
    assert part.status_code == 200 and "na 3 van 16 spellen" in part.content.decode()
    assert "<html" not in part.content.decode(), "the part is a fragment, swapped into the page"
    # another member's part, or none: not there
    assert client.get(f"/me/tonight/?player={members[1].pk}").status_code == 404
    assert client.get("/me/tonight/").status_code == 404


def evenings_played(count: int, *, best: int | None = None):
    """A season of ``count`` evenings (a week apart, the last today), each one round, all confirmed."""
    club, competition, members, first, organiser = club_evening(
        date=datetime.date.today() - datetime.timedelta(days=7 * (count - 1))
    )
    if best:
        Competition.objects.filter(pk=competition.pk).update(
            standings_method=Competition.StandingsMethod.BEST_N, count_best=best, best_from=Competition.BestFrom.START
        )
    scorer = UserFactory(scorer_of=club)
    evenings = [first]
    for n in range(1, count):
        evenings.append(
            services.create_evening(competition=competition, date=first.date + datetime.timedelta(days=7 * n))
        )
    for n, evening in enumerate(evenings):
        play_and_confirm(publish_next_round(evening, seed=n + 1), scorer=scorer, confirmer=organiser)
    return club, competition, members, evenings, organiser


def test_the_seasons_evenings_show_place_points_and_which_count(client):
    _club, competition, members, evenings, _organiser = evenings_played(3, best=2)
    member = members[0]
    client.force_login(member.account)
    text = dutch(client, "/me/").content.decode()
    competition.refresh_from_db()
    rows = standings.standings(competition)
    row = next(r for r in rows if r.player_id == member.pk)
    assert f"plaats {row.rank_label}" in text
    assert "beste 2" in text
    struck = [e for e in row.evenings if not e.counted]
    counted = [e for e in row.evenings if e.counted]
    assert len(counted) == 2 and len(struck) == 1
    assert text.count("✓ telt mee") == 2 and text.count("telt niet mee") == 1, text[text.index("me-results") :]
    for e in row.evenings:
        better = sum(1 for r in rows for o in r.evenings if o.number == e.number and o.points > e.points)
        same = sum(1 for r in rows for o in r.evenings if o.number == e.number and o.points == e.points)
        place = f"{better + 1}{'=' if same > 1 else ''}"
        evening = next(x for x in evenings if x.number == e.number)
        assert f'href="/me/cards/{member.pk}/{evening.pk}/"' in text
        assert f'<td class="num">{place}<span class="muted small">/8</span></td>' in text


def test_the_members_rating_and_place_show_once_computed(client):
    club, _competition, members, _evenings, _organiser = evenings_played(2)
    member = members[0]
    client.force_login(member.account)
    assert "Nog geen rating" in dutch(client, "/me/").content.decode()
    ratings.recompute(club=club)
    rating = member.ratings.get()
    text = dutch(client, "/me/").content.decode()
    assert f"<strong>{rating.rating:.1f}".replace(".", ",") in text
    assert f"/ratings/{club.slug}/{member.pk}/" in text


def test_the_page_runs_as_many_queries_after_five_evenings_as_after_nine(client):
    counts = []
    for played in (5, 9):  # five and more: ranked in the ratings (MIN_MATCHES), one query for the place
        club, _competition, members, _evenings, _organiser = evenings_played(played, best=2)
        ratings.recompute(club=club)
        client.force_login(members[0].account)
        dutch(client, "/me/")  # the calendar's secret made once
        with CaptureQueriesContext(connection) as queries:
            assert dutch(client, "/me/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
    assert counts[1] <= 18, counts


def test_the_score_card_shows_every_deal_of_the_members_tables_as_a_page_and_a_pdf(client):
    _club, competition, members, evening, organiser = club_evening(rounds=2)
    member = members[0]
    first = publish_next_round(evening, seed=1)
    enter(seat_of(member, first).match, organiser)
    second = publish_next_round(evening, seed=2)
    enter(seat_of(member, second).match, organiser, DEALS[:1])
    client.force_login(member.account)
    url = f"/me/cards/{member.pk}/{evening.pk}/"
    response = dutch(client, url)
    assert response.status_code == 200
    text = response.content.decode()
    for round in (first, second):
        seat = seat_of(member, round)
        assert f"{round.label} · tafel {seat.match.table}".replace("Evening", "Avond") in text or (
            f"tafel {seat.match.table}" in text
        )
        assert f'data-match="{seat.match_id}"' in text
    assert text.count('<tr data-deal="') == 4
    assert "Je speelt " in text and "Tegenstanders" in text
    total = sum(
        s.total
        for round in (first, second)
        for s in seat_of(member, round).match.match_sides.all()
        if s.side == seat_of(member, round).side
    )
    assert f"Je punten deze avond: <strong>{total}</strong>" in text
    assert f'href="{url}card.pdf"' in text

    pdf = dutch(client, url + "card.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert overlaps(pdf.content) == []
    reader = PdfReader(io.BytesIO(pdf.content))
    assert reader.metadata.author == competition.club.name
    assert all(embedded for _name, embedded in fonts(reader)), fonts(reader)
    words = "\n".join(page.extract_text() for page in reader.pages)
    assert f"Scorekaart van {member.name}" in words
    assert competition.name in words
    for round in (first, second):
        assert f"tafel {seat_of(member, round).match.table}" in words
    assert "100" in words and "62" in words and "20" in words  # the first deal's points and roem
    assert f"Je punten deze avond: {total}" in words


def test_only_the_member_and_their_clubs_organisers_open_a_card(client):
    club, _competition, members, evening, organiser = club_evening()
    round = publish_next_round(evening)
    enter(seat_of(members[0], round).match, organiser)
    url = f"/me/cards/{members[0].pk}/{evening.pk}/"
    assert client.get(url).status_code == 302, "anonymous: to the login page"
    client.force_login(members[1].account)
    assert client.get(url).status_code == 404, "another member's card is hidden like a missing one"
    assert client.get(url + "card.pdf").status_code == 404
    client.force_login(organiser)
    assert client.get(url).status_code == 200 and client.get(url + "card.pdf").status_code == 200
    other_club = ClubFactory()
    client.force_login(UserFactory(organiser_of=other_club))
    assert client.get(url).status_code == 404, "another club's organiser"
    # a member of another club, and an evening of another club with a member's own id
    stranger = PlayerFactory.create_batch(1, club=other_club)[0]
    stranger.account = get_user_model().objects.create_user(username="vreemd", password="pw")
    stranger.save(update_fields=["account"])
    client.force_login(stranger.account)
    assert client.get(url).status_code == 404
    other_evening = services.create_evening(competition=CompetitionFactory(club=other_club))
    assert client.get(f"/me/cards/{stranger.pk}/{evening.pk}/").status_code == 404
    assert client.get(f"/me/cards/{stranger.pk}/{other_evening.pk}/").status_code == 200
    assert client.get(f"/me/cards/{stranger.pk}/999999/").status_code == 404
    assert club.pk != other_club.pk


def test_the_header_links_a_member_to_their_page_in_dutch_and_english(client):
    club, _competition, members, _evening, organiser = club_evening()
    client.force_login(members[0].account)
    assert '<a href="/me/" class="nav-me">Mijn pagina</a>' in dutch(client, "/").content.decode()
    english = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<a href="/me/" class="nav-me">My page</a>' in english
    client.force_login(organiser)  # staff without a member: no such link
    assert 'class="nav-me"' not in dutch(client, "/").content.decode()
    assert club.players.filter(account=organiser).count() == 0


def test_a_card_of_a_table_of_three_lists_three_sides_without_overlap(client):
    _club, _competition, members, evening, organiser = club_evening(players=7)
    round = publish_next_round(evening)
    match = Match.objects.get(round=round, sides=3)
    member = match.seats.first().player
    rules = ruleset_for_match(match)
    rng = random.Random(5)
    deals = []
    for _n in range(4):
        d = simulate_deal(rules, rng).deal
        deals.append({"bidder": d.bidder, "points": list(d.points), "roem": list(d.roem), "pit": d.pit})
    enter(match, organiser, deals)
    client.force_login(member.account)
    text = dutch(client, f"/me/cards/{member.pk}/{evening.pk}/").content.decode()
    assert text.count('<tr data-deal="') == 4 and text.count('<td class="total') == 3
    pdf = client.get(f"/me/cards/{member.pk}/{evening.pk}/card.pdf")
    assert pdf.status_code == 200 and overlaps(pdf.content) == []
