"""Standings of pairs and teams of four: known answers for every metric, ties, tie-breakers, byes."""

from fractions import Fraction

import pytest

from competitions.standings import standings
from tests.factories import ByeFactory, CompetitionFactory, RoundFactory, named_team_entrants, pair_match, team_fixture

pytestmark = pytest.mark.django_db


def by_name(rows):
    return {r.name: r for r in rows}


@pytest.fixture
def three_pairs():
    comp = CompetitionFactory(format="pairs")
    a, b, c = named_team_entrants(comp, ["Aas", "Boer", "Heer"])
    return comp, a, b, c


def test_pairs_metrics_from_confirmed_matches_only(three_pairs):
    comp, a, b, c = three_pairs
    r1, r2, r3 = (RoundFactory(competition=comp, number=n) for n in (1, 2, 3))
    pair_match(
        r1,
        a,
        b,
        (2000, 1500),
        stats=[
            {"roem": 120, "bids": 9, "made": 8, "nat": 1, "pits": 1},
            {"roem": 40, "bids": 7, "made": 5, "nat": 2, "tegenpits": 1},
        ],
    )
    pair_match(r2, b, c, (1800, 1800))
    pair_match(r3, c, a, (1000, 2500), stats=[{"verzaakt": 1}, {"roem": 20, "bids": 3, "made": 3}])
    pair_match(r3, a, c, (3000, 0), confirmed=False)  # entered, not confirmed: does not count

    rows = standings(comp)
    assert [(r.rank, r.rank_label, r.name) for r in rows] == [(1, "1", "Aas"), (2, "2", "Boer"), (3, "3", "Heer")]
    aas, boer, heer = rows
    assert (aas.points, aas.played, aas.won, aas.drawn, aas.lost, aas.match_points) == (4500, 2, 2, 0, 0, 4)
    assert (boer.points, boer.played, boer.won, boer.drawn, boer.lost, boer.match_points) == (3300, 2, 0, 1, 1, 1)
    assert (heer.points, heer.played, heer.match_points, heer.verzaakt) == (2800, 2, 1, 1)
    assert (aas.roem, aas.bids, aas.made, aas.nat, aas.pits) == (140, 12, 11, 1, 1)
    assert aas.made_share == Fraction(11, 12) and aas.made_percent == 92
    assert (boer.roem, boer.nat, boer.tegenpits) == (40, 2, 1)
    assert aas.opponents == 2500 and aas.difference == 2000
    assert aas.average == 2250 and boer.average == 1650
    assert all(r.prize for r in rows)  # prize places 1-4 by default


def test_match_points_follow_the_competitions_values(three_pairs):
    comp, a, b, c = three_pairs
    comp.points_win, comp.points_draw, comp.points_loss = 3, 1, 0
    comp.save()
    pair_match(RoundFactory(competition=comp, number=1), a, b, (1700, 1700))
    pair_match(RoundFactory(competition=comp, number=2), a, c, (1800, 1600))
    rows = by_name(standings(comp))
    assert rows["Aas"].match_points == 4 and rows["Boer"].match_points == 1 and rows["Heer"].match_points == 0


def test_level_entrants_share_a_rank_shown_with_equals_and_listed_by_name(three_pairs):
    comp, a, b, c = three_pairs
    r1 = RoundFactory(competition=comp, number=1)
    pair_match(r1, b, c, (1500, 1500))
    pair_match(RoundFactory(competition=comp, number=2), a, b, (100, 0))  # Aas 100, Boer 1500+0, Heer 1500
    # The default tie-breakers (points, then average per match, then head to head) part them...
    assert [(r.rank_label, r.name) for r in standings(comp)] == [("1", "Heer"), ("2", "Boer"), ("3", "Aas")]
    comp.tie_breakers = ["points"]  # ...a competition that names only points has no tie-breaker
    comp.save()
    rows = standings(comp)
    assert [(r.rank_label, r.name) for r in rows] == [("1=", "Boer"), ("1=", "Heer"), ("3", "Aas")]
    assert [r.rank for r in rows] == [1, 1, 3]
    assert [r.position for r in rows] == [1, 2, 3]


