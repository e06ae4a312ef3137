"""Individual seasons: evening scores, season methods, absence, byes, prizes, the booby prize."""

from fractions import Fraction

import pytest

from competitions.models import Competition
from competitions.standings import evening_results, standings
from competitions.standings.individual import evening_rows
from scoring import services
from tests.factories import (
    ByeFactory,
    ClubFactory,
    CompetitionFactory,
    EntrantFactory,
    EveningFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    played_match,
    seated_match,
    simulated_sheet,
)

pytestmark = pytest.mark.django_db


def scores(rows):
    return {r.name: r.points for r in rows}


@pytest.fixture
def season():
    """Five players, two evenings.

    Evening 1, round 1: P1+P3 2000 v P2+P4 1000, P5 drawn out (bye).
               round 2: P1+P2 1500 v P5+P3 1700, P4 drawn out.
    Evening 2, round 3: P1+P3 1200 v P2+P4 2400; P5 absent.
    """
    club = ClubFactory()
    comp = CompetitionFactory(club=club, format="individual", bye_policy="fixed", bye_points=1600, prize_places=2)
    p1, p2, p3, p4, p5 = players = [
        PlayerFactory(club=club, name=full_name)
        for full_name in ["Piet Een", "Jan Twee", "Kees Drie", "Anna Vier", "Els Vijf"]
    ]
    for p in players:
        EntrantFactory(competition=comp, player=p)
    e1, e2 = EveningFactory(competition=comp, number=1), EveningFactory(competition=comp, number=2)
    r1, r2, r3 = (
        RoundFactory(competition=comp, number=1, evening=e1),
        RoundFactory(competition=comp, number=2, evening=e1),
        RoundFactory(competition=comp, number=3, evening=e2),
    )
    played_match(
        r1, totals=(2000, 1000), players=(p1, p2, p3, p4), stats=[{"roem": 100, "bids": 4, "made": 3}, {"nat": 1}]
    )
    ByeFactory(round=r1, entrant=EntrantFactory(competition=comp, player=p5))
    played_match(r2, totals=(1500, 1700), players=(p1, p5, p2, p3))
    ByeFactory(round=r2, entrant=EntrantFactory(competition=comp, player=p4))
    played_match(r3, totals=(1200, 2400), players=(p1, p2, p3, p4))
    return comp


def update(comp, **fields):
    Competition.objects.filter(pk=comp.pk).update(**fields)
    comp.refresh_from_db()
    return comp


def test_evening_scores_come_from_one_aggregate_over_seats(season):
    rows = {(r["player"], r["key"]): r["points"] for r in evening_rows(season)}
    assert sorted(rows.values()) == sorted([3500, 2500, 3700, 1000, 1700, 1200, 2400, 1200, 2400])


def test_total_of_all_evenings_with_fixed_bye_points_and_absent_scoring_nothing(season):
    rows = standings(season)
    assert scores(rows) == {"Piet Een": 4700, "Jan Twee": 4900, "Kees Drie": 4900, "Anna Vier": 5000, "Els Vijf": 3300}
    assert [(r.rank_label, r.name) for r in rows] == [  # a shared place: by surname (Drie, Twee)
        ("1", "Anna Vier"),
        ("2=", "Kees Drie"),
        ("2=", "Jan Twee"),
        ("4", "Piet Een"),
        ("5", "Els Vijf"),
    ]
    piet = rows[3]
    assert (piet.played, piet.won, piet.lost, piet.roem, piet.bids, piet.made) == (3, 1, 2, 100, 4, 3)
    assert piet.match_points == 2 and piet.average == Fraction(4700, 3)
    assert [(e.number, e.points) for e in piet.evenings] == [(1, 3500), (2, 1200)]
    els = rows[4]
    assert (els.byes, els.bye_points, els.played, els.evenings_played) == (1, 1600, 1, 1)


@pytest.mark.parametrize(
    "policy, points, expected",
    [("nothing", 0, 3300), ("fixed", 1000, 4300), ("lowest", 0, 4500), ("average", 0, 5100)],
)
def test_absence_policies(season, policy, points, expected):
    update(season, absence_policy=policy, absence_points=points)
    rows = standings(season)
    els = next(r for r in rows if r.name == "Els Vijf")
    assert els.points == expected
    if policy != "nothing":
        assert els.evenings[-1].absent and els.evening_average == Fraction(expected, 2)
    if policy == "average":
        assert rows[0].name == "Els Vijf"


def test_bye_scores_the_rounds_average_per_seat(season):
    update(season, bye_policy="average")
    rows = {r.name: r for r in standings(season)}
    # round 1 average (2*2000 + 2*1000) / 4 = 1500; round 2 (2*1500 + 2*1700) / 4 = 1600
    assert rows["Els Vijf"].points == 1500 + 1700
    assert rows["Anna Vier"].points == 1000 + 1600 + 2400


def test_best_n_evenings(season):
    update(season, standings_method="best_n", count_best=1)
    rows = standings(season)
    assert scores(rows) == {"Piet Een": 3500, "Jan Twee": 2500, "Kees Drie": 3700, "Anna Vier": 2600, "Els Vijf": 3300}
    piet = next(r for r in rows if r.name == "Piet Een")
    assert [(e.number, e.counted) for e in piet.evenings] == [(1, True), (2, False)]


