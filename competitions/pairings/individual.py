"""The draw ("loting") of one round of an individual club evening."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from .apart import apart_pairs, assign_apart
from .counters import PairKey, normalise_counter
from .rotation import OddSeats, order_by_rotation, predicted_keys, rotation_keys, split_odd_seats
from .seats import seat_table
from .table_search import TableSearch

Table = tuple[int, ...]

_MAX_TIER = 6  # repeat counts above this cost no more than this (keeps the integers small)
LOOKAHEAD_MAX = 48  # plan one round ahead up to this many seated players (see table_search)
WEIGHT = 1  # the drawn round's costs weigh this many times the look-ahead round's
RESTARTS = 4  # fresh starts of the search, each with an equal share of the budget
BUDGET = 60_000  # swaps the search may evaluate per round (about 0.3 s on this machine)
SMALL = 13  # fewer seated players: a quarter of the budget (repeats there are mostly unavoidable)


def table_plan(n: int, three_player_tables: bool = True) -> tuple[int, int, int]:
    """``(tables of four, tables of three, byes)`` for ``n`` players.

    With three-player tables: as many tables of four as possible and one, two or three tables of
    three for ``n % 4 == 3, 2, 1`` (7 = 4 + 3, 10 = 4 + 3 + 3, 13 = 4 + 3 + 3 + 3). Without them,
    ``n % 4`` players have a bye.

    Choice: ``n == 5`` cannot be split into tables of three and four: one table of four and one
    bye. Choice: fewer than 3 players (fewer than 4 without three-player tables) is a
    ``ValueError``: nobody could play.
    """
    if three_player_tables:
        if n < 3:
            raise ValueError(f"a round needs at least 3 players (a table of three), got {n}")
        if n == 5:
            return 1, 0, 1
        threes = (4 - n % 4) % 4
        return (n - 3 * threes) // 4, threes, 0
    if n < 4:
        raise ValueError(f"a round without three-player tables needs at least 4 players, got {n}")
    return n // 4, 0, n % 4


def choose_byes(
    players: Sequence[int],
    count: int,
    byes_so_far: Iterable[int],
    rng: random.Random,
    *,
    tonight: Iterable[int] = (),
) -> list[int]:
    """Draw ``count`` players to sit out, among those with the fewest earlier byes.

    ``byes_so_far``: every earlier bye this season (a player once per bye). ``tonight``: the byes
    of this evening's earlier rounds; they come first (RULES.md §9, fair rotation): nobody is drawn
    out twice tonight while another present player has not been, then the fewest this season.
    For callers that track byes exactly: draw them with this, then pass the remaining players
    (a multiple of four) to :func:`individual_round`.
    """
    earlier = Counter(byes_so_far)
    now = Counter(tonight)
    keyed = sorted((now[p], earlier[p], rng.random(), p) for p in players)
    return [p for *_, p in keyed[:count]]


def individual_round(
    players: Sequence[int],
    partnered: Mapping[PairKey, int],
    opposed: Mapping[PairKey, int],
    rng: random.Random,
    three_player_tables: bool = True,
    *,
    apart: Iterable[Iterable[int]] | None = None,
    seat_counts: Mapping[int, int] | None = None,
    three_counts: Mapping[int, int] | None = None,
    season_three_counts: Mapping[int, int] | None = None,
    bye_counts: Mapping[int, int] | None = None,
    season_bye_counts: Mapping[int, int] | None = None,
) -> list[Table]:
    """Draw one round of an individual evening: every present player gets a seat.

    ``players``: indexes of the players present. ``partnered`` / ``opposed``: counters keyed by
    ``frozenset({a, b})`` (tuple keys ``(a, b)`` are accepted and normalised; order does not
    matter) of how often two players were partners / opponents earlier this evening and in the
    recent evenings that should count (see :func:`~competitions.pairings.record_round`).
    ``apart``: pairs of players who must never share a table (e.g. couples); a ``ValueError``
    says so when the round cannot keep them apart. ``seat_counts``: how often each player sat
    North (and so dealt first) earlier this evening; at each table the player with the fewest
    sits North (ties drawn by ``rng``). Without it North is drawn at random.

    Returns tables ``(N, E, S, W)`` — N–S and E–W are partners — and, when the count is not a
    multiple of four, tables of three ``(N, E, S)`` where everyone plays for themselves (see
    :func:`table_plan`).

    Choice: without three-player tables (and for 5 players) the players missing from every table
    have a bye; the contract returns tables only. The byes go to the players who played most
    games according to ``opposed`` (each game gives two opponents), ties drawn by ``rng``; to
    control byes exactly, use :func:`choose_byes` and pass the rest.

    Goal, in this order: no apart pair at a table; as few *table-mates* (partners or opponents)
    who sat together before, the most frequent repeats first (costs in tiers: one more meeting
    of a pair seen ``c`` times weighs more than any number of pairs seen ``c - 1`` times); no
    repeat partner (a repeat partner weighs about one tier more); no repeat opponent. The tables
    are found by the local search of :mod:`.table_search`; up to ``LOOKAHEAD_MAX`` seated
    players it also plans one round ahead so that the next round can be drawn without a repeat
    too (at 16 players three rounds can otherwise leave no fourth). The search is bounded by a
    count of evaluated swaps (``BUDGET``; a quarter below ``SMALL`` players), not by a clock: the draw depends only on ``rng``.

    Fair rotation (RULES.md §9, :mod:`.rotation`): ``three_counts`` / ``bye_counts`` say how often
    each player sat at a table of three / was drawn out in this evening's earlier rounds,
    ``season_three_counts`` / ``season_bye_counts`` the same over the season's earlier evenings.
    Given any of them, the tables of three (and the byes) go to the players with the fewest this
    evening, then the fewest this season — a hard rule, before repeats are avoided: the search only
    chooses among players tied on both counts. Without them, anyone may sit at a table of three.

    Choice: tables of four come first, then tables of three; within each, the order is random.
    """
    present = list(players)
    if len(set(present)) != len(present):
        raise ValueError("individual_round: a player is listed twice")
    fours, threes, bye_count = table_plan(len(present), three_player_tables)
    partner_counts = normalise_counter(partnered)
    opponent_counts = normalise_counter(opposed)

    bye_keys = None
    if bye_count and (bye_counts is not None or season_bye_counts is not None):
        bye_keys = rotation_keys(present, bye_counts, season_bye_counts)
    byes = set(_draw_byes(present, bye_count, opponent_counts, rng, bye_keys))
    seated = [p for p in present if p not in byes]
    sizes = [4] * fours + [3] * threes
    separate = apart_pairs(apart, seated)
    local = {p: i for i, p in enumerate(seated)}
    meet, role = _cost_matrices(seated, local, partner_counts, opponent_counts, separate)

    horizon = 2 if len(seated) <= LOOKAHEAD_MAX and len(sizes) > 1 else 1
    allowed: list[list[frozenset[int]] | None] = [None] * horizon
    if threes and fours and (three_counts is not None or season_three_counts is not None):
        allowed = _three_rotation(seated, threes, horizon, three_counts, season_three_counts)
    fixed = []
    for r in range(horizon):
        pairs = [(local[a], local[b]) for a, b in separate]
        assignment = assign_apart(pairs, sizes, rng, allowed=allowed[r]) if separate else {}
        if assignment is None and allowed[r] is not None:
            # Couples kept apart come before the rotation: this round cannot have both.
            allowed[r] = None
            assignment = assign_apart(pairs, sizes, rng)
        if assignment is None:
            names = ", ".join(f"{a}–{b}" for a, b in separate)
            raise ValueError(f"apart: {len(seated)} players at {len(sizes)} table(s) cannot keep {names} apart")
        fixed.append(assignment)
    base = _base(len(seated))
    budget = BUDGET if len(seated) >= SMALL else BUDGET // 4
    best = None
    for _ in range(RESTARTS):
        search = TableSearch(
            sizes, meet, rng, horizon=horizon, weight=WEIGHT, cross=3 * base, fixed=fixed, allowed=allowed
        )
        search.run(budget // RESTARTS)
        if best is None or search.best_total < best.best_total:
            best = search
        if best.best_total == 0:
            break
    assert best is not None  # RESTARTS >= 1
    tables = best.best[0]
    if horizon > 1 and _round_cost(tables, meet) > 0:
        # The look-ahead may have traded a repeat now for a clean next round: draw this round alone too.
        alone = TableSearch(sizes, meet, rng, fixed=fixed[:1], allowed=allowed[:1])
        alone.run(budget // 2)
        if _round_cost(alone.best[0], meet) < _round_cost(tables, meet):
            tables = alone.best[0]

    counts = {p: (seat_counts or {}).get(p, 0) for p in seated}
    result4: list[tuple[int, ...]] = []
    result3: list[tuple[int, ...]] = []
    for table in tables:
        costs = [[role[a][b] if role else 0 for b in table] for a in table]
        seated_table = seat_table([seated[i] for i in table], costs, counts, rng)
        (result4 if len(table) == 4 else result3).append(seated_table)
    rng.shuffle(result4)
    rng.shuffle(result3)
    return result4 + result3


def _three_rotation(
    seated: list[int],
    threes: int,
    horizon: int,
    evening: Mapping[int, int] | None,
    season: Mapping[int, int] | None,
) -> list[list[frozenset[int]] | None]:
    """Per planned round, the table sizes each seated player (local index) may take.

    The drawn round follows the rotation exactly (:func:`~.rotation.split_odd_seats`); the
    look-ahead round follows it as forecast by :func:`~.rotation.predicted_keys`: a plan, not a rule.
    """
    keys = rotation_keys(seated, evening, season)
    split = split_odd_seats(keys, 3 * threes)
    result: list[list[frozenset[int]] | None] = [_sizes_allowed(seated, split)]
    if horizon > 1:
        result.append(_sizes_allowed(seated, split_odd_seats(predicted_keys(keys, split), 3 * threes)))
    return result


def _sizes_allowed(seated: list[int], split: OddSeats) -> list[frozenset[int]]:
    three, four, both = frozenset({3}), frozenset({4}), frozenset({3, 4})
    return [both if p in split.tied else three if p in split.must else four for p in seated]


def _base(m: int) -> int:
    """Tier base: above the number of pair costs a two-round plan adds up (weights included)."""
    return 6 * m + 1


def _tier(count: int, base: int) -> int:
    """Cost of one pair seen ``count`` times before: 0, base, base², ... (capped)."""
    return base ** min(count, _MAX_TIER) if count else 0


def _cost_matrices(
    seated: list[int],
    local: dict[int, int],
    partnered: Counter[PairKey],
    opposed: Counter[PairKey],
    separate: list[tuple[int, int]],
) -> tuple[list[list[int]], list[list[int]] | None]:
    """``meet`` (sharing a table) and ``role`` (extra for partners) over local indexes.

    ``meet = 2·T(met) + T(opposed) + base·T(partnered)/2`` and ``role = base·T(partnered) − T(opposed)``, with
    ``met = partnered + opposed`` and ``T`` the tiered cost; an apart pair's ``meet`` exceeds
    any other total. ``role`` is ``None`` when nobody partnered or opposed before.
    """
    m = len(seated)
    base = _base(m)
    meet = [[0] * m for _ in range(m)]
    role = [[0] * m for _ in range(m)]
    any_role = False
    for key in set(partnered) | set(opposed):
        a, b = key
        if a not in local or b not in local:
            continue
        i, j = local[a], local[b]
        p, o = partnered.get(key, 0), opposed.get(key, 0)
        # + half a repeat partnership: two earlier partnerships at one table can leave no clean
        # partner split, and the search (additive over pairs) sees that only through this term.
        value = 2 * _tier(p + o, base) + _tier(o, base) + base * _tier(p, base) // 2
        extra = base * _tier(p, base) - _tier(o, base)
        meet[i][j] = meet[j][i] = value
        role[i][j] = role[j][i] = extra
        any_role = any_role or extra != 0
    forbidden = 8 * base ** (_MAX_TIER + 2) * max(m, 1)
    for a, b in separate:
        i, j = local[a], local[b]
        meet[i][j] = meet[j][i] = forbidden
    return meet, (role if any_role else None)


def _round_cost(tables: list[list[int]], meet: list[list[int]]) -> int:
    return sum(meet[t[i]][t[j]] for t in tables for i in range(len(t)) for j in range(i + 1, len(t)))


def _draw_byes(
    present: list[int],
    count: int,
    opposed: Counter[PairKey],
    rng: random.Random,
    keys: Mapping[int, tuple[int, int]] | None = None,
) -> list[int]:
    """The ``count`` players who played most (two opponents a game), ties drawn by ``rng``; with
    rotation ``keys``, the fewest byes this evening and season come first."""
    if not count:
        return []
    if keys is not None:
        tiebreak = {p: rng.random() for p in present}
        return order_by_rotation(present, keys, tiebreak)[:count]
    index = {p: i for i, p in enumerate(present)}
    slots = [0] * len(present)
    for key, c in opposed.items():
        a, b = key
        if a in index and b in index:
            slots[index[a]] += c
            slots[index[b]] += c
    keyed = sorted((-slots[index[p]], rng.random(), p) for p in present)
    return [p for _, _, p in keyed[:count]]
