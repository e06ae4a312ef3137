"""Standings of fixed pairs and of teams of four: one aggregate query over the entrants' match sides.

Pairs: each confirmed match counts, with the side's result (win/draw/loss) kept by the scoring
services. Teams of four: a team match (``Fixture``) is played at two tables, and the team's total is
the sum of its two tables; it counts once *both* tables are confirmed (``Fixture.complete``), and its
result comes from comparing the two team totals (``Fixture.home_total``/``away_total``). Summing the
team's match sides over complete fixtures gives exactly those totals, so points and statistics are
one ``GROUP BY`` over match sides for both formats; the team results are two small ``GROUP BY``s
over fixtures.

Choices where the rules are silent: a bye (a round without an opponent) scores the competition's bye
points (fixed, or the round's average side total — for teams the average team total) and the match
points of a win, and is not counted as played; averages leave byes out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from operator import itemgetter
from typing import Any

from django.db import connections
from django.db.models import Count, Exists, F, OuterRef, Q, Sum, Value

from clubs.models import TeamMember
from competitions.models import Bye, Competition, Entrant, Fixture, Match, MatchSide
from competitions.standings import recorded
from competitions.standings.metrics import StandingRow
from competitions.standings.tiebreak import compare_mutual
from core.numbers import quotient

CONFIRMED = Match.Status.CONFIRMED
#: What the aggregate counts: rows (``ONE``: ``COUNT(1)``, the row count of its filter).
ONE = Value(1)
STAT_FIELDS = ("roem", "nat", "pits", "tegenpits", "bids", "made", "verzaakt")


def counted_sides(competition: Competition):
    """The match sides that count: of confirmed matches (pairs) or of complete team matches (teams).

    Written as ``match_id IN (subquery)`` so the database reads the competition's matches once and
    then only their sides (on SQLite about 1.5x faster than joining match per side)."""
    if competition.format == Competition.Format.TEAMS:
        matches = Match.objects.filter(fixture__round__competition=competition, fixture__complete=True)
    else:
        matches = Match.objects.filter(round__competition=competition, status=CONFIRMED)
    return MatchSide.objects.filter(match_id__in=matches.values("id")).order_by()


def side_aggregates(competition: Competition):
    """Per entrant: points, points against, matches, results and statistics (one GROUP BY).

    Every row of the group is a counted match side, so the counts count rows, ``COUNT(*)`` and
    ``COUNT(1) FILTER (WHERE …)`` (Django refuses ``*`` with a filter), not ``COUNT(id)``: the same
    numbers, and SQLite reads no column for them (60,000 sides: about 3 ms of 73 less)."""
    results = {
        name: Count(ONE, filter=Q(result=value))
        for name, value in (
            ("won", MatchSide.Result.WIN),
            ("drawn", MatchSide.Result.DRAW),
            ("lost", MatchSide.Result.LOSS),
        )
    }
    return (
        counted_sides(competition)
        .values("entrant_id")
        .annotate(
            total=Sum("total"),
            opponents=Sum("opponents_total"),
            played=Count("*"),
            **results,
            **recorded.missing_counts(ONE),  # before the sums below take the fields' names
            **{name: Sum(name) for name in STAT_FIELDS},
        )
    )


def _plain_rows(queryset) -> tuple[list[str], list[tuple]]:
    """The column names and rows of a ``values()`` aggregate, read straight from the cursor. Its
    values are SUMs and COUNTs of integer columns, integers (or NULL) as the database returns them on
    SQLite and PostgreSQL alike, so Django's per-value converters (``int(value)``, 40,000 calls for a
    2,000-entrant league) would change nothing. The same SQL, one query."""
    sql, params = queryset.query.sql_with_params()
    with connections[queryset.db].cursor() as cursor:
        cursor.execute(sql, params)
        return [column[0] for column in cursor.description], cursor.fetchall()


def fixture_outcomes(competition: Competition) -> dict[int, dict[str, int]]:
    """Teams of four: per team the team matches played, won, drawn and lost, from the two team
    totals of each complete fixture (two GROUP BYs: as home team and as away team)."""
    fixtures = Fixture.objects.filter(round__competition=competition, complete=True).order_by()
    outcomes: dict[int, dict[str, int]] = defaultdict(lambda: dict(played=0, won=0, drawn=0, lost=0))
    for team, mine, theirs in (("home_id", "home_total", "away_total"), ("away_id", "away_total", "home_total")):
        for row in fixtures.values(team).annotate(
            played=Count("id"),
            won=Count("id", filter=Q(**{f"{mine}__gt": F(theirs)})),
            drawn=Count("id", filter=Q(**{mine: F(theirs)})),
            lost=Count("id", filter=Q(**{f"{mine}__lt": F(theirs)})),
        ):
            for key in ("played", "won", "drawn", "lost"):
                outcomes[row[team]][key] += row[key]
    return outcomes


def _played_byes(competition: Competition) -> list[tuple[int, int]]:
    """(entrant id, round id) of every bye in a round with at least one confirmed match."""
    played = Match.objects.filter(round_id=OuterRef("round_id"), status=CONFIRMED)
    return list(
        Bye.objects.filter(round__competition=competition)
        .filter(Exists(played))
        .order_by()
        .values_list("entrant_id", "round_id")
    )


def _round_averages(competition: Competition, round_ids: set[int]) -> dict[int, int]:
    """The average side total (teams: team total) of the counted results of these rounds."""
    rows: Iterable[tuple[int, Any, Any]]  # round id, points, count
    if competition.format == Competition.Format.TEAMS:
        rows = (
            Fixture.objects.filter(round_id__in=round_ids, complete=True)
            .values("round_id")
            .annotate(points=Sum(F("home_total") + F("away_total")), count=Count("id") * 2)
            .values_list("round_id", "points", "count")
        )
    else:
        rows = (
            MatchSide.objects.filter(match__round_id__in=round_ids, match__status=CONFIRMED)
            .values("match__round_id")
            .annotate(points=Sum("total"), count=Count("id"))
            .values_list("match__round_id", "points", "count")
        )
    return {round_id: quotient(points, count) for round_id, points, count in rows if count}


def rows_for(competition: Competition) -> list[StandingRow]:
    """Unranked rows of a pairs or teams competition: 3 queries (teams 5; one more with byes
    scored by the round's average)."""
    c = competition
    byes = _played_byes(c)
    bye_score: dict[int, int] = {}
    if byes and c.bye_policy == Competition.ByePolicy.AVERAGE:
        averages = _round_averages(c, {round_id for _, round_id in byes})
        bye_score = {round_id: averages.get(round_id, 0) for _, round_id in byes}
    byes_of: dict[int, list[int]] = defaultdict(list)
    for entrant_id, round_id in byes:
        byes_of[entrant_id].append(bye_score[round_id] if bye_score else c.bye_points)

    names, values = _plain_rows(side_aggregates(c))
    at = {name: k for k, name in enumerate(names)}
    take = itemgetter(*(at[name] for name in ("total", "opponents", "played", "won", "drawn", "lost", *STAT_FIELDS)))
    missing_of = itemgetter(*(at[f"{name}_missing"] for name in recorded.STATS))
    aggregates = {a[at["entrant_id"]]: a for a in values}
    teams = c.format == Competition.Format.TEAMS
    outcomes = fixture_outcomes(c) if teams else {}
    no_outcome = dict(played=0, won=0, drawn=0, lost=0)
    win, draw, loss = c.points_win, c.points_draw, c.points_loss
    nothing: frozenset[str] = frozenset()
    blank = (0,) * 6 + (None,) * 7  # no counted match: the row's defaults (0 below)
    rows = []
    for entrant_id, name, team_id, player_id, division, division_order in (
        Entrant.objects.filter(competition=c)
        .order_by()
        .values_list("id", "name", "team_id", "player_id", "division__name", "division__order")
    ):
        a = aggregates.get(entrant_id)
        total, opponents, played, won, drawn, lost, roem, nat, pits, tegenpits, bids, made, verzaakt = (
            blank if a is None else take(a)
        )
        if teams:
            o = outcomes.get(entrant_id) or no_outcome
            played, won, drawn, lost = o["played"], o["won"], o["drawn"], o["lost"]
        bye_scores = byes_of.get(entrant_id, ())
        bye_count, bye_points = len(bye_scores), sum(bye_scores)
        row = StandingRow(  # every figure at once: the dataclass sets its fields once
            name=name,
            entrant_id=entrant_id,
            team_id=team_id,
            player_id=player_id,
            division=division or "",
            division_order=division_order or 0,
            points=total + bye_points,
            total=total,
            opponents=opponents,
            played=played,
            won=won,
            drawn=drawn,
            lost=lost,
            byes=bye_count,
            bye_points=bye_points,
            # NULL: not recorded (totals-only entry)
            roem=roem or 0,
            nat=nat or 0,
            pits=pits or 0,
            tegenpits=tegenpits or 0,
            bids=bids or 0,
            made=made or 0,
            verzaakt=verzaakt or 0,
            match_points=(won + bye_count) * win + drawn * draw + lost * loss,
        )
        if a is not None:
            # recorded.mark, without building a mapping for the (usual) row with every statistic recorded
            missing = missing_of(a)
            row.unrecorded = frozenset(s for s, n in zip(recorded.STATS, missing) if n) if any(missing) else nothing
        rows.append(row)
    return rows


def head_to_head_loader(competition: Competition):
    """The mutual results of tied pairs of entrants, in one query."""
    c = competition
    points_of = {
        MatchSide.Result.WIN: c.points_win,
        MatchSide.Result.DRAW: c.points_draw,
        MatchSide.Result.LOSS: c.points_loss,
    }

    def load(pairs):
        ids = {row.entrant_id for pair in pairs for row in pair}
        meetings: dict[frozenset, list[tuple[int, int]]] = defaultdict(list)  # pair -> [(mp a-b, pts a-b)] from min id
        if c.format == Competition.Format.TEAMS:
            for home, away, ht, at in (
                Fixture.objects.filter(round__competition=c, complete=True, home_id__in=ids, away_id__in=ids)
                .order_by()
                .values_list("home_id", "away_id", "home_total", "away_total")
            ):
                result = "win" if ht > at else "draw" if ht == at else "loss"
                other = "loss" if result == "win" else "win" if result == "loss" else "draw"
                sign = 1 if home < away else -1
                meetings[frozenset((home, away))].append(
                    (sign * (points_of[result] - points_of[other]), sign * (ht - at))
                )
        else:
            by_match: dict[int, list[tuple]] = defaultdict(list)
            for match_id, entrant_id, total, result in (
                MatchSide.objects.filter(match__round__competition=c, match__status=CONFIRMED, entrant_id__in=ids)
                .order_by()
                .values_list("match_id", "entrant_id", "total", "result")
            ):
                by_match[match_id].append((entrant_id, total, result))
            for sides in by_match.values():
                if len(sides) != 2 or sides[0][0] == sides[1][0]:
                    continue
                (a, ta, ra), (b, tb, rb) = sorted(sides)
                meetings[frozenset((a, b))].append((points_of.get(ra, 0) - points_of.get(rb, 0), ta - tb))
        verdicts = {}
        for first, second in pairs:
            a, b = first.entrant_id, second.entrant_id
            n = compare_mutual(meetings.get(frozenset((a, b)), ()))
            verdicts[(a, b)] = n if a < b else -n
        return verdicts

    return load


def team_members(rows: list[StandingRow]) -> None:
    """Fill ``members`` (player id, name) of the rows' teams, in team order: one query."""
    team_ids = {row.team_id for row in rows if row.team_id}
    if not team_ids:
        return
    members: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for team_id, player_id, first, last in (
        TeamMember.objects.filter(team_id__in=team_ids)
        .order_by("team_id", "position")
        .values_list("team_id", "player_id", "player__first_name", "player__last_name")
    ):
        members[team_id].append((player_id, f"{first} {last}".strip()))
    for row in rows:
        if row.team_id:
            row.members = members.get(row.team_id, [])