def test_best_average_over_n(season):
    update(season, standings_method="best_average", count_best=2)
    rows = standings(season)
    assert rows[0].name == "Els Vijf" and rows[0].points == 3300  # one evening: average over it
    piet = next(r for r in rows if r.name == "Piet Een")
    assert piet.points == Fraction(4700, 2) and piet.points_display == 2350


def test_periods_best_k_per_period_then_best_p_periods():
    club = ClubFactory()
    comp = CompetitionFactory(club=club, standings_method="periods", period_length=2, period_best=1, periods_counted=1)
    p1, p2, p3, p4 = [PlayerFactory(club=club, name=full_name) for full_name in ["A Een", "B Twee", "C Drie", "D Vier"]]
    totals = [(100, 500), (300, 0), (250, 400), (250, 350)]  # A+C (side 0) v B+D (side 1)
    for number, pair in enumerate(totals, start=1):
        played_match(
            RoundFactory(competition=comp, number=number, evening=EveningFactory(competition=comp, number=number)),
            totals=pair,
            players=(p1, p2, p3, p4),
        )
    rows = {r.name: r for r in standings(comp)}
    assert rows["A Een"].points == 300 and rows["B Twee"].points == 500
    assert [e.counted for e in rows["A Een"].evenings] == [False, True, False, False]
    update(comp, periods_counted=2)
    rows = {r.name: r for r in standings(comp)}
    assert rows["A Een"].points == 550 and rows["B Twee"].points == 900
    assert [e.counted for e in rows["A Een"].evenings] == [False, True, True, False]


def test_evening_results_with_prizes_and_the_booby_prize(season):
    evening = season.evenings.select_related("competition").get(number=1)
    rows = evening_results(evening)
    assert [(r.rank, r.name, r.points) for r in rows] == [
        (1, "Kees Drie", 3700),
        (2, "Piet Een", 3500),
        (3, "Els Vijf", 3300),
        (4, "Anna Vier", 2600),
        (5, "Jan Twee", 2500),
    ]
    assert [r.prize for r in rows] == [True, True, False, False, False]
    assert [r.booby for r in rows] == [False, False, False, False, True]
    assert rows[2].rounds == {1: 1600, 2: 1700}


def test_head_to_head_between_two_players_who_opposed():
    club = ClubFactory()
    comp = CompetitionFactory(club=club, tie_breakers=["head_to_head"])
    a, b, c, d, e, f, g, h = [
        PlayerFactory(club=club, name=full_name) for full_name in [f"{x} Speler" for x in "ABCDEFGH"]
    ]
    ev = EveningFactory(competition=comp, number=1)
    r1, r2 = RoundFactory(competition=comp, number=1, evening=ev), RoundFactory(competition=comp, number=2, evening=ev)
    played_match(r1, totals=(1000, 1200), players=(a, b, c, d))  # D beat A
    played_match(r1, totals=(1500, 1500), players=(e, f, g, h))  # F and G drew
    played_match(r2, totals=(1400, 800), players=(a, f, e, g))
    played_match(r2, totals=(1200, 300), players=(d, b, h, c))
    # E 2900, H 2700, A 2400, D 2400, F 2300, G 2300, B 1500, C 1300
    rows = standings(comp)
    assert [(r.rank_label, r.name[0]) for r in rows] == [
        ("1", "E"),
        ("2", "H"),
        ("3", "D"),
        ("4", "A"),
        ("5=", "F"),
        ("5=", "G"),
        ("7", "B"),
        ("8", "C"),
    ]
    comp.tie_breakers = []
    comp.save()
    assert [r.rank_label for r in standings(comp)][2:4] == ["3=", "3="]


def test_a_table_of_three_scores_each_player_their_own_side():
    club = ClubFactory()
    comp = CompetitionFactory(club=club, ruleset="driemans")
    a, b, c = [PlayerFactory(club=club, name=full_name) for full_name in ["A Een", "B Twee", "C Drie"]]
    played_match(
        RoundFactory(competition=comp, number=1, evening=EveningFactory(competition=comp, number=1)),
        totals=(900, 700, 500),
        players=(a, b, c),
    )
    assert scores(standings(comp)) == {"A Een": 900, "B Twee": 700, "C Drie": 500}


def test_only_confirmed_results_count_end_to_end_through_the_scoring_services():
    club = ClubFactory(slug="troef")
    scorer = UserFactory(username="s1", scorer_of=club)
    organiser = UserFactory(username="o1", organiser_of=club)
    match = seated_match(club=club)
    comp = match.round.competition
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, seed=5), version=0)
    assert standings(comp) == []  # nobody registered, no confirmed result yet: nobody listed
    services.confirm_match(match=match, user=organiser)
    sides = {s.side: s.total for s in match.match_sides.all()}
    seats = {s.player.name: s.side for s in match.seats.select_related("player")}
    rows = standings(comp)
    assert scores(rows) == {name: sides[side] for name, side in seats.items()}
    assert {r.played for r in rows} == {1}
    assert rows[0].rank_label == "1=" and rows[2].rank_label == "3="