def test_tie_breakers_apply_in_the_competitions_order(three_pairs):
    comp, a, b, c = three_pairs
    pair_match(
        RoundFactory(competition=comp, number=1),
        b,
        c,
        (1500, 1500),
        stats=[{"roem": 100, "nat": 3}, {"roem": 60, "nat": 1}],
    )
    comp.tie_breakers = ["roem"]
    comp.save()
    assert [r.name for r in standings(comp)][:2] == ["Boer", "Heer"]
    comp.tie_breakers = ["fewest_nat", "roem"]
    comp.save()
    rows = standings(comp)
    assert [(r.rank_label, r.name) for r in rows][:2] == [("1", "Heer"), ("2", "Boer")]
    comp.tie_breakers = ["drawn", "no_such_metric"]  # level on both: still shared; unknown ignored
    comp.save()
    assert [r.rank_label for r in standings(comp)][:2] == ["1=", "1="]


def test_teams_rank_by_match_points_first(three_pairs):
    comp = CompetitionFactory(format="teams", tie_breakers=["points"])
    a, b, c = named_team_entrants(comp, ["Aas", "Boer", "Heer"], size=4)
    # Boer wins one narrow match; Aas wins nothing but scores a lot.
    team_fixture(RoundFactory(competition=comp, number=1), a, b, ((2000, 2100), (2000, 2000)))
    team_fixture(RoundFactory(competition=comp, number=2), c, a, ((3000, 1000), (1000, 2999)))  # Heer 4000 v Aas 3999
    rows = standings(comp)
    assert [r.name for r in rows] == ["Boer", "Heer", "Aas"]
    assert rows[2].points == 7999 and rows[2].match_points == 0


def test_teams_total_is_the_sum_of_both_tables_and_needs_both_confirmed():
    comp = CompetitionFactory(format="teams")
    home, away = named_team_entrants(comp, ["Thuis", "Uit"], size=4)
    # Thuis loses table 1 but wins the team match: 1500 + 2600 = 4100 against 2100 + 1600 = 3700.
    team_fixture(RoundFactory(competition=comp, number=1), home, away, ((1500, 2100), (2600, 1600)))
    team_fixture(
        RoundFactory(competition=comp, number=2), home, away, ((3000, 100), (3000, 100)), confirmed=(True, False)
    )
    rows = by_name(standings(comp))
    thuis, uit = rows["Thuis"], rows["Uit"]
    assert (thuis.points, thuis.played, thuis.won, thuis.lost, thuis.match_points) == (4100, 1, 1, 0, 2)
    assert (uit.points, uit.played, uit.won, uit.lost, uit.match_points) == (3700, 1, 0, 1, 0)
    assert thuis.opponents == 3700


def test_teams_draw_when_the_two_totals_are_level():
    comp = CompetitionFactory(format="teams")
    home, away = named_team_entrants(comp, ["Thuis", "Uit"], size=4)
    team_fixture(RoundFactory(competition=comp, number=1), home, away, ((2000, 2200), (2200, 2000)))
    rows = standings(comp)
    assert [(r.drawn, r.match_points, r.rank_label) for r in rows] == [(1, 1, "1="), (1, 1, "1=")]


def test_head_to_head_decides_between_two_tied_entrants():
    comp = CompetitionFactory(format="pairs", tie_breakers=["head_to_head"])
    a, b, c, d = named_team_entrants(comp, ["Aas", "Boer", "Heer", "Vrouw"])
    pair_match(RoundFactory(competition=comp, number=1), a, b, (1000, 1200))  # Boer beat Aas
    pair_match(RoundFactory(competition=comp, number=2), a, c, (1200, 0))
    pair_match(RoundFactory(competition=comp, number=3), b, d, (1000, 0))
    rows = standings(comp)  # Aas 2200, Boer 2200: Boer won their match
    assert [(r.rank_label, r.name) for r in rows][:2] == [("1", "Boer"), ("2", "Aas")]


def test_head_to_head_passes_over_three_tied_and_pairs_that_never_met():
    comp = CompetitionFactory(format="pairs", tie_breakers=["head_to_head", "roem"])
    a, b, c, d = named_team_entrants(comp, ["Aas", "Boer", "Heer", "Vrouw"])
    pair_match(RoundFactory(competition=comp, number=1), a, d, (1000, 0), stats=[{"roem": 20}, {}])
    pair_match(RoundFactory(competition=comp, number=2), b, d, (1000, 0), stats=[{"roem": 40}, {}])
    pair_match(RoundFactory(competition=comp, number=3), c, d, (1000, 0), stats=[{"roem": 0}, {}])
    assert [r.name for r in standings(comp)][:3] == ["Boer", "Aas", "Heer"]  # roem decided
    comp.tie_breakers = ["head_to_head"]
    comp.save()
    assert [r.rank_label for r in standings(comp)][:3] == ["1=", "1=", "1="]


