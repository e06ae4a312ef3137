"""The fixture list and its results: one line per team match, as a league secretary publishes it.

A *fixture line* is one meeting of two entrants in a published round: for teams of four the team
match (its tables summed), for fixed pairs the table itself. Its result shows once every table of
it is confirmed ("as it comes in"); its match points follow the competition's scheme:

- ``total``: ``points_win`` for the higher total, ``points_draw`` each when equal, ``points_loss``
  for the lower (teams and pairs alike);
- ``tables`` (teams): ``table_win_points`` per table won and ``table_draw_points`` per table drawn,
  plus ``total_bonus`` for the higher team total (half each, rounded down, when the totals are equal).

One query for a whole competition, whatever its size: every side of every table of its published
rounds, with its match, round, fixture, venue and entrant names (``fixture_lines``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from django.db.models import Exists, OuterRef

from competitions.models import Competition, Match, MatchSide, Round
from competitions.selectors import play_seen

CONFIRMED = Match.Status.CONFIRMED
TABLES_PER_TEAM_MATCH = 2


@dataclass
class FixtureLine:
    round: int
    date: date | None
    home: str
    away: str
    home_id: int
    away_id: int
    venue: str = ""
    tables: int = 0
    confirmed: int = 0
    home_total: int = 0
    away_total: int = 0
    home_tables: list[str] = field(default_factory=list)  # the home side's result per table: win/draw/loss
    match_ids: list[int] = field(default_factory=list)
    match_points: tuple[int, int] | None = None

    @property
    def complete(self) -> bool:
        return self.tables > 0 and self.confirmed == self.tables

    @property
    def result(self) -> tuple[int, int] | None:
        return (self.home_total, self.away_total) if self.complete else None

    def involves(self, entrant_id: int) -> bool:
        return entrant_id in (self.home_id, self.away_id)


def match_points(competition: Competition, home_total: int, away_total: int, home_tables=()) -> tuple[int, int]:
    """The match points of a finished team match (or pairs table) by the competition's scheme."""
    c = competition
    if c.format == Competition.Format.TEAMS and c.match_points_scheme == Competition.MatchPointsScheme.TABLES:
        home = away = 0
        for result in home_tables:
            if result == MatchSide.Result.WIN:
                home += c.table_win_points
            elif result == MatchSide.Result.LOSS:
                away += c.table_win_points
            elif result == MatchSide.Result.DRAW:
                home += c.table_draw_points
                away += c.table_draw_points
        if home_total > away_total:
            home += c.total_bonus
        elif away_total > home_total:
            away += c.total_bonus
        else:
            home += c.total_bonus // 2
            away += c.total_bonus // 2
        return home, away
    if home_total > away_total:
        return c.points_win, c.points_loss
    if home_total < away_total:
        return c.points_loss, c.points_win
    return c.points_draw, c.points_draw


def bye_match_points(competition: Competition) -> int:
    """What a bye earns: a won team match (every table and the bonus under the tables scheme)."""
    c = competition
    if c.format == Competition.Format.TEAMS and c.match_points_scheme == Competition.MatchPointsScheme.TABLES:
        return TABLES_PER_TEAM_MATCH * c.table_win_points + c.total_bonus
    return c.points_win


