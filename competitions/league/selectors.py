"""Reads of a league that other pages show: the standings page's pictures and latest team matches, a
round's team matches as lines."""

from __future__ import annotations

from competitions.models import Competition
from competitions.standings.course import season_course
from competitions.standings.fixtures import fixture_lines


def league_context(competition: Competition, rows: list, follow) -> dict:
    """The standings page's pictures and, for a league of teams, its latest team matches (one query)."""
    if competition.format != Competition.Format.TEAMS:  # the chart reads only what it draws
        return {"course": season_course(competition, rows, follow=follow, published_only=True), "latest_lines": []}
    lines = fixture_lines(competition)
    played = [line for line in lines if line.result is not None]
    latest = max((line.round for line in played), default=None)
    return {
        "course": season_course(competition, rows, follow=follow, lines=lines),
        "latest_lines": [line for line in played if line.round == latest]
        if competition.format == Competition.Format.TEAMS
        else [],
    }


def round_lines(competition: Competition, number: int) -> list:
    """A round's team matches as one line each."""
    return [line for line in fixture_lines(competition) if line.round == number]
