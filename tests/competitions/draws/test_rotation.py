"""Fair rotation through the services: tables of three and rounds out go round, tonight and over the
season (RULES.md §9; issue 27 item 5, issue 26 item 11)."""

import re
from collections import Counter

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from competitions import services
from competitions.base import pairing as draws
from competitions.evenings.services import set_sit_outs
from competitions.models import Bye, MatchSeat
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def _threes(round) -> list[int]:
    return list(MatchSeat.objects.filter(match__round=round, match__sides=3).values_list("player_id", flat=True))


def _byes(round) -> list[int]:
    return list(Bye.objects.filter(round=round).values_list("entrant__player_id", flat=True))


def _play_evening(competition, players, rounds: int, seed: int):
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players)
    drawn = [services.draw_next_round(evening=evening, seed=seed + r) for r in range(rounds)]
    return evening, drawn


@pytest.mark.parametrize(("count", "per_round"), [(13, 9), (14, 6), (15, 3)])
def test_three_rounds_of_an_evening_rotate_the_tables_of_three(count: int, per_round: int) -> None:
    club = ClubFactory()
    competition = CompetitionFactory(club=club)
    players = PlayerFactory.create_batch(count, club=club)
    _, rounds = _play_evening(competition, players, 3, seed=11)
    tally: Counter = Counter()
    for number, round in enumerate(rounds, start=1):
        threes = _threes(round)
        assert len(threes) == per_round
        # before this round, nobody at a table of three now had more than anyone left out of one
        before = [tally[p.pk] for p in players]
        chosen = [tally[p] for p in threes]
        others = [tally[p.pk] for p in players if p.pk not in threes]
        assert not others or max(chosen) <= min(others), (number, sorted(before))
        tally.update(threes)
    counts = [tally[p.pk] for p in players]
    assert max(counts) - min(counts) <= 1
    assert sum(counts) == 3 * per_round
    # the counts the draw page shows, through the last round
    odd = draws.odd_counts(round=rounds[-1], through_round=True)
    assert odd.threes_tonight == tally and not odd.threes_season


def test_byes_rotate_tonight_including_a_round_sat_out() -> None:
    club = ClubFactory()
    competition = CompetitionFactory(club=club, three_player_tables=False)
    players = PlayerFactory.create_batch(14, club=club)  # two byes a round
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players)
    first = services.create_round(competition=competition, evening=evening)
    set_sit_outs(round=first, player_ids=[players[0].pk, players[1].pk])  # late: 12 play round 1
    services.draw_round(round=first, seed=3)
    assert not _byes(first)
    out: Counter = Counter({players[0].pk: 1, players[1].pk: 1})
    for r in range(2, 8):
        round = services.draw_next_round(evening=evening, seed=r)
        byes = _byes(round)
        assert len(byes) == 2
        lowest = min(out[p.pk] for p in players)
        assert all(out[p] == lowest for p in byes), (r, byes, out)
        out.update(byes)
    assert max(out.values()) - min(out[p.pk] for p in players) <= 1


def test_over_several_evenings_the_season_decides_who_is_next() -> None:
    """Four evenings of 13 players, 3 rounds: 27 seats at tables of three an evening; each evening
    one player gets a third — never one who had more tables of three this season than another."""
    club = ClubFactory()
    competition = CompetitionFactory(club=club)
    players = PlayerFactory.create_batch(13, club=club)
    season: Counter = Counter()
    for evening_number in range(4):
        evening, rounds = _play_evening(competition, players, 3, seed=100 * evening_number)
        first = _threes(rounds[0])
        # round 1 of an evening: the nine with the fewest this season (the evening has none yet)
        chosen = [season[p] for p in first]
        others = [season[p.pk] for p in players if p.pk not in first]
        assert max(chosen) <= min(others), (evening_number, season)
        odd = draws.odd_counts(round=rounds[0])
        assert odd.threes_season == season and not odd.threes_tonight
        for round in rounds:
            season.update(_threes(round))
    counts = [season[p.pk] for p in players]
    assert sum(counts) == 4 * 27 and max(counts) - min(counts) <= 1, sorted(counts)


def _draw_page(client, round):
    return client.get(reverse("staff:draw", args=[round.competition.slug, round.number]))


def test_the_draw_page_shows_the_counts_in_a_fixed_number_of_queries(client, django_assert_max_num_queries) -> None:
    club = ClubFactory()
    competition = CompetitionFactory(club=club)
    players = PlayerFactory.create_batch(13, club=club)
    client.force_login(UserFactory(organiser_of=club))
    _, first_evening = _play_evening(competition, players, 1, seed=5)
    with CaptureQueriesContext(connection) as small:
        response = _draw_page(client, first_evening[0])
    assert response.status_code == 200
    assert len(small.captured_queries) <= 12  # the page's own queries and the rotation's one
    _play_evening(competition, players, 3, seed=6)
    _, rounds = _play_evening(competition, players, 3, seed=7)  # three evenings, seven rounds later
    with django_assert_max_num_queries(len(small.captured_queries)):
        response = _draw_page(client, rounds[1])
    html = response.content.decode()
    assert 'id="rotation"' in html
    odd = draws.odd_counts(round=rounds[1], through_round=True)
    # every present player's row: name, tables of three tonight / season, rounds out tonight / season
    rows = re.findall(r"<tr[^>]*>\s*<td[^>]*>([^<]+)</td>\s*<td[^>]*>(\d+)</td>\s*<td[^>]*>(\d+)</td>", html)
    shown = {name.strip(): (int(a), int(b)) for name, a, b in rows}
    for player in players:
        tonight = odd.threes_tonight[player.pk]
        assert shown[player.name] == (tonight, tonight + odd.threes_season[player.pk])
    assert sum(t for t, _ in shown.values()) == 2 * 9  # two rounds of nine seats at tables of three
    assert sum(s for _, s in shown.values()) == 2 * 9 + 9 + 27  # tonight, evening 1 (one round), evening 2
