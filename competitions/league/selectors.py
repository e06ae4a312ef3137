"""Reads of a league that other pages show: a round's team matches as lines (the standings page's
pictures and latest team matches are ``competitions.standings.course.league_context``)."""

from __future__ import annotations

from competitions.models import Competition
from competitions.standings.fixtures import fixture_lines


def round_lines(competition: Competition, number: int) -> list:
    """A round's team matches as one line each."""
    return [line for line in fixture_lines(competition) if line.round == number]
