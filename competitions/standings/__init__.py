"""Standings selectors: computed in the database by aggregation, ranked here by the competition's
precedence of metrics. Identical on SQLite and PostgreSQL (plain Sum/Count/filters over match
sides; all division and rounding in Python with integers and fractions).

- ``standings(competition)`` → ranked ``StandingRow`` list (rank, rank_label "3=", name, points,
  played, match points, won/drawn/lost, roem, nat, pits, tegenpits, bids and the share made,
  averages; individual seasons also each evening's score and whether it counts).
- ``evening_results(evening)`` → the ranked result of one club evening with prizes and the booby
  prize (the lowest score of the evening).

Only confirmed results count (teams of four: both tables of a team match confirmed).
"""

from __future__ import annotations

from competitions.models import Competition, Evening
from competitions.standings import formats, individual, pairs_teams, season_rules
from competitions.standings.fixtures import bye_match_points, fixture_lines, match_points_by_entrant
from competitions.standings.metrics import (
    HEAD_TO_HEAD,
    METRICS,
    EveningScore,
    Metric,
    StandingRow,
    metric_for,
    tie_breaker_errors,
)
from competitions.standings.prizes import prize_rule
from competitions.standings.tiebreak import precedence, rank_rows

__all__ = [
    "HEAD_TO_HEAD",
    "METRICS",
    "EveningScore",
    "Metric",
    "StandingRow",
    "evening_results",
    "evening_results_by_number",
    "metric_for",
    "points_championship",
    "primary_metric",
    "standings",
    "team_members",
    "tie_breaker_errors",
    "tie_breakers_of",
]

team_members = pairs_teams.team_members


def primary_metric(competition: Competition) -> str:
    """What ranks first before any tie-breaker: a league of teams ranks by match points (RULES.md
    §9, "match points for league standings"); club evenings and pairs by points. With "rank by
    average per match" (entrants who played different numbers): the same per match played."""
    teams = competition.format == Competition.Format.TEAMS
    if getattr(competition, "rank_by_average", False):
        return "match_points_average" if teams else "average"
    return "match_points" if teams else "points"


#: The tie-breakers every format has when the competition names none: a rank is shared only when
#: all of them are level too.
DEFAULT_TIE_BREAKERS: dict[str, list[str]] = {
    Competition.Format.TEAMS: ["match_points", "points", "head_to_head"],
    Competition.Format.PAIRS: ["points", "average", "head_to_head"],
    Competition.Format.INDIVIDUAL: ["points", "average"],
}


def tie_breakers_of(competition: Competition) -> list:
    """The competition's own tie-breakers, or the format's defaults when it names none."""
    return list(competition.tie_breakers or DEFAULT_TIE_BREAKERS.get(competition.format, []))


def standings(competition: Competition, *, up_to_evening: int | None = None) -> list[StandingRow]:
    """The competition's ranked standings (per division, in division order, when it has divisions).
    ``up_to_evening``: club evenings only, the season as it stood after that evening.

    Queries: 2 for pairs and teams, 3 for individual seasons; one more when byes score the round's
    average, and one more when ``head_to_head`` must decide between two tied entrants.
    """
    if competition.format in formats.PROVIDERS:  # duplicate pairs (competitions.standings.formats)
        return formats.PROVIDERS[competition.format](competition)
    if competition.format == Competition.Format.INDIVIDUAL:
        rows = individual.rows_for(competition, up_to_evening)
        loader = individual.head_to_head_loader(competition)
    else:
        rows = pairs_teams.rows_for(competition)
        loader = pairs_teams.head_to_head_loader(competition)
        if (
            competition.format == Competition.Format.TEAMS
            and competition.match_points_scheme == Competition.MatchPointsScheme.TABLES
        ):
            _table_scheme_points(competition, rows)
    keys = precedence(primary_metric(competition), tie_breakers_of(competition))
    if competition.format != Competition.Format.INDIVIDUAL:
        for row in rows:
            row.points_total = row.total
        return rank_rows(rows, keys, loader, **prize_rule(competition, len(rows)))  # competitions.standings.prizes
    season_rules.rank_points_total(rows, prize=competition.points_champion)
    return season_rules.split_qualified(
        rows, lambda qualified: rank_rows(qualified, keys, loader, **prize_rule(competition, len(qualified)))
    )


def points_championship(rows: list[StandingRow]) -> list[StandingRow]:
    """The season's rows in the order of the points championship (every evening added up;
    ``standings`` has set ``total_rank`` and ``points_champion``)."""
    return sorted(rows, key=lambda r: (r.total_rank or len(rows) + 1, r.position))


def _table_scheme_points(competition: Competition, rows: list[StandingRow]) -> None:
    """Teams under the "per table won plus a bonus" scheme: match points from the fixture lines
    (one query); a bye counts as a team match won outright."""
    lines = fixture_lines(competition, published_only=False)
    points = match_points_by_entrant(competition, lines)
    per_bye = bye_match_points(competition)
    for row in rows:
        row.match_points = (points.get(row.entrant_id, 0) if row.entrant_id else 0) + row.byes * per_bye


def evening_results(evening: Evening, *, names: dict[int, str] | None = None) -> list[StandingRow]:
    """One club evening of an individual competition, ranked by the evening's score then the
    competition's tie-breakers; prizes marked, and the booby prize on the lowest score (shared
    when level) of those who played every round, unless the competition gives it to a partial
    evening too (``booby_prize_partial``). ``evening.competition`` should be loaded (select_related) to save a query;
    ``names`` (player id → name, e.g. from the season's rows) saves another."""
    return evening_results_by_number(evening.competition, evening.number, names=names, imported=evening.imported)


def evening_results_by_number(
    competition: Competition, number: int, *, names=None, imported: bool | None = None
) -> list[StandingRow]:
    """``imported``: whether the evening was brought in from the club's records (its totals are read
    then; None: look)."""
    rows, _rounds = individual.evening_rows_for(competition, number, names, imported=imported)
    ranked = rank_rows(
        rows,
        precedence("points", tie_breakers_of(competition)),
        individual.head_to_head_loader(competition),
        **prize_rule(competition, len(rows)),  # one prize per N players present, or places
    )
    if competition.booby_prize and len(ranked) > 1:
        whole = [row for row in ranked if row.played + row.byes >= len(_rounds)]  # played (or drawn out of) every round
        candidates = ranked if competition.booby_prize_partial else whole
        if candidates:
            lowest = min(row.points for row in candidates)
            for row in candidates:
                row.booby = row.points == lowest
    return ranked
