"""Organiser flow: a league's whole fixture list at once, and Swiss rounds of a pairs competition."""

from collections import Counter

import pytest

from clubs.models import Team, TeamMember
from competitions import services
from competitions.models import Bye, Competition, Division, Fixture, Match, MatchSide, Round
from competitions.services import DrawError
from tests.factories import ClubFactory, CompetitionFactory, confirm_round, team_entrants

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

PAIRS = Competition.Format.PAIRS
TEAMS = Competition.Format.TEAMS


def league(format=PAIRS, sizes=(4, 5), kind=Team.Kind.PAIR):
    competition = CompetitionFactory(club=ClubFactory(is_league=True), format=format)
    divisions = []
    for order, size in enumerate(sizes, start=1):
        division = Division.objects.create(competition=competition, name=f"Poule {order}", order=order)
        divisions.append((division, team_entrants(competition, size, kind=kind, division=division)))
    return competition, divisions


def meetings(competition):
    """Counter of (home, away) entrant ids over all tables (pairs) or fixtures (teams)."""
    if competition.format == TEAMS:
        return Counter(Fixture.objects.filter(round__competition=competition).values_list("home_id", "away_id"))
    sides = {}
    for match, side, entrant in MatchSide.objects.filter(match__round__competition=competition).values_list(
        "match_id", "side", "entrant_id"
    ):
        sides.setdefault(match, {})[side] = entrant
    return Counter((s[0], s[1]) for s in sides.values())


@pytest.mark.parametrize("double", [False, True])
def test_pairs_round_robin_per_division(double):
    competition, divisions = league(PAIRS, sizes=(4, 5))
    rounds = services.generate_fixtures(competition=competition, double=double)
    cycle = 5  # the division of 5 needs 5 rounds, the one of 4 three
    assert [r.number for r in rounds] == list(range(1, cycle * (2 if double else 1) + 1))
    games = meetings(competition)
    for _division, entrants in divisions:
        ids = [e.pk for e in entrants]
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                assert games[(a, b)] + games[(b, a)] == (2 if double else 1)
                if double:
                    assert games[(a, b)] == games[(b, a)] == 1
    between = {frozenset(k) for k in games} & {
        frozenset((a.pk, b.pk)) for a in divisions[0][1] for b in divisions[1][1]
    }
    assert not between  # divisions never meet
    # the odd division: one bye per round per cycle, once per entrant
    byes = Counter(Bye.objects.filter(round__competition=competition).values_list("entrant_id", flat=True))
    assert byes == Counter({e.pk: 2 if double else 1 for e in divisions[1][1]})
    assert all(r.status == Round.Status.DRAFT for r in rounds)


def test_pairs_seats_follow_team_places():
    competition, divisions = league(PAIRS, sizes=(2,))
    services.generate_fixtures(competition=competition)
    match = Match.objects.get(round__competition=competition)
    places = {(m.team_id, m.position): m.player_id for m in TeamMember.objects.all()}
    home, away = (s.entrant for s in match.match_sides.order_by("side"))
    seats = {s.seat: (s.side, s.player_id) for s in match.seats.all()}
    assert seats == {
        "N": (0, places[(home.team_id, 1)]),
        "S": (0, places[(home.team_id, 2)]),
        "E": (1, places[(away.team_id, 1)]),
        "W": (1, places[(away.team_id, 2)]),
    }


@pytest.mark.parametrize("double", [False, True])
def test_teams_of_four_play_two_tables_per_fixture(double):
    competition, divisions = league(TEAMS, sizes=(4, 3), kind=Team.Kind.FOUR)
    services.generate_fixtures(competition=competition, double=double)
    games = meetings(competition)
    for _division, entrants in divisions:
        ids = [e.pk for e in entrants]
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                assert games[(a, b)] + games[(b, a)] == (2 if double else 1)
    places = {(m.team_id, m.position): m.player_id for m in TeamMember.objects.all()}
    for fixture in Fixture.objects.filter(round__competition=competition).select_related("home", "away"):
        first, second = fixture.matches.order_by("table")
        assert second.table == first.table + 1
        home, away = fixture.home.team_id, fixture.away.team_id
        assert _seats(first) == {
            "N": (0, places[(home, 1)]), "S": (0, places[(home, 2)]),
            "E": (1, places[(away, 1)]), "W": (1, places[(away, 2)]),
        }  # fmt: skip
        assert _seats(second) == {
            "N": (0, places[(away, 3)]), "S": (0, places[(away, 4)]),
            "E": (1, places[(home, 3)]), "W": (1, places[(home, 4)]),
        }  # fmt: skip
        assert _entrants(first) == [fixture.home_id, fixture.away_id]
        assert _entrants(second) == [fixture.away_id, fixture.home_id]


def test_tables_are_numbered_through_the_round():
    competition, _ = league(TEAMS, sizes=(4, 4), kind=Team.Kind.FOUR)
    services.generate_fixtures(competition=competition)
    for round in Round.objects.filter(competition=competition):
        assert list(round.matches.values_list("table", flat=True)) == list(range(1, 9))


def test_a_team_without_four_players_is_refused():
    competition, divisions = league(TEAMS, sizes=(3,), kind=Team.Kind.FOUR)
    TeamMember.objects.filter(team=divisions[0][1][0].team, position=4).delete()
    with pytest.raises(DrawError, match="no player at place 4"):
        services.generate_fixtures(competition=competition)
    assert not Round.objects.filter(competition=competition).exists()


