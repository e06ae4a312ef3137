"""The Mitchell movement and the dealt boards (pure engines: no database)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from competitions.pairings.mitchell import (
    MovementError,
    board_of,
    check,
    movement,
    next_table_of_ew,
    next_table_of_wallets,
    wallet_boards,
)
from scoring.rules import RULESETS, score_deal
from scoring.rules.boards import InvalidBoard, deal_boards, parse_hands, play_board


@pytest.mark.parametrize("tables", range(2, 12))
def test_every_pair_plays_every_wallet_once_and_every_wallet_is_played_at_every_table(tables):
    rounds = movement(tables)
    assert len(rounds) == tables
    ew_sets = Counter((s.ew, s.wallet_set) for r in rounds for s in r)
    ns_sets = Counter((s.ns, s.wallet_set) for r in rounds for s in r)
    assert set(ew_sets.values()) == {1} and len(ew_sets) == tables * tables
    assert set(ns_sets.values()) == {1} and len(ns_sets) == tables * tables
    for r in rounds:  # each round: every pair seated once, every wallet set at one table
        assert sorted(s.ew for s in r) == sorted(s.wallet_set for s in r) == list(range(tables))
        assert [s.ns for s in r] == list(range(tables))


def test_pairs_and_wallets_move_as_announced():
    for tables in (3, 4, 5, 6):
        rounds = movement(tables)
        for r in range(tables - 1):
            for seat in rounds[r]:
                following = rounds[r + 1]
                moved_to = next_table_of_ew(tables, seat.table, r)
                assert following[moved_to].ew == seat.ew
                assert following[next_table_of_wallets(tables, seat.table)].wallet_set == seat.wallet_set


def test_four_tables_skip_after_round_two():
    rounds = movement(4)
    # E-W pair 0: table 0, 1, then skips table 2: 3, then 0
    assert [next(s.table for s in r if s.ew == 0) for r in rounds] == [0, 1, 3, 0]


def test_tables_and_deals_that_make_no_movement_are_refused_with_a_reason():
    assert check(4, 16) == 4
    assert check(3, 18) == 6
    with pytest.raises(MovementError, match="tables: .*at least 2"):
        check(1, 16)
    with pytest.raises(MovementError, match="deals: 16 deals do not divide over 3 tables.*15 or 18"):
        check(3, 16)
    with pytest.raises(MovementError, match="deals: 2 deals"):
        check(4, 2)


def test_wallet_boards():
    assert list(wallet_boards(0, 4)) == [1, 2, 3, 4]
    assert list(wallet_boards(3, 4)) == [13, 14, 15, 16]
    assert board_of(2, 4, 3) == 11
    with pytest.raises(MovementError):
        board_of(0, 4, 5)


def test_boards_are_reproducible_complete_and_dealt_by_the_clubs_rule():
    rules = RULESETS["amsterdam"]
    boards = deal_boards(rules, 16, seed=42, per_set=4)
    assert boards == deal_boards(rules, 16, seed=42, per_set=4)
    assert boards != deal_boards(rules, 16, seed=43, per_set=4)
    assert [b.dealer for b in boards[:8]] == [0, 1, 2, 3, 0, 1, 2, 3]  # 1-5-9-13 North deals
    for board in boards:
        cards = [c for hand in board.hands for c in hand]
        assert len(cards) == len(set(cards)) == 32
        assert parse_hands(board.hands_text()) == board.hands
        assert board.maker is None


def test_verplicht_names_the_maker_after_the_dealer():
    rules = replace(RULESETS["amsterdam"], trump_choice="verplicht")
    boards = deal_boards(rules, 6, seed=1, per_set=6)
    assert [(b.dealer, b.maker) for b in boards] == [(0, 1), (1, 2), (2, 3), (3, 0), (0, 1), (1, 2)]
    played = play_board(rules, random.Random(3), boards[2])
    assert played.maker == 3 and played.hands == boards[2].hands
    score_deal(rules, played.deal)  # the sheet's line is valid


def test_three_players_cannot_play_duplicate_and_bad_hands_are_named():
    with pytest.raises(ValueError, match="four players"):
        deal_boards(RULESETS["driemans"], 4, seed=1, per_set=4)
    with pytest.raises(InvalidBoard, match="four seats"):
        parse_hands("N: JH")
    with pytest.raises(InvalidBoard, match="8 cards"):
        parse_hands("N: JH | E: 9H | S: AH | W: 10H")
