"""The bridge between the database and the pure pairing engine (``competitions.pairings``).

Like Tabbycat's ``draw/manager.py``: this module reads what the engine needs from the database
(who was present, who partnered or opposed whom, who had a bye, the ranking), numbers players and
entrants ``0..n-1`` for the engine and turns its answer back into *table plans*: which player sits
in which seat of which table, and which entrant plays each side. It writes nothing —
``competitions.services`` creates the rows from the plans in one transaction.

Seats (RULES.md §2, ``MatchSeat``): at a table of four N+S are side 0 (A, "wij") and E+W side 1
(B, "zij"); at a table of three N, E and S are sides 0, 1 and 2.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db.models import Sum, Value

from clubs.models import ApartPair
from competitions.models import SEATS, Bye, Competition, Entrant, Evening, MatchSeat, MatchSide, Round, SitOut
from competitions.pairings import (
    choose_byes,
    individual_round,
    record_round,
    round_robin,
    swiss_round,
    table_plan,
)

RECENT_EVENINGS = 3
"""How many earlier evenings of the season an individual draw looks back on (besides this one)."""

SEAT_ORDER = SEATS  # N, E, S, W
FOUR_SIDES = {"N": 0, "E": 1, "S": 0, "W": 1}
THREE_SIDES = {"N": 0, "E": 1, "S": 2}

PairCounter = Counter  # Counter[frozenset[int]]: how often two players (by id) partnered or opposed


@dataclass
class TablePlan:
    """One table to create: its seats ``(seat, side, player_id)`` and the entrant of each side."""

    table: int
    seats: list[tuple[str, int, int]]
    entrants: list[Entrant | None]
    fixture: tuple[Entrant, Entrant] | None = None  # teams of four: the (home, away) team match

    @property
    def sides(self) -> int:
        return len(self.entrants)


@dataclass
class RoundPlan:
    """Everything one round gets: its tables and the entrants (or players) drawn out."""

    tables: list[TablePlan] = field(default_factory=list)
    bye_entrants: list[Entrant] = field(default_factory=list)
    bye_players: list[int] = field(default_factory=list)  # individual: player ids (entrants made later)
    schedule_round: int | None = None  # a whist schedule's round (0-based) this plan follows
    schedule_players: list[int] | None = None  # that schedule's players (ids) in schedule order


# --- individual club evenings ----------------------------------------------------------------


def seats_of(table: Sequence[int]) -> list[tuple[str, int, int]]:
    """``(seat, side, player)`` of one engine table: (N, E, S, W) or (N, E, S)."""
    sides = FOUR_SIDES if len(table) == 4 else THREE_SIDES
    return [(seat, sides[seat], player) for seat, player in zip(SEAT_ORDER, table)]


def pair_history(*, round: Round) -> tuple[PairCounter, PairCounter]:
    """``(partnered, opposed)`` by player id, over the earlier rounds of this round's evening and
    the ``RECENT_EVENINGS`` evenings before it.

    Choice: tonight's pairs weigh more than any recent evening's: each counts ``1 + the highest
    recent count``, so the engine (whose costs are tiered by count) never repeats a partner of
    tonight to avoid one of last week.
    """
    evening = round.evening
    assert evening is not None, "a round of a club evening"
    recent = list(
        Evening.objects.filter(competition_id=round.competition_id, number__lt=evening.number)
        .order_by("-number")
        .values_list("pk", flat=True)[:RECENT_EVENINGS]
    )
    tonight_rounds = Round.objects.filter(evening=evening, number__lt=round.number)
    earlier_rounds = Round.objects.filter(evening_id__in=recent)
    tonight = _counters(_tables(tonight_rounds))
    before = _counters(_tables(earlier_rounds))
    for now, then in zip(tonight, before):
        weight = 1 + max(then.values(), default=0)
        for key, count in now.items():
            then[key] += weight * count
    return before


def _tables(rounds) -> list[tuple[int, ...]]:
    """The tables of these rounds as engine tables of player ids, in seat order."""
    by_match: dict[int, dict[str, int]] = defaultdict(dict)
    for match_id, seat, player_id in MatchSeat.objects.filter(match__round__in=rounds).values_list(
        "match_id", "seat", "player_id"
    ):
        by_match[match_id][seat] = player_id
    return [tuple(seats[s] for s in SEAT_ORDER if s in seats) for seats in by_match.values()]


def _counters(tables: Iterable[tuple[int, ...]]) -> tuple[PairCounter, PairCounter]:
    partnered: PairCounter = Counter()
    opposed: PairCounter = Counter()
    record_round([t for t in tables if len(t) in (3, 4)], partnered, opposed)
    return partnered, opposed


@dataclass
class OddCounts:
    """Per player id: seats at a table of three, and rounds out (drawn out, or sitting out), in this
    evening's earlier rounds (``*_tonight``) and in the season's earlier evenings (``*_season``)."""

    threes_tonight: Counter = field(default_factory=Counter)
    threes_season: Counter = field(default_factory=Counter)
    out_tonight: Counter = field(default_factory=Counter)
    out_season: Counter = field(default_factory=Counter)


def odd_counts(*, round: Round, through_round: bool = False) -> OddCounts:
    """The fair-rotation counts (RULES.md §9) before ``round`` — or up to and including it with
    ``through_round`` (the draw page shows a drawn round's effect): one query, whatever the season.

    "Tonight": the rounds of ``round``'s evening numbered before it; "season": the competition's
    evenings numbered before it (a competition is one season). Choice: a round out counts a bye and
    a round sat out (a late arrival): both are a round not played, and nobody should be drawn out
    while another present player has played every round.
    """
    counts = OddCounts()
    competition_id = round.competition_id
    evening = round.evening
    last = round.number if through_round else round.number - 1
    where = {"round__competition_id": competition_id}
    fields = ("round__evening_id", "round__evening__number", "round__number")
    threes = (
        MatchSeat.objects.filter(match__sides=3, match__round__competition_id=competition_id)
        .annotate(kind=Value(0))
        .values_list("kind", "player_id", *(f"match__{f}" for f in fields))
        .order_by()
    )
    byes = Bye.objects.filter(**where).annotate(kind=Value(1)).values_list("kind", "entrant__player_id", *fields)
    sat_out = SitOut.objects.filter(**where).annotate(kind=Value(1)).values_list("kind", "player_id", *fields)
    byes, sat_out = byes.order_by(), sat_out.order_by()  # no model ordering inside a UNION
    kinds = ((counts.threes_tonight, counts.threes_season), (counts.out_tonight, counts.out_season))
    for kind, player_id, evening_id, evening_number, number in threes.union(byes, sat_out, all=True):
        tonight, season = kinds[kind]
        if evening is not None and evening_id == evening.pk:
            if number <= last:
                tonight[player_id] += 1
        elif evening is None or (evening_number is not None and evening_number < evening.number):
            season[player_id] += 1
    return counts


def apart_pairs(*, competition: Competition) -> list[tuple[int, int]]:
    """Player ids of the club's pairs that never share a table (``clubs.ApartPair``)."""
    return list(ApartPair.objects.filter(club_id=competition.club_id).values_list("player_a_id", "player_b_id"))


def north_counts(*, round: Round) -> Counter:
    """Player id → how often that player sat North in the earlier rounds of this round's evening
    (North deals first; the engine seats the one with the fewest there)."""
    if round.evening_id is None:
        return Counter()
    return Counter(
        MatchSeat.objects.filter(
            match__round__evening_id=round.evening_id, match__round__number__lt=round.number, seat="N"
        ).values_list("player_id", flat=True)
    )


class ApartError(ValueError):
    """The draw cannot keep the club's apart pairs from sharing a table."""


def minimum_players(three_player_tables: bool) -> int:
    return 3 if three_player_tables else 4


def plan_individual_round(
    *,
    player_ids: Sequence[int],
    partnered: PairCounter,
    opposed: PairCounter,
    seed: int,
    three_player_tables: bool,
    apart: Iterable[tuple[int, int]] = (),
    north: Counter | None = None,
    odd: OddCounts | None = None,
    byes_so_far: Iterable[int] = (),
) -> RoundPlan:
    """Draw one individual round over these players with ``individual_round``.

    Byes (no three-player tables, or 5 players) are drawn first with ``choose_byes`` among the
    players with the fewest byes this season; everyone else is seated. Players are numbered in
    ascending id order, so a seed always gives the same draw for the same attendance and history.
    ``apart``: pairs of player ids who never share a table (``ApartError`` when impossible);
    ``north``: player id → times at North this evening, so that North (who deals first) rotates.
    ``odd``: the fair-rotation counts (:func:`odd_counts`): tables of three and byes go to those
    with the fewest this evening, then this season (then ``byes_so_far`` is not used).
    """
    ids = sorted(player_ids)
    index = {player: i for i, player in enumerate(ids)}
    rng = random.Random(seed)
    _, _, bye_count = table_plan(len(ids), three_player_tables)
    if odd is not None:
        earlier = _expand(odd.out_season + odd.out_tonight, index)
        tonight = _expand(odd.out_tonight, index)
    else:
        earlier, tonight = [index[p] for p in byes_so_far if p in index], []
    out = set(choose_byes(list(range(len(ids))), bye_count, earlier, rng, tonight=tonight)) if bye_count else set()
    seated = [i for i in range(len(ids)) if i not in out]
    separate = [(index[a], index[b]) for a, b in apart if a in index and b in index]
    seat_counts = {index[p]: count for p, count in (north or {}).items() if p in index}
    try:
        tables = individual_round(
            seated,
            _reindex(partnered, index),
            _reindex(opposed, index),
            rng,
            three_player_tables=three_player_tables,
            apart=separate,
            seat_counts=seat_counts,
            **_rotation(odd, index),
        )
    except ValueError as error:
        if separate and str(error).startswith("apart"):
            raise ApartError(str(error)) from error
        raise
    plan = RoundPlan(bye_players=sorted(ids[i] for i in out))
    for number, table in enumerate(tables, start=1):
        seats = [(seat, side, ids[i]) for seat, side, i in seats_of(table)]
        plan.tables.append(TablePlan(table=number, seats=seats, entrants=[None] * (3 if len(table) == 3 else 2)))
    return plan


def _expand(counts: Counter, index: dict[int, int]) -> list[int]:
    """A counter by player id as a list of engine indexes, each repeated its count."""
    return [index[p] for p, c in counts.items() if p in index for _ in range(c)]


def _rotation(odd: OddCounts | None, index: dict[int, int]) -> dict[str, dict[int, int]]:
    """The engine's rotation keywords by engine index (none without ``odd``: no rotation)."""
    if odd is None:
        return {}

    def by_index(counter: Counter) -> dict[int, int]:
        return {index[p]: c for p, c in counter.items() if p in index}

    return {
        "three_counts": by_index(odd.threes_tonight),
        "season_three_counts": by_index(odd.threes_season),
        "bye_counts": by_index(odd.out_tonight),
        "season_bye_counts": by_index(odd.out_season),
    }


def _reindex(counter: PairCounter, index: dict[int, int]) -> PairCounter:
    result: PairCounter = Counter()
    for key, count in counter.items():
        if key <= index.keys():
            result[frozenset(index[p] for p in key)] += count
    return result


# --- pairs and teams of four -----------------------------------------------------------------


def division_groups(entrants: Iterable[Entrant]) -> list[list[Entrant]]:
    """Entrants grouped by division (in division order; those without a division form one group
    first), each group in seed order — the order the engine numbers them."""
    groups: dict[int | None, list[Entrant]] = defaultdict(list)
    orders: dict[int | None, tuple] = {None: (-1, "")}
    for entrant in entrants:
        groups[entrant.division_id].append(entrant)
        if entrant.division_id is not None and entrant.division is not None:
            orders[entrant.division_id] = (entrant.division.order, entrant.division.name)
    keys = sorted(groups, key=lambda k: orders[k])
    return [sorted(groups[k], key=lambda e: (e.seed, e.name, e.pk)) for k in keys]


def schedule(entrants: Sequence[Entrant], *, double: bool) -> list[list[tuple[Entrant, Entrant | None]]]:
    """The round robin of one division as rounds of ``(home, away)`` entrants (away ``None``: bye)."""
    return [
        [(entrants[home], None if away is None else entrants[away]) for home, away in games]
        for games in round_robin(len(entrants), double=double)
    ]


def swiss_ranking(*, competition: Competition, entrants: Sequence[Entrant]) -> list[Entrant]:
    """Entrants best first by the total points of their confirmed match sides.

    Choice (for now, until the standings selectors rank by the competition's tie-breakers): total
    points only; ties by seed, then name, then id — deterministic, never random. Byes add nothing.
    """
    totals = dict(
        MatchSide.objects.filter(
            match__round__competition=competition, match__status="confirmed", entrant__isnull=False
        )
        .values("entrant_id")
        .annotate(points=Sum("total"))
        .values_list("entrant_id", "points")
    )
    return sorted(entrants, key=lambda e: (-(totals.get(e.pk) or 0), e.seed, e.name, e.pk))


def swiss_history(*, competition: Competition) -> tuple[list[frozenset[int]], list[int]]:
    """``(met, byes)`` by entrant id: the pairs that shared a table so far, and every earlier bye."""
    by_match: dict[int, list[int]] = defaultdict(list)
    for match_id, entrant_id in MatchSide.objects.filter(
        match__round__competition=competition, entrant__isnull=False
    ).values_list("match_id", "entrant_id"):
        by_match[match_id].append(entrant_id)
    met = [frozenset(ids) for ids in by_match.values() if len(set(ids)) == 2]
    byes = list(Bye.objects.filter(round__competition=competition).values_list("entrant_id", flat=True))
    return met, byes


def pair_swiss(
    ranking: Sequence[Entrant], met: Iterable[frozenset[int]], byes: Iterable[int]
) -> list[tuple[Entrant, Entrant | None]]:
    """One Swiss round over ``ranking`` (best first) as ``(better, worse)`` entrants; worse ``None``: bye."""
    index = {entrant.pk: i for i, entrant in enumerate(ranking)}
    met_indexes = [frozenset(index[e] for e in pair) for pair in met if pair <= index.keys()]
    bye_indexes = [index[e] for e in byes if e in index]
    return [
        (ranking[a], None if b is None else ranking[b])
        for a, b in swiss_round(range(len(ranking)), met_indexes, bye_indexes)
    ]


def plan_pairings(
    pairings: Iterable[tuple[Entrant, Entrant | None]],
    *,
    teams_of_four: bool,
    places: dict[int | None, dict[int, int]],
    plan: RoundPlan,
) -> None:
    """Add the tables of these pairings to ``plan`` (tables numbered on from its last).

    ``places``: team id → {place: player id} (TeamMember positions). Pairs: one table, home (side 0)
    at N+S with places 1+2, away (side 1) at E+W. Teams of four: a fixture of two tables — table 1:
    home places 1+2 (side A, N+S) against away places 1+2 (side B, E+W); table 2: away places 3+4
    (side A) against home places 3+4 (side B).
    """
    for home, away in pairings:
        if away is None:
            plan.bye_entrants.append(home)
            continue
        table = len(plan.tables) + 1
        if not teams_of_four:
            plan.tables.append(_pair_table(table, home, away, places, (1, 2), (1, 2)))
            continue
        first = _pair_table(table, home, away, places, (1, 2), (1, 2))
        second = _pair_table(table + 1, away, home, places, (3, 4), (3, 4))
        first.fixture = second.fixture = (home, away)
        plan.tables += [first, second]


def _pair_table(
    table: int,
    side_a: Entrant,
    side_b: Entrant,
    places: dict[int | None, dict[int, int]],
    a: tuple[int, int],
    b: tuple[int, int],
) -> TablePlan:
    seats = [
        ("N", 0, places[side_a.team_id][a[0]]),
        ("E", 1, places[side_b.team_id][b[0]]),
        ("S", 0, places[side_a.team_id][a[1]]),
        ("W", 1, places[side_b.team_id][b[1]]),
    ]
    return TablePlan(table=table, seats=seats, entrants=[side_a, side_b])