def fixture_lines(
    competition: Competition, *, published_only: bool = True, entrant_ids: Iterable[int] | None = None
) -> list[FixtureLine]:
    """Every fixture of the competition (pairs and teams; club evenings have none), in round and
    table order, with its result once complete: one query (a duplicate competition: two more, for
    the public's view of its tables, ``competitions.selectors.play_seen``: a table's result shows
    once every table has played its deals). ``entrant_ids``: only the fixtures these entrants play
    (the standings chart's few lines, not a 2,000-team league's 30,000), still one query."""
    if competition.format == Competition.Format.INDIVIDUAL:
        return []
    seen = play_seen(None, competition)
    if entrant_ids is None:
        sides = MatchSide.objects.filter(match__round__competition=competition)
    else:  # led by the entrants' own tables: a filter on the competition here too made SQLite read them all
        involved = MatchSide.objects.filter(match__round__competition=competition, entrant_id__in=list(entrant_ids))
        sides = MatchSide.objects.filter(match_id__in=involved.values("match_id"))
    if published_only:
        sides = sides.filter(match__round__status=Round.Status.PUBLISHED)
    rows = sides.order_by("match__round__number", "match__table", "side").values_list(
        "match_id",
        "match__status",
        "match__fixture_id",
        "match__round__number",
        "match__round__date",
        "match__round__evening__date",
        "match__fixture__home_id",
        "match__fixture__home__name",
        "match__fixture__away_id",
        "match__fixture__away__name",
        "match__fixture__home__team__club__name",
        "match__fixture__home__team__club__city",
        "side",
        "entrant_id",
        "entrant__name",
        "total",
        "result",
        "entrant__team__club__name",
        "entrant__team__club__city",
    )
    by_match: dict[int, list] = defaultdict(list)
    for row in rows:  # one query: every side of every table, with its match, round, fixture and names
        by_match[row[0]].append(row)
    lines: dict[object, FixtureLine] = {}
    for match_id, these in by_match.items():
        _id, status, fixture_id, number, round_date, evening_date, home_id, home, away_id, away, club, city = these[0][
            :12
        ]
        by_side = {r[12]: r for r in these}
        if fixture_id is None:  # pairs: the table is the fixture, side A at home
            if 0 not in by_side or 1 not in by_side or by_side[0][13] is None or by_side[1][13] is None:
                continue
            home_id, home, club, city = by_side[0][13], by_side[0][14], by_side[0][17], by_side[0][18]
            away_id, away = by_side[1][13], by_side[1][14]
        key = fixture_id if fixture_id is not None else ("m", match_id)
        line = lines.get(key)
        if line is None:
            line = lines[key] = FixtureLine(
                round=number,
                date=round_date or evening_date,
                home=home,
                away=away,
                home_id=home_id,
                away_id=away_id,
                venue=", ".join(part for part in (club, city) if part),
            )
        line.tables += 1
        line.match_ids.append(match_id)
        if not seen.match(match_id):
            continue  # its play is not shown yet: no result, the line not complete
        if status == CONFIRMED:
            line.confirmed += 1
        for row in these:
            entrant_id, total, result = row[13], row[15], row[16]
            if entrant_id == line.home_id:
                line.home_total += total
                line.home_tables.append(result)
            elif entrant_id == line.away_id:
                line.away_total += total
    for line in lines.values():
        if line.complete:
            line.match_points = match_points(competition, line.home_total, line.away_total, line.home_tables)
    return sorted(lines.values(), key=lambda line: (line.round, line.match_ids[0]))


def pairs_rounds_with_results(competition: Competition, *, published_only: bool = True) -> list[int]:
    """The round numbers of a pairs competition with at least one complete fixture line (a confirmed
    table, both sides named, its play shown), as ``fixture_lines`` would give them, aggregated in the
    database: one query (a duplicate competition: two more, ``play_seen``)."""
    seen = play_seen(None, competition)
    # Both sides named: side 1 joined (one row per table), side 0 looked up by the (match, side) key.
    # No GROUP BY over the tables, and no ordering, whose columns would make DISTINCT keep every table.
    side_a = MatchSide.objects.filter(match=OuterRef("pk"), side=0, entrant__isnull=False)
    matches = Match.objects.filter(
        round__competition=competition,
        fixture__isnull=True,
        status=CONFIRMED,
        match_sides__side=1,
        match_sides__entrant__isnull=False,
    ).filter(Exists(side_a))
    if published_only:
        matches = matches.filter(round__status=Round.Status.PUBLISHED)
    if not seen.everything:
        matches = matches.filter(pk__in=list(seen.matches))
    return sorted(set(matches.order_by().values_list("round__number", flat=True).distinct()))


def match_points_by_entrant(competition: Competition, lines: list[FixtureLine]) -> dict[int, int]:
    """Each entrant's match points from the complete fixture lines."""
    totals: dict[int, int] = defaultdict(int)
    for line in lines:
        if line.match_points is not None:
            totals[line.home_id] += line.match_points[0]
            totals[line.away_id] += line.match_points[1]
    return totals


def lines_of_round(lines: list[FixtureLine], number: int) -> list[FixtureLine]:
    return [line for line in lines if line.round == number]
