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
from competitions.standings import formats, individual, pairs_teams
from competitions.standings.metrics import HEAD_TO_HEAD, METRICS, EveningScore, Metric, StandingRow, metric_for, tie_breaker_errors
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
    "primary_metric",
    "standings",
    "team_members",
    "tie_breaker_errors",
]

team_members = pairs_teams.team_members


def primary_metric(competition: Competition) -> str:
    """What ranks first before any tie-breaker: a league of teams ranks by match points (RULES.md
    §9, "match points for league standings"); club evenings and pairs by points."""
    return "match_points" if competition.format == Competition.Format.TEAMS else "points"


def standings(competition: Competition) -> list[StandingRow]:
    """The competition's ranked standings (per division, in division order, when it has divisions).

    Queries: 2 for pairs and teams, 3 for individual seasons; one more when byes score the round's
    average, and one more when ``head_to_head`` must decide between two tied entrants.
    """
    if competition.format in formats.PROVIDERS:  # duplicate pairs (competitions.standings.formats)
        return formats.PROVIDERS[competition.format](competition)
    if competition.format == Competition.Format.INDIVIDUAL:
        rows = individual.rows_for(competition)
        loader = individual.head_to_head_loader(competition)
    else:
        rows = pairs_teams.rows_for(competition)
        loader = pairs_teams.head_to_head_loader(competition)
    return rank_rows(
        rows,
        precedence(primary_metric(competition), competition.tie_breakers),
        loader,
        prize_places=competition.prize_places,
        prize_every=competition.prize_every,
    )


def evening_results(evening: Evening, *, names: dict[int, str] | None = None) -> list[StandingRow]:
    """One club evening of an individual competition, ranked by the evening's score then the
    competition's tie-breakers; prizes marked, and the booby prize on the lowest score (shared
    when level). ``evening.competition`` should be loaded (select_related) to save a query;
    ``names`` (player id → name, e.g. from the season's rows) saves another."""
    return evening_results_by_number(evening.competition, evening.number, names=names)


def evening_results_by_number(competition: Competition, number: int, *, names=None) -> list[StandingRow]:
    rows, _rounds = individual.evening_rows_for(competition, number, names)
    ranked = rank_rows(
        rows,
        precedence("points", competition.tie_breakers),
        individual.head_to_head_loader(competition),
        prize_places=competition.prize_places,
        prize_every=competition.prize_every,
    )
    if competition.booby_prize and len(ranked) > 1:
        lowest = min(row.points for row in ranked)
        for row in ranked:
            row.booby = row.points == lowest
    return ranked
