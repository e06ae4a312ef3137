"""Fixtures of the duplicate tests: a dealt and played evening of 4 tables × 16 deals."""

from __future__ import annotations

import random

import pytest

from competitions.models import Competition
from scoring.duplicate.demo import play_evening
from scoring.duplicate.services import create_duplicate
from tests.factories import ClubFactory, CompetitionFactory, UserFactory, team_entrants


def dealt_evening(tables: int = 4, boards: int = 16, *, seed: int = 7, **fields):
    club = ClubFactory()
    competition = CompetitionFactory(club=club, format=Competition.Format.DUPLICATE, **fields)
    team_entrants(competition, 2 * tables)
    setup = create_duplicate(competition=competition, tables=tables, boards=boards, seed=seed)
    return club, competition, setup


@pytest.fixture
def played_evening(db):
    club, competition, setup = dealt_evening()
    enterer, confirmer = UserFactory(scorer_of=club), UserFactory(organiser_of=club)
    play_evening(setup, random.Random(11), enterer=enterer, confirmer=confirmer)
    return setup
