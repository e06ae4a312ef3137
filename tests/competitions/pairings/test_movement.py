"""pair_movement: fixed pairs meet every other pair once, the stationary pair stays, the rest walk."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest

from competitions.pairings.movement import EW, NS, pair_movement


@pytest.mark.parametrize("pairs", range(3, 41))
def test_every_two_pairs_meet_exactly_once(pairs: int) -> None:
    movement = pair_movement(pairs)
    assert len(movement.rounds) == (pairs - 1 if pairs % 2 == 0 else pairs)
    met = Counter()
    for r, meetings in enumerate(movement.rounds):
        assert [m.table for m in meetings] == list(range(1, movement.tables + 1))
        playing = [p for m in meetings for p in (m.ns, m.ew)]
        resting = [movement.sit_outs[r]] if pairs % 2 else []
        assert sorted(playing + resting) == list(range(pairs))  # everyone once: at a table or resting
        met.update(frozenset((m.ns, m.ew)) for m in meetings)
    assert len(met) == pairs * (pairs - 1) // 2 and set(met.values()) == {1}
    if pairs % 2:
        assert sorted(movement.sit_outs) == list(range(pairs))  # each pair rests exactly once


@pytest.mark.parametrize("pairs", [4, 8, 14])
def test_the_stationary_pair_stays_and_the_others_walk_one_table(pairs: int) -> None:
    movement = pair_movement(pairs)
    assert movement.stationary == pairs - 1
    assert {(s.table, s.line) for s in movement.route(pairs - 1)} == {(1, NS)}
    last = movement.tables
    for pair in range(pairs - 1):
        route = movement.route(pair)
        for now, then in pairwise(route):
            if now.line == NS:
                expected = (now.table - 1, NS) if now.table > 2 else (1, EW)
            elif now.table == 1:
                expected = (2, EW)
            else:
                expected = (now.table + 1, EW) if now.table < last else (last, NS)
            assert (then.table, then.line) == expected


def test_odd_numbers_rest_in_turn_and_come_back_east_west_at_table_one() -> None:
    movement = pair_movement(7)
    assert movement.stationary is None and movement.tables == 3
    for r in range(len(movement.rounds) - 1):
        rested = movement.sit_outs[r]
        assert movement.stop(rested, r + 1).table == 1 and movement.stop(rested, r + 1).line == EW
        first_ns = movement.rounds[r][0].ns
        assert movement.sit_outs[r + 1] == first_ns  # table 1 North–South rests next


def test_route_names_the_opponent() -> None:
    movement = pair_movement(6)
    for pair in range(6):
        assert sorted(s.opponent for s in movement.route(pair)) == [p for p in range(6) if p != pair]


@pytest.mark.parametrize("pairs", [0, 1, 2, 41, -4])
def test_numbers_out_of_range_are_refused(pairs: int) -> None:
    with pytest.raises(ValueError, match=f"got {pairs}"):
        pair_movement(pairs)


def test_unknown_pair_is_refused() -> None:
    with pytest.raises(ValueError, match="pair 9"):
        pair_movement(6).route(9)
