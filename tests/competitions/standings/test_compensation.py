"""Absence and byes compensation (RULES.md §9; competitions.standings.compensation): fixed points,
fixed points plus a pit, the lowest score, the average, the player's own average, nothing; and
``compensation_limit``. Known answers from a small hand-made season:

    evening 1, round 1: A C 1000 – B D 800 | E G 900 – F H 700 | I drawn out (bye)
    evening 2, round 2: A C 1100 – B D 500 | E G 1200 – F I 600 | H absent
    evening 3, round 3: A C 1000 – B D 1000 | E G 800 – F H 800 | I absent

Round 1: average per player 850, lowest 700. Evening 2: average 850, lowest 500. Evening 3:
average 900, lowest 800. I's own average per round played: 600 (one round). H's own average
evening: (700 + 800) / 2 = 750.
"""

from __future__ import annotations

import pytest

from competitions.models import Competition
from competitions.standings import evening_results_by_number, standings
from tests.factories import (
    ByeFactory,
    CompetitionFactory,
    EntrantFactory,
    EveningFactory,
    PlayerFactory,
    RoundFactory,
    played_match,
)

pytestmark = pytest.mark.django_db


def season(**fields) -> tuple[Competition, dict]:
    comp = CompetitionFactory(format="individual", **fields)
    people = dict(
        zip(
            "ABCDEFGHI",
            [PlayerFactory(club=comp.club, name=full_name) for full_name in [f"Speler {x}" for x in "ABCDEFGHI"]],
        )
    )
    for p in people.values():
        EntrantFactory(competition=comp, player=p)
    p = people
    tables = {
        1: [((p["A"], p["B"], p["C"], p["D"]), (1000, 800)), ((p["E"], p["F"], p["G"], p["H"]), (900, 700))],
        2: [((p["A"], p["B"], p["C"], p["D"]), (1100, 500)), ((p["E"], p["F"], p["G"], p["I"]), (1200, 600))],
        3: [((p["A"], p["B"], p["C"], p["D"]), (1000, 1000)), ((p["E"], p["F"], p["G"], p["H"]), (800, 800))],
    }
    for number, seats in tables.items():
        round_ = RoundFactory(competition=comp, number=number, evening=EveningFactory(competition=comp, number=number))
        for four, totals in seats:
            played_match(round_, totals=totals, players=four)
        if number == 1:
            ByeFactory(round=round_, entrant=EntrantFactory(competition=comp, player=p["I"]))
    return comp, people


def evenings_of(comp, player) -> dict[int, tuple[int, bool]]:
    row = next(r for r in standings(comp) if r.player_id == player.pk)
    return {e.number: (e.points, e.absent) for e in row.evenings}


@pytest.mark.parametrize(
    "policy, points, options, h_evening_2, i_evening_3",
    [
        ("fixed", 1450, {}, 1450, 1450),
        ("fixed_pit", 1600, {}, 1700, 1700),  # "1600 plus a pit": the rules' pit bonus, 100
        ("fixed_pit", 1600, {"pit_bonus": 150}, 1750, 1750),  # a club's own pit bonus
        ("lowest", 0, {}, 500, 800),
        ("average", 0, {}, 850, 900),
        ("own_average", 0, {}, 750, None),  # I: own evenings 1 (bye, scored below) and 2 (600)
    ],
)
def test_absence_policies(policy, points, options, h_evening_2, i_evening_3):
    comp, p = season(
        absence_policy=policy, absence_points=points, rule_options=options, bye_policy="fixed", bye_points=1000
    )
    assert evenings_of(comp, p["H"])[2] == (h_evening_2, True)
    if i_evening_3 is not None:
        assert evenings_of(comp, p["I"])[3] == (i_evening_3, True)
    else:  # own average of evening 1 (bye: 1000) and evening 2 (600)
        assert evenings_of(comp, p["I"])[3] == (800, True)


def test_absence_nothing_gives_no_evening_score():
    comp, p = season(absence_policy="nothing")
    assert 2 not in evenings_of(comp, p["H"])


@pytest.mark.parametrize(
    "policy, points, expected",
    [
        ("fixed", 1450, 1450),
        ("fixed_pit", 1600, 1700),
        ("average", 0, 850),
        ("lowest", 0, 700),
        ("own_average", 0, 600),  # I's own season average per round played (round 2: 600), not the round's
        ("nothing", 0, 0),
    ],
)
def test_bye_policies(policy, points, expected):
    comp, p = season(bye_policy=policy, bye_points=points)
    row = next(r for r in standings(comp) if r.player_id == p["I"].pk)
    assert row.bye_points == expected and row.byes == 1
    evening = next(r for r in evening_results_by_number(comp, 1) if r.player_id == p["I"].pk)
    assert evening.points == expected  # the evening's result shows the same


def test_compensation_limit_counts_the_first_n_absences_and_byes():
    fields = dict(absence_policy="fixed", absence_points=1450, bye_policy="fixed", bye_points=1450)
    comp, p = season(compensation_limit=1, **fields)
    # I: the bye of evening 1 uses the one compensation; the absence of evening 3 scores nothing
    assert evenings_of(comp, p["I"]) == {1: (1450, False), 2: (600, False)}
    assert evenings_of(comp, p["H"])[2] == (1450, True)  # H's first absence
    comp, p = season(compensation_limit=0, slug="zero", **fields)
    assert evenings_of(comp, p["I"]) == {1: (0, False), 2: (600, False)}
    assert 2 not in evenings_of(comp, p["H"])
    comp, p = season(compensation_limit=None, slug="none", **fields)
    assert evenings_of(comp, p["I"]) == {1: (1450, False), 2: (600, False), 3: (1450, True)}


def test_a_bye_scored_nothing_uses_none_of_the_limit():
    comp, p = season(compensation_limit=1, absence_policy="fixed", absence_points=1450, bye_policy="nothing")
    assert evenings_of(comp, p["I"])[3] == (1450, True)
