"""The rules real clubs' reglementen add (RULES.md §9; competitions.standings.season_rules), each with
known answers computed by hand from one small season of three (then four) evenings, one round each:

    evening 1: A C 1000 – B D 800 | E G 900 – F I 700        H absent
    evening 2: A C  700 – B D 900 | E G 600 – F H 1000       I absent
    evening 3: A C 1100 – B D 500 | E G 800 – F H  800       I absent
    evening 4: A C  800 – B D 800 | E G 1000 – F H 600       I absent (only where a test adds it)

Sums after three evenings: A = C = 1000 + 700 + 1100 = 2800; B = D = 800 + 900 + 500 = 2200;
E = G = 900 + 600 + 800 = 2300; F = 700 + 1000 + 800 = 2500; H = 1000 + 800 = 1800; I = 700.
"""

from __future__ import annotations

import pytest

from competitions.models import (
    Attendance,
    CallOff,
    Competition,
    Evening,
    EveningTotal,
    MatchSeat,
    Round,
    SitOut,
    Substitution,
)
from competitions.standings import evening_results_by_number, points_championship, standings
from tests.factories import CompetitionFactory, EntrantFactory, EveningFactory, PlayerFactory, played_match

pytestmark = pytest.mark.django_db

TABLES = {
    1: [("ABCD", (1000, 800)), ("EFGI", (900, 700))],
    2: [("ABCD", (700, 900)), ("EFGH", (600, 1000))],
    3: [("ABCD", (1100, 500)), ("EFGH", (800, 800))],
    4: [("ABCD", (800, 800)), ("EFGH", (1000, 600))],
}


def season(evenings: int = 3, **fields) -> tuple[Competition, dict]:
    comp = CompetitionFactory(format="individual", **fields)
    people = dict(
        zip(
            "ABCDEFGHI",
            [PlayerFactory(club=comp.club, name=full_name) for full_name in [f"Speler {x}" for x in "ABCDEFGHI"]],
        )
    )
    for p in people.values():
        EntrantFactory(competition=comp, player=p)
    for number in range(1, evenings + 1):
        add_evening(comp, people, number)
    return comp, people


def add_evening(comp, people, number):
    evening = EveningFactory(competition=comp, number=number)
    round_ = Round.objects.create(
        competition=comp, number=number, evening=evening, evening_round=1, status=Round.Status.PUBLISHED
    )
    for letters, totals in TABLES[number]:
        played_match(round_, totals=totals, players=[people[x] for x in letters])
    return evening


def by_letter(rows, people) -> dict[str, object]:
    letter = {p.pk: x for x, p in people.items()}
    return {letter[r.player_id]: r for r in rows}


# --- 5. minimum evenings -----------------------------------------------------------------------------
def test_players_below_the_minimum_are_listed_after_the_qualified_without_a_place():
    comp, people = season(min_evenings=3)
    rows = standings(comp)
    order = [(r.name[-1], r.rank, r.points, r.qualified) for r in rows]
    # Qualified (3 evenings): A = C 2800 share 1; F 2500 is 3rd; E = G 2300 share 4; B = D 2200 share 6.
    # H played 2 evenings (1800) and I 1 (700): listed after them by points, without a place.
    assert order == [
        ("A", 1, 2800, True),
        ("C", 1, 2800, True),
        ("F", 3, 2500, True),
        ("E", 4, 2300, True),
        ("G", 4, 2300, True),
        ("B", 6, 2200, True),
        ("D", 6, 2200, True),
        ("H", None, 1800, False),
        ("I", None, 700, False),
    ]
    assert not any(r.prize for r in rows if not r.qualified)
    assert [r.rank_label for r in rows[-2:]] == ["", ""]


