"""The Mitchell movement of a duplicate (portefeuille) evening: pure, no Django.

``tables`` tables, numbered 0..tables-1 here (1.. on paper). The N–S pair of table *t* stays at
table *t* all evening; the E–W pairs move up one table after each round and the wallets
(portefeuilles: one *set* of consecutive boards) move down one table. Round *r* (0-based) plays
wallet set ``(t + r) % tables`` at table *t*.

With an odd number of tables every E–W pair then meets every wallet set once. With an even number
the E–W pairs would meet the same sets again halfway, so they *skip*: after round ``tables // 2``
they move up two tables instead of one (the skip Mitchell). Either way the evening has ``tables``
rounds, every pair plays every board exactly once, and every board is played at every table once.

Choice (the skip): with an even number of tables each E–W pair meets one N–S pair twice (on other
boards) and one not at all; the comparison of results is within the line, so nothing is unfair.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_TABLES = 2  # one table has nothing to compare with


class MovementError(ValueError):
    """Tables and deals that make no Mitchell movement; the message names what is wrong."""


@dataclass(frozen=True, slots=True)
class Seating:
    """One table in one round (all 0-based): the N–S pair, the E–W pair and the wallet set."""

    round: int
    table: int
    ns: int
    ew: int
    wallet_set: int


def check(tables: int, deals: int) -> int:
    """The number of deals per round (per wallet set); :class:`MovementError` when impossible."""
    if tables < MIN_TABLES:
        raise MovementError(f"tables: a duplicate evening needs at least {MIN_TABLES} tables, not {tables}")
    if deals < tables:
        raise MovementError(f"deals: {deals} deals cannot be shared over {tables} tables; choose at least {tables}")
    if deals % tables:
        lower, higher = deals - deals % tables, deals + tables - deals % tables
        raise MovementError(
            f"deals: {deals} deals do not divide over {tables} tables; choose a multiple of {tables}, "
            f"for example {lower or higher} or {higher}"
        )
    return deals // tables


def skips(tables: int) -> bool:
    """Whether the E–W pairs skip a table halfway (an even number of tables)."""
    return tables % 2 == 0


def ew_table(tables: int, ew: int, round: int) -> int:
    """The table where E–W pair ``ew`` plays round ``round``."""
    skip = 1 if skips(tables) and round >= tables // 2 else 0
    return (ew + round + skip) % tables


def movement(tables: int) -> list[list[Seating]]:
    """Every round's tables, in table order."""
    check(tables, tables)
    rounds = []
    for r in range(tables):
        at_table = {ew_table(tables, ew, r): ew for ew in range(tables)}
        rounds.append([Seating(r, t, t, at_table[t], (t + r) % tables) for t in range(tables)])
    return rounds


def wallet_boards(wallet_set: int, per_set: int) -> range:
    """The board numbers (from 1) in a wallet set."""
    return range(wallet_set * per_set + 1, (wallet_set + 1) * per_set + 1)


def board_of(wallet_set: int, per_set: int, deal: int) -> int:
    """The board number that deal ``deal`` (from 1) of a table playing ``wallet_set`` is."""
    if not 1 <= deal <= per_set:
        raise MovementError(f"deal: {deal} is not a deal of a set of {per_set}")
    return wallet_set * per_set + deal


def next_table_of_ew(tables: int, table: int, round: int) -> int:
    """Where the E–W pair now at ``table`` goes after round ``round`` (up one; two at the skip)."""
    step = 2 if skips(tables) and round == tables // 2 - 1 else 1
    return (table + step) % tables


def next_table_of_wallets(tables: int, table: int) -> int:
    """Where the wallets now at ``table`` go after a round: down one table (table 1 to the last)."""
    return (table - 1) % tables
