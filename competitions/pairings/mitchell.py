"""The movement of a duplicate (portefeuille) evening: pure, no Django.

``tables`` tables, numbered 0..tables-1 here (1.. on paper). The N–S pair of table *t* stays at
table *t* all evening; the E–W pairs and the wallets (portefeuilles: one *set* of consecutive
boards) move after each round. The evening has ``tables`` rounds; every pair plays every board
exactly once, and every board is played at every table once. Two kinds of movement:

- ``"once"`` (the default of a new evening): every E–W pair meets every N–S pair exactly once
  (so at most once), as the pairs expect (issue 24). Such a movement is a pair of orthogonal Latin
  squares (rounds and wallets over N–S × E–W), from :mod:`.orthogonal`. With an odd number of
  tables it is the plain Mitchell (E–W up one table, wallets down one); otherwise the moves are
  not "one table up", so the movement card lists, per table and round, where the E–W pair and the
  wallets go next.
- ``"skip"`` (every evening dealt before issue 24, and the fallback): the skip Mitchell. E–W pairs
  move up one table and wallets down one; with an even number of tables the E–W pairs skip a table
  after round ``tables // 2`` (up two), so each E–W pair meets one N–S pair twice (on other
  boards) and one not at all.

Where "once" is impossible or not built (:func:`once_unavailable`), the evening uses the skip
Mitchell and the movement card says why:

- 2 tables: impossible — the E–W pair that played table 1's wallet in round 1 must meet the other
  N–S pair in round 2, which then plays that same wallet (a pair of orthogonal Latin squares of
  order 2 does not exist).
- 6 tables: impossible — it needs two orthogonal Latin squares of order 6, which do not exist
  (Euler's 36 officers, proved by Tarry in 1900).
- 14, 18, 22, 26 tables (twice an odd number): such movements exist (Bose, Shrikhande and
  Parker, 1960) but none is built here yet (10 and 30 are).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .orthogonal import square_pair

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


ONCE, SKIP = "once", "skip"
MOVEMENTS = (ONCE, SKIP)
#: Why "once" is not available: impossible (2 and 6 tables) or not built (14, 18, 22, 26).
IMPOSSIBLE, NOT_BUILT = "impossible", "not-built"


def once_unavailable(tables: int) -> str | None:
    """None when a movement meeting every pair once is made here; else :data:`IMPOSSIBLE` (2 and 6
    tables) or :data:`NOT_BUILT` (twice an odd number with no pair of orthogonal squares built)."""
    if square_pair(tables) is not None:
        return None
    return IMPOSSIBLE if tables in (2, 6) else NOT_BUILT


def effective_kind(tables: int, kind: str = "once") -> str:
    """The movement an evening of ``tables`` tables really plays when ``kind`` is asked for."""
    if kind not in MOVEMENTS:
        raise MovementError(f"movement: {kind!r} is not one of {', '.join(MOVEMENTS)}")
    if kind == ONCE and once_unavailable(tables) is not None:
        return SKIP
    return kind


def skips(tables: int, kind: str = "skip") -> bool:
    """Whether the E–W pairs skip a table halfway (the skip Mitchell with an even number)."""
    return tables % 2 == 0 and effective_kind(tables, kind) == SKIP


@lru_cache(maxsize=64)
def _once_seats(tables: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per round, per table: (E–W pair, wallet set) of the "once" movement."""
    rounds, wallets = square_pair(tables)  # type: ignore[misc]
    seats = [[(0, 0)] * tables for _ in range(tables)]
    for t in range(tables):
        for e in range(tables):
            seats[rounds[t][e]][t] = (e, wallets[t][e])
    return tuple(map(tuple, seats))


def ew_table(tables: int, ew: int, round: int, kind: str = "skip") -> int:
    """The table where E–W pair ``ew`` plays round ``round``."""
    if effective_kind(tables, kind) == SKIP:
        skip = 1 if skips(tables) and round >= tables // 2 else 0
        return (ew + round + skip) % tables
    return next(t for t, (e, _w) in enumerate(_once_seats(tables)[round]) if e == ew)


def wallet_at(tables: int, table: int, round: int, kind: str = "skip") -> int:
    """The wallet set played at ``table`` in ``round`` (0-based)."""
    if effective_kind(tables, kind) == SKIP:
        return (table + round) % tables
    return _once_seats(tables)[round][table][1]


def movement(tables: int, kind: str = "skip") -> list[list[Seating]]:
    """Every round's tables, in table order."""
    check(tables, tables)
    rounds = []
    for r in range(tables):
        at_table = {ew_table(tables, ew, r, kind): ew for ew in range(tables)}
        rounds.append([Seating(r, t, t, at_table[t], wallet_at(tables, t, r, kind)) for t in range(tables)])
    return rounds


def wallet_boards(wallet_set: int, per_set: int) -> range:
    """The board numbers (from 1) in a wallet set."""
    return range(wallet_set * per_set + 1, (wallet_set + 1) * per_set + 1)


def board_of(wallet_set: int, per_set: int, deal: int) -> int:
    """The board number that deal ``deal`` (from 1) of a table playing ``wallet_set`` is."""
    if not 1 <= deal <= per_set:
        raise MovementError(f"deal: {deal} is not a deal of a set of {per_set}")
    return wallet_set * per_set + deal


def next_table_of_ew(tables: int, table: int, round: int, kind: str = "skip") -> int:
    """Where the E–W pair now at ``table`` goes after round ``round``."""
    ew = next(e for e in range(tables) if ew_table(tables, e, round, kind) == table)
    return ew_table(tables, ew, (round + 1) % tables, kind)


def next_table_of_wallets(tables: int, table: int, round: int = 0, kind: str = "skip") -> int:
    """Where the wallets now at ``table`` go after round ``round`` (the skip Mitchell: down one
    table, table 1 to the last)."""
    wallet = wallet_at(tables, table, round, kind)
    return next(t for t in range(tables) if wallet_at(tables, t, (round + 1) % tables, kind) == wallet)