def test_the_minimum_excludes_only_after_the_last_planned_evening():
    """Issue 33 item 7, contract 3: with "at least 3 of 4" the running total ranks everyone (qualified
    None: not decided yet) until the 4th planned evening is played; then I (1 evening) is listed
    without a place."""
    comp, people = season(min_evenings=3, planned_evenings=4)
    rows = standings(comp)
    assert all(r.qualified is None and r.rank is not None for r in rows)
    got = {x: (r.rank, r.points) for x, r in by_letter(rows, people).items()}
    assert got["H"] == (8, 1800) and got["I"] == (9, 700) and got["A"] == (1, 2800)
    add_evening(comp, people, 4)
    rows = standings(comp)
    got = {x: (r.rank, r.qualified) for x, r in by_letter(rows, people).items()}
    # H played evenings 2-4 (3: qualified, 2400, 8th); I only evening 1: no place
    assert got["H"] == (8, True) and got["I"] == (None, False)
    assert got["A"] == (1, True) and got["F"] == (5, True)
    # the season as it stood after evening 3: still the running total
    assert all(r.qualified is None for r in standings(comp, up_to_evening=3))


def test_an_excused_absence_that_is_compensated_is_not_an_evening_played():
    # H called off evening 1 and gets the fixed 500; still 2 evenings played of the 3 required.
    comp, people = season(min_evenings=3, absence_policy="fixed", absence_points=500)
    row = by_letter(standings(comp), people)["H"]
    assert (row.points, row.evenings_played, row.qualified, row.rank) == (500 + 1000 + 800, 2, False, None)


# --- 6. best N struck only at the season's end --------------------------------------------------------
def test_best_n_struck_at_the_season_end_is_the_plain_sum_until_the_last_planned_evening():
    comp, people = season(standings_method="best_n", count_best=2, planned_evenings=4, best_from="season_end")
    rows = by_letter(standings(comp), people)
    # 3 of 4 planned evenings: the plain sum ranks; "beste 2" shown beside it.
    assert (rows["A"].points, rows["A"].best_points) == (2800, 1100 + 1000)
    assert (rows["F"].points, rows["F"].best_points) == (2500, 1000 + 800)
    assert (rows["H"].points, rows["H"].best_points) == (1800, 1000 + 800)
    assert all(e.counted for e in rows["A"].evenings)
    add_evening(comp, people, 4)
    rows = by_letter(standings(comp), people)
    # The last planned evening is played: best 2 of 4. A: 1000 700 1100 800 -> 1100 + 1000 = 2100;
    # E: 900 600 800 1000 -> 1900; F: 700 1000 800 600 -> 1800; B: 800 900 500 800 -> 1700.
    assert {x: rows[x].points for x in "ACEGFBDHI"} == {
        "A": 2100,
        "C": 2100,
        "E": 1900,
        "G": 1900,
        "F": 1800,
        "B": 1700,
        "D": 1700,
        "H": 1800,
        "I": 700,
    }
    assert [e.counted for e in rows["A"].evenings] == [True, False, True, False]
    assert rows["A"].best_points is None


def test_best_n_from_the_start_strikes_at_once():
    comp, people = season(standings_method="best_n", count_best=2, planned_evenings=4)
    assert by_letter(standings(comp), people)["A"].points == 1100 + 1000


# --- 7. the points champion ----------------------------------------------------------------------------
def test_the_points_champion_adds_every_evening_struck_or_not():
    comp, people = season(4, standings_method="best_n", count_best=2, points_champion=True)
    rows = standings(comp)
    champ = points_championship(rows)
    # Every evening: A = C = 1000 + 700 + 1100 + 800 = 3600; E = G = 900 + 600 + 800 + 1000 = 3300;
    # F = 700 + 1000 + 800 + 600 = 3100; B = D = 800 + 900 + 500 + 800 = 3000; H = 2400; I = 700.
    assert [(r.name[-1], r.points_total, r.total_rank, r.points_champion) for r in champ] == [
        ("A", 3600, 1, True),
        ("C", 3600, 1, True),
        ("E", 3300, 3, False),
        ("G", 3300, 3, False),
        ("F", 3100, 5, False),
        ("B", 3000, 6, False),
        ("D", 3000, 6, False),
        ("H", 2400, 8, False),
        ("I", 700, 9, False),
    ]


# --- 8. excused or not; late arrivals ------------------------------------------------------------------
def test_called_off_and_not_called_off_each_have_their_own_compensation():
    comp, people = season(absence_policy="fixed", absence_points=500, unexcused_policy="nothing")
    CallOff.objects.create(evening=comp.evenings.get(number=1), player=people["H"])
    rows = by_letter(standings(comp), people)
    # H called off evening 1: + 500 -> 500 + 1000 + 800 = 2300. I did not call off evenings 2 and 3: nothing.
    assert rows["H"].points == 2300 and [(e.number, e.absent) for e in rows["H"].evenings][0] == (1, True)
    assert rows["I"].points == 700 and len(rows["I"].evenings) == 1


