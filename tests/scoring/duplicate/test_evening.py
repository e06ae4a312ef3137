"""End to end: an evening of 4 tables × 16 deals dealt, seated, entered, confirmed and ranked."""

from __future__ import annotations

from fractions import Fraction

import pytest

from competitions.models import Match, MatchSeat, Round
from competitions.pairings import mitchell
from competitions.standings import standings
from scoring.duplicate.models import Board
from scoring.duplicate.selectors import load_evening
from scoring.duplicate.services import DuplicateError, create_duplicate
from scoring.models import Deal
from scoring.rules.boards import parse_hands
from tests.factories import ClubFactory, CompetitionFactory, team_entrants
from tests.scoring.duplicate.conftest import dealt_evening

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_dealing_makes_boards_rounds_and_tables_of_the_movement():
    _club, competition, setup = dealt_evening()
    competition.refresh_from_db()
    assert competition.deals_per_match == 4
    assert Board.objects.filter(setup=setup).count() == 16
    assert [b.dealer for b in Board.objects.filter(setup=setup)[:5]] == [0, 1, 2, 3, 0]
    rounds = list(Round.objects.filter(competition=competition))
    assert [r.number for r in rounds] == [1, 2, 3, 4]
    assert all(r.status == Round.Status.PUBLISHED for r in rounds)
    assert Match.objects.filter(round__competition=competition).count() == 16
    # the N-S pair of table 1 sits at N and S of table 1 every round
    north = set(
        MatchSeat.objects.filter(match__round__competition=competition, match__table=1, seat="N").values_list(
            "player", flat=True
        )
    )
    assert len(north) == 1
    # the same seed deals the same cards again
    _c, _comp, again = dealt_evening(seed=7)
    assert [b.hands for b in again.board_rows.all()] == [b.hands for b in setup.board_rows.all()]


def test_the_evening_is_played_compared_and_ranked(played_evening):
    setup = played_evening
    competition = setup.competition
    assert Deal.objects.filter(match__round__competition=competition).count() == 64
    evening = load_evening(setup)
    assert len(evening.boards) == 16
    for sheet in evening.boards:
        assert len(sheet.results) == 4  # every board at every table
        assert {r.table for r in sheet.results} == {1, 2, 3, 4}
        ns_points = sorted(r.ns_score.matchpoints for r in sheet.results)
        assert sum(ns_points) == 4 * 3  # 4 pairs, top 6: the matchpoints add up to half the tops
        for r in sheet.results:
            assert r.ns_score.matchpoints + r.ew_score.matchpoints == 6
        # the hands of the board are the dealt hands; dealers follow the board number
        assert parse_hands(sheet.row.hands)
    rows = standings(competition)
    assert len(rows) == 8
    assert [r.played for r in rows] == [16] * 8
    assert sum(r.match_points for r in rows) == 16 * 2 * 12
    assert rows[0].rank == 1 and rows[0].points >= rows[-1].points
    # percentages: matchpoints over 16 tops of 6
    assert all(r.points == Fraction(r.match_points * 100, 16 * 6) for r in rows)
    # each N-S pair played every board at its own table, each E-W pair every board once
    for entrant_id in evening.pairs:
        assert sorted(r.board for r in evening.pair_results(entrant_id)) == list(range(1, 17))


def test_a_table_not_played_is_scaled_by_neuberg_and_its_pairs_get_the_average(db):
    import random

    from scoring.duplicate.demo import play_evening
    from tests.factories import UserFactory

    club, competition, setup = dealt_evening(seed=3)
    play_evening(
        setup,
        random.Random(1),
        enterer=UserFactory(scorer_of=club),
        confirmer=UserFactory(organiser_of=club),
        skip=((2, 3),),
    )
    evening = load_evening(setup)
    wallet = mitchell.wallet_at(4, 3 - 1, 2 - 1, setup.movement)
    missing = Match.objects.get(round__competition=competition, round__number=2, table=3)
    absent = set(missing.match_sides.values_list("entrant_id", flat=True))
    for number in mitchell.wallet_boards(wallet, 4):
        results = evening.board(number).results
        # three results of an expected four: Neuberg, (m + 1) × 4/3 − 1 on the full top of 6
        assert len(results) == 3 and all(r.ns_score.top == 6 for r in results)
        for r in results:
            assert r.ns_score.matchpoints == Fraction(r.ns_score.raw + 1) * 4 / 3 - 1
        # the two pairs of the table not played: 50% of 6 = 3 each
        assert {e: (s.matchpoints, s.top) for e, s in evening.missed[number].items()} == dict.fromkeys(absent, (3, 6))
    rows = {r.entrant_id: r for r in standings(competition)}
    assert sorted(r.played for r in rows.values()) == [12, 12] + [16] * 6
    for entrant_id in absent:  # 16 boards in the top: 12 played + 4 at the average
        assert evening.totals[entrant_id].top == 16 * 6 and evening.totals[entrant_id].missed == 4


def test_refusals_name_what_is_wrong(db):
    club = ClubFactory()
    competition = CompetitionFactory(club=club, format="duplicate")
    team_entrants(competition, 6)
    with pytest.raises(DuplicateError, match="16 deals do not divide over 3 tables.*15 or 18"):
        create_duplicate(competition=competition, tables=3, boards=16)
    with pytest.raises(DuplicateError, match="4 tables need 8 pairs; .* has 6"):
        create_duplicate(competition=competition, tables=4, boards=16)
    with pytest.raises(DuplicateError, match="Tables: choose between 2"):
        create_duplicate(competition=competition, tables=1, boards=16)
    pairs = CompetitionFactory(club=club, format="pairs")
    with pytest.raises(DuplicateError, match="not a duplicate competition"):
        create_duplicate(competition=pairs, tables=3, boards=18)
    three = CompetitionFactory(club=club, format="duplicate", ruleset="driemans")
    team_entrants(three, 6)
    with pytest.raises(DuplicateError, match="four players"):
        create_duplicate(competition=three, tables=3, boards=18)
    assert not Board.objects.exists() and not Round.objects.exists()
    setup = create_duplicate(competition=competition, tables=3, boards=18, seed=5)
    assert setup.per_round == 6
    with pytest.raises(DuplicateError, match="already been dealt"):
        create_duplicate(competition=competition, tables=3, boards=18)