def test_fixtures_replaced_only_when_asked_and_without_results():
    competition, _ = league(PAIRS, sizes=(4,))
    services.generate_fixtures(competition=competition)
    with pytest.raises(DrawError, match="already has 3 rounds"):
        services.generate_fixtures(competition=competition, double=True)
    services.generate_fixtures(competition=competition, double=True, replace=True)
    assert Round.objects.filter(competition=competition).count() == 6
    confirm_round(Round.objects.get(competition=competition, number=1))
    with pytest.raises(DrawError, match="Round 1 already has results"):
        services.generate_fixtures(competition=competition, replace=True)
    assert Round.objects.filter(competition=competition).count() == 6


def test_no_fixture_list_for_club_evenings():
    with pytest.raises(DrawError, match="Fixture lists"):
        services.generate_fixtures(competition=CompetitionFactory(club=ClubFactory()))


# --- Swiss ------------------------------------------------------------------------------------


def test_swiss_first_round_pairs_by_seed_with_a_bye_for_the_last():
    competition, ((_, entrants),) = league(PAIRS, sizes=(5,))
    round = services.next_swiss_round(competition=competition)
    assert round.number == 1 and round.status == Round.Status.DRAFT
    assert set(meetings(competition)) == {(entrants[0].pk, entrants[1].pk), (entrants[2].pk, entrants[3].pk)}
    assert list(Bye.objects.filter(round=round).values_list("entrant_id", flat=True)) == [entrants[4].pk]


def test_swiss_round_refused_before_the_previous_is_confirmed():
    competition, _ = league(PAIRS, sizes=(6,))
    round = services.next_swiss_round(competition=competition)
    Match.objects.filter(round=round, table=1).update(
        status=Match.Status.CONFIRMED, confirmed_at=round.competition.created
    )
    with pytest.raises(DrawError, match="Round 1 is not finished: 2 of 3 tables are not confirmed yet"):
        services.next_swiss_round(competition=competition)
    assert Round.objects.filter(competition=competition).count() == 1


def test_swiss_ranks_by_confirmed_points_and_avoids_rematches():
    competition, ((_, e),) = league(PAIRS, sizes=(4,))
    first = services.next_swiss_round(competition=competition)  # e0–e1, e2–e3
    points = {e[0].pk: 1000, e[1].pk: 2000, e[2].pk: 1500, e[3].pk: 500}
    for side in MatchSide.objects.filter(match__round=first):
        side.total = points[side.entrant_id]
        side.save()
    confirm_round(first)
    second = services.next_swiss_round(competition=competition)
    # ranking e1 (2000), e2 (1500), e0 (1000), e3 (500): e1–e2 and e0–e3, no rematch
    pairs = {frozenset(k) for k, _n in Counter(meetings(competition)).items()} - {
        frozenset((e[0].pk, e[1].pk)),
        frozenset((e[2].pk, e[3].pk)),
    }
    assert pairs == {frozenset((e[1].pk, e[2].pk)), frozenset((e[0].pk, e[3].pk))}
    table1 = second.matches.get(table=1)
    assert _entrants(table1) == [e[1].pk, e[2].pk]  # the better ranked at side A


def test_swiss_bye_goes_to_the_lowest_ranked_without_one():
    competition, ((_, e),) = league(PAIRS, sizes=(3,))
    first = services.next_swiss_round(competition=competition)
    confirm_round(first)
    second = services.next_swiss_round(competition=competition)
    assert Bye.objects.get(round=first).entrant_id == e[2].pk
    assert Bye.objects.get(round=second).entrant_id != e[2].pk


def test_swiss_is_for_pairs_competitions():
    with pytest.raises(DrawError, match="pairs competitions"):
        services.next_swiss_round(competition=CompetitionFactory(club=ClubFactory()))


def test_swap_pairs_in_a_pairs_round_moves_the_entrants():
    competition, ((_, e),) = league(PAIRS, sizes=(4,))
    round = services.next_swiss_round(competition=competition)
    a = TeamMember.objects.get(team=e[1].team, position=1).player
    b = TeamMember.objects.get(team=e[2].team, position=2).player
    services.swap_pairs(round=round, player_a=a, player_b=b)
    assert _entrants(round.matches.get(table=1)) == [e[0].pk, e[2].pk]
    assert _entrants(round.matches.get(table=2)) == [e[1].pk, e[3].pk]
    assert b.pk in {s.player_id for s in round.matches.get(table=1).seats.all()}


def test_players_of_a_pairs_round_are_not_swapped_one_by_one():
    competition, ((_, e),) = league(PAIRS, sizes=(4,))
    round = services.next_swiss_round(competition=competition)
    a = TeamMember.objects.get(team=e[0].team, position=1).player
    b = TeamMember.objects.get(team=e[2].team, position=1).player
    with pytest.raises(DrawError, match="swap pairs instead"):
        services.swap_players(round=round, player_a=a, player_b=b)


def _seats(match):
    return {s.seat: (s.side, s.player_id) for s in match.seats.all()}


def _entrants(match):
    return list(match.match_sides.order_by("side").values_list("entrant_id", flat=True))