def test_not_calling_off_can_score_the_evenings_lowest():
    comp, people = season(absence_policy="fixed", absence_points=500, unexcused_policy="lowest")
    rows = by_letter(standings(comp), people)
    # Nobody called off. H evening 1: the lowest present, 700; I evening 2: 600; evening 3: 500.
    assert rows["H"].points == 700 + 1000 + 800
    assert rows["I"].points == 700 + 600 + 500


def late_evening(**fields):
    """One evening of two rounds; H arrives late and misses round 1 (a table of three plays it):

    round 1: A C 400 – B D 300 | E 300, F 200, G 100 (three players)
    round 2: A C 500 – B D 200 | E G 350 – F H 250

    Round 1's average per player: (2×400 + 2×300 + 300 + 200 + 100) / 7 = 2000 / 7 = 285.7 -> 286.
    Evening: A = C = 900, B = D = 500, E = 650, F = G = 450, H = 250 + what round 1 gives.
    """
    comp = CompetitionFactory(format="individual", **fields)
    people = dict(
        zip(
            "ABCDEFGH",
            [PlayerFactory(club=comp.club, name=full_name) for full_name in [f"Laat {x}" for x in "ABCDEFGH"]],
        )
    )
    evening = EveningFactory(competition=comp, number=1)
    first = Round.objects.create(competition=comp, number=1, evening=evening, evening_round=1, status="published")
    second = Round.objects.create(competition=comp, number=2, evening=evening, evening_round=2, status="published")
    p = people
    played_match(first, totals=(400, 300), players=[p["A"], p["B"], p["C"], p["D"]])
    played_match(first, totals=(300, 200, 100), players=[p["E"], p["F"], p["G"]])
    played_match(second, totals=(500, 200), players=[p["A"], p["B"], p["C"], p["D"]])
    played_match(second, totals=(350, 250), players=[p["E"], p["F"], p["G"], p["H"]])
    Attendance.objects.bulk_create(
        [Attendance(evening=evening, player=x, arrived_late=letter == "H") for letter, x in people.items()]
    )
    return comp, people


@pytest.mark.parametrize(
    "policy, points, h_evening",
    [
        ("nothing", 0, 250),  # as before: 0 for the round missed
        ("fixed", 250, 500),  # 250 + 250
        ("fixed_pit", 250, 600),  # 250 + 100 (pit) + 250
        ("average", 0, 536),  # 286 + 250
    ],
)
def test_a_late_arrival_gets_the_missed_round_compensation(policy, points, h_evening):
    comp, people = late_evening(missed_round_policy=policy, missed_round_points=points)
    evening = by_letter(evening_results_by_number(comp, 1), people)
    assert evening["H"].points == h_evening
    assert evening["H"].rounds == ({2: 250} if policy == "nothing" else {1: h_evening - 250, 2: 250})
    assert by_letter(standings(comp), people)["H"].points == h_evening


@pytest.mark.parametrize(
    "policy, points, booby",
    [
        ("nothing", 0, "H"),  # 250: the lowest, and the booby prize for being late
        ("fixed", 250, "FG"),  # 500: F and G (450) are now the lowest
        ("average", 0, "FG"),  # 536
    ],
)
def test_the_compensation_keeps_a_late_arrival_from_the_booby_prize_where_partial_evenings_compete(
    policy, points, booby
):
    comp, people = late_evening(missed_round_policy=policy, missed_round_points=points, booby_prize_partial=True)
    evening = by_letter(evening_results_by_number(comp, 1), people)
    assert "".join(sorted(x for x, r in evening.items() if r.booby)) == booby


def test_the_draws_sit_out_of_a_late_arrival_is_the_round_missed():
    comp, people = late_evening(missed_round_policy="fixed", missed_round_points=250)
    SitOut.objects.create(round=comp.rounds.get(number=1), player=people["H"])  # as the draw marks "te laat"
    assert by_letter(evening_results_by_number(comp, 1), people)["H"].points == 500