def test_head_to_head_for_teams_of_four():
    comp = CompetitionFactory(format="teams", tie_breakers=["head_to_head"])
    a, b, c = named_team_entrants(comp, ["Aas", "Boer", "Heer"], size=4)
    team_fixture(RoundFactory(competition=comp, number=1), a, b, ((2000, 1000), (2000, 1000)))  # Aas beat Boer
    team_fixture(RoundFactory(competition=comp, number=2), c, a, ((3000, 0), (3000, 0)))
    team_fixture(RoundFactory(competition=comp, number=3), b, c, ((3000, 0), (3000, 0)))
    rows = standings(comp)  # each 2 match points
    assert [r.match_points for r in rows] == [2, 2, 2]
    assert [r.rank_label for r in rows] == ["1=", "1=", "1="]  # three level: head to head passed over
    comp.tie_breakers = ["points", "head_to_head"]
    comp.save()
    # points: Aas 4000+0=4000, Boer 2000+6000=8000, Heer 6000+0=6000 -> all differ
    assert [r.name for r in standings(comp)] == ["Boer", "Heer", "Aas"]


@pytest.mark.parametrize("policy, expected", [("fixed", 1600), ("average", 1500)])
def test_a_bye_scores_as_the_competition_chose_and_a_win(policy, expected):
    comp = CompetitionFactory(format="pairs", bye_policy=policy, bye_points=1600)
    a, b, c = named_team_entrants(comp, ["Aas", "Boer", "Heer"])
    r1 = RoundFactory(competition=comp, number=1)
    pair_match(r1, a, b, (1000, 2000))
    ByeFactory(round=r1, entrant=c)
    ByeFactory(
        round=RoundFactory(competition=comp, number=2), entrant=c
    )  # a round without any confirmed result: not counted yet
    heer = by_name(standings(comp))["Heer"]
    assert (heer.points, heer.byes, heer.played, heer.match_points) == (expected, 1, 0, 2)
    assert heer.average == 0


def test_prizes_for_places_then_every_nth_shared_when_tied():
    comp = CompetitionFactory(format="pairs", prize_places=2, prize_every=3)
    entrants = named_team_entrants(comp, [f"P{k}" for k in range(8)])
    r = RoundFactory(competition=comp, number=1)
    scores = [900, 800, 700, 600, 500, 400, 400, 100]  # positions 6 and 7 tied
    for k in range(0, 8, 2):
        pair_match(r, entrants[k], entrants[k + 1], (scores[k], scores[k + 1]))
    rows = standings(comp)
    assert [r.prize for r in rows] == [True, True, True, False, False, True, True, False]
    assert [r.rank_label for r in rows][5:7] == ["6=", "6="]


def test_divisions_are_ranked_apart():
    from competitions.models import Division

    comp = CompetitionFactory(format="pairs")
    north = Division.objects.create(competition=comp, name="Noord", order=1)
    south = Division.objects.create(competition=comp, name="Zuid", order=2)
    a, b = named_team_entrants(comp, ["Aas", "Boer"], division=north)
    c, d = named_team_entrants(comp, ["Heer", "Vrouw"], division=south)
    r = RoundFactory(competition=comp, number=1)
    pair_match(r, a, b, (1000, 2000))
    pair_match(r, c, d, (3000, 100))
    rows = standings(comp)
    assert [(r.division, r.rank, r.name) for r in rows] == [
        ("Noord", 1, "Boer"),
        ("Noord", 2, "Aas"),
        ("Zuid", 1, "Heer"),
        ("Zuid", 2, "Vrouw"),
    ]


def test_entrants_without_results_are_listed_with_zeros(three_pairs):
    comp, *_ = three_pairs
    rows = standings(comp)
    assert [(r.rank_label, r.points, r.played) for r in rows] == [("1=", 0, 0)] * 3
