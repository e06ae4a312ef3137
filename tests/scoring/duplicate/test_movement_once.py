"""Issue 24 item 4: the duplicate movement in which every pair meets every pair of the other line
at most once — for every table count the app supports (2..MAX_TABLES) — or, where that cannot be
made, a movement card that says why."""

from __future__ import annotations

from collections import Counter

import pytest

from competitions.pairings import mitchell
from competitions.pairings.mitchell import effective_kind, movement, next_table_of_ew, next_table_of_wallets
from competitions.pairings.orthogonal import ORDER_10, square_pair
from scoring.duplicate.models import DuplicateSetup
from scoring.duplicate.selectors import movement_note
from scoring.duplicate.services import MAX_TABLES

pytestmark = pytest.mark.usefixtures("english")

TABLE_COUNTS = range(2, MAX_TABLES + 1)


def meetings(rounds):
    return Counter((s.ns, s.ew) for r in rounds for s in r)


@pytest.mark.parametrize("tables", TABLE_COUNTS)
@pytest.mark.parametrize("kind", mitchell.MOVEMENTS)
def test_every_table_count_is_a_sound_duplicate_movement(tables, kind):
    rounds = movement(tables, kind)
    assert len(rounds) == tables
    for r in rounds:  # each round: every N–S pair at its table, every E–W pair and wallet set once
        assert [s.ns for s in r] == [s.table for s in r] == list(range(tables))
        assert sorted(s.ew for s in r) == sorted(s.wallet_set for s in r) == list(range(tables))
    for pairs in (
        Counter((s.ew, s.wallet_set) for r in rounds for s in r),
        Counter((s.ns, s.wallet_set) for r in rounds for s in r),
    ):
        assert len(pairs) == tables * tables and set(pairs.values()) == {1}  # every pair every wallet once
    # the moves printed on the card lead to the next round's seats
    for r in range(tables - 1):
        for seat in rounds[r]:
            assert rounds[r + 1][next_table_of_ew(tables, seat.table, r, kind)].ew == seat.ew
            assert rounds[r + 1][next_table_of_wallets(tables, seat.table, r, kind)].wallet_set == seat.wallet_set


@pytest.mark.parametrize("tables", TABLE_COUNTS)
def test_once_meets_every_pair_of_the_other_line_once_where_possible(tables):
    met = meetings(movement(tables, "once"))
    reason = mitchell.once_unavailable(tables)
    if reason is None:
        assert effective_kind(tables, "once") == "once"
        assert len(met) == tables * tables and set(met.values()) == {1}
    else:
        # twice an odd number: 2 and 6 impossible, 14, 18, 22, 26 not built; the skip Mitchell is played
        assert tables in (2, 6, 14, 18, 22, 26)
        assert reason == (mitchell.IMPOSSIBLE if tables in (2, 6) else mitchell.NOT_BUILT)
        assert effective_kind(tables, "once") == "skip" and max(met.values()) == 2


def test_four_tables_known_answer():
    # Worked out by hand over GF(4) (elements 0, 1, x = 2, x + 1 = 3; + is XOR, x·x = x + 1):
    # E–W pair e sits at table e + x·r, the wallets of table t are set t + r.
    # round 0: x·0 = 0 → E–W 1 2 3 4 at tables 1 2 3 4, sets 1 2 3 4
    # round 1: x·1 = 2 → E–W e at e XOR 2: tables 1..4 hold E–W 3 4 1 2, sets t XOR 1: 2 1 4 3
    # round 2: x·2 = 3 → E–W e at e XOR 3: E–W 4 3 2 1, sets t XOR 2: 3 4 1 2
    # round 3: x·3 = 1 → E–W e at e XOR 1: E–W 2 1 4 3, sets t XOR 3: 4 3 2 1
    rounds = movement(4, "once")
    assert [[s.ew + 1 for s in r] for r in rounds] == [[1, 2, 3, 4], [3, 4, 1, 2], [4, 3, 2, 1], [2, 1, 4, 3]]
    assert [[s.wallet_set + 1 for s in r] for r in rounds] == [[1, 2, 3, 4], [2, 1, 4, 3], [3, 4, 1, 2], [4, 3, 2, 1]]
    # the old skip Mitchell (kept for evenings dealt before): E–W 1 meets N–S 1 twice, N–S 3 never
    old = movement(4, "skip")
    assert [next(s.table for s in r if s.ew == 0) for r in old] == [0, 1, 3, 0]


@pytest.mark.parametrize("n", [3, 4, 5, 8, 10, 12, 30])
def test_the_square_pairs_are_latin_orthogonal_and_normalised(n):
    rounds, wallets = square_pair(n)
    every = set(range(n))
    for square in (rounds, wallets):
        assert all(set(row) == every for row in square)
        assert all({row[e] for row in square} == every for e in range(n))
    assert len({(rounds[t][e], wallets[t][e]) for t in range(n) for e in range(n)}) == n * n
    assert all(rounds[t][t] == 0 and wallets[t][t] == t for t in range(n))  # round 1: pair t, set t at table t


def test_order_10_is_the_stored_search_result():
    # scripts/orthogonal_search.py 10 1 found these; both squares Latin, the pairs all different
    first, second = ([[int(c) for c in row] for row in square] for square in ORDER_10)
    assert len({(first[i][j], second[i][j]) for i in range(10) for j in range(10)}) == 100
    assert all(sorted(row) == list(range(10)) for row in first + second)


def test_odd_tables_are_the_plain_mitchell_either_way():
    for tables in (3, 5, 7, 9):
        assert movement(tables, "once") == movement(tables, "skip")


@pytest.mark.parametrize(
    "tables, movement_kind, says",
    [
        (4, "once", ["every pair meets every pair of the other line once"]),
        (8, "once", ["every pair meets every pair of the other line once"]),
        (5, "once", ["move up one table", "Every pair meets every pair of the other line once"]),
        (2, "once", ["meets one N–S pair twice", "With 2 tables no movement lets every pair meet both pairs"]),
        (6, "once", ["meets one N–S pair twice", "orthogonal Latin squares of order 6", "Tarry"]),
        (10, "once", ["every pair meets every pair of the other line once"]),
        (14, "once", ["meets one N–S pair twice", "exists, but this app cannot make it yet"]),
        (4, "skip", ["After round 2 the E–W pairs skip a table", "meets one N–S pair twice"]),
    ],
)
def test_the_movement_card_says_how_and_why(tables, movement_kind, says):
    note = movement_note(DuplicateSetup(tables=tables, boards=tables, movement=movement_kind))
    for text in says:
        assert text in note