# --- 9. verzaakt charged to the player ---------------------------------------------------------------
def test_the_player_who_verzaakt_alone_loses_the_penalty():
    comp, people = season(verzaakt_player_penalty=100)
    # A (seat N of evening 1's first table) verzaakt twice there: 1000 - 2 × 100 = 800; C, the partner, keeps 1000.
    MatchSeat.objects.filter(match__round__number=1, player=people["A"]).update(verzaakt=2)
    evening = by_letter(evening_results_by_number(comp, 1), people)
    assert (evening["A"].points, evening["C"].points) == (800, 1000)
    assert by_letter(standings(comp), people)["A"].points == 800 + 700 + 1100


def test_without_a_penalty_the_verzaakt_count_changes_nothing():
    comp, people = season()
    MatchSeat.objects.filter(match__round__number=1, player=people["A"]).update(verzaakt=2)
    assert by_letter(standings(comp), people)["A"].points == 2800


# --- 10. substitutes -----------------------------------------------------------------------------------
def substitute_evening(counts_for):
    """round 1: A C 400 – B D 300; round 2: S (for A) C 500 – B D 200. S takes over A's seat from round 2."""
    comp = CompetitionFactory(format="individual", substitute_counts_for=counts_for)
    people = dict(
        zip("ABCDS", [PlayerFactory(club=comp.club, name=full_name) for full_name in [f"Inval {x}" for x in "ABCDS"]])
    )
    for letter in "ABCD":
        EntrantFactory(competition=comp, player=people[letter])
    evening = EveningFactory(competition=comp, number=1)
    p = people
    for number, north, totals in ((1, "A", (400, 300)), (2, "S", (500, 200))):
        round_ = Round.objects.create(
            competition=comp, number=number, evening=evening, evening_round=number, status="published"
        )
        played_match(round_, totals=totals, players=[p[north], p["B"], p["C"], p["D"]])
    Substitution.objects.create(evening=evening, member=p["A"], substitute=p["S"], from_round=2)
    return comp, people


@pytest.mark.parametrize(
    "counts_for, a_points, s_points",
    [("substitute", 400, 500), ("member", 400 + 500, None), ("nobody", 400, None)],
)
def test_a_substitutes_score_counts_as_the_club_decides(counts_for, a_points, s_points):
    comp, people = substitute_evening(counts_for)
    rows = by_letter(standings(comp), people)
    assert rows["A"].points == a_points
    assert (rows["S"].points if "S" in rows else None) == s_points
    assert rows["C"].points == 900  # the partner is not touched


# --- 12. imported evenings -----------------------------------------------------------------------------
def test_imported_evenings_count_like_played_ones():
    comp, people = season(min_evenings=3)
    old = Evening.objects.create(competition=comp, number=4, imported=True)
    EveningTotal.objects.bulk_create(
        [
            EveningTotal(evening=old, player=people["H"], points=1500),
            EveningTotal(evening=old, player=people["A"], points=900),
        ]
    )
    rows = by_letter(standings(comp), people)
    # H: 1000 + 800 + 1500 = 3300 over 3 evenings, now qualified and first; A: 2800 + 900 = 3700.
    assert (rows["H"].points, rows["H"].evenings_played, rows["H"].qualified) == (3300, 3, True)
    assert rows["A"].points == 3700 and rows["A"].rank == 1 and rows["H"].rank == 2
    assert [e.imported for e in rows["H"].evenings] == [False, False, True]


# --- queries ---------------------------------------------------------------------------------------------
ALL_ON = dict(
    min_evenings=2,
    standings_method="best_n",
    count_best=2,
    planned_evenings=6,
    best_from="season_end",
    points_champion=True,
    absence_policy="fixed",
    absence_points=500,
    unexcused_policy="average",
    missed_round_policy="average",
    verzaakt_player_penalty=100,
    substitute_counts_for="member",
    bye_policy="average",
)


@pytest.mark.parametrize("evenings", [2, 4])
def test_the_season_rules_keep_the_standings_to_a_fixed_number_of_queries(evenings, django_assert_max_num_queries):
    from tests.factories import generated_individual

    comp = generated_individual(players=12, evenings=evenings, rounds=2, **ALL_ON)
    for evening in comp.evenings.all():
        CallOff.objects.create(evening=evening, player=comp.entrants.first().player)
    with django_assert_max_num_queries(9):
        standings(comp)
