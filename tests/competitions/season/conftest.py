"""Shared builders of the season set-up tests: a club with its organiser, and a season of results."""

from __future__ import annotations

import pytest

from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EveningFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    played_match,
)


@pytest.fixture
def club():
    return ClubFactory(slug="troef")


@pytest.fixture
def organiser(club):
    return UserFactory(username="boss", organiser_of=club)


def played_season(club, **fields):
    """Four players over three evenings (one round each), every table confirmed.

    Evening scores (A B C D): 1: 1000 1000 600 600; 2: 500 800 500 800; 3: 300 1200 1200 300 — so
    the totals are A 1800, B 3000, C 2300, D 1700; the best evening only: A 1000, B 1200, C 1200, D 800.
    """
    competition = CompetitionFactory(club=club, **fields)
    a, b, c, d = [
        PlayerFactory(club=club, name=full_name) for full_name in ["Anna Aap", "Bert Bok", "Cor Cavia", "Dirk Das"]
    ]
    for number, (ab, cd, seating) in enumerate(
        [(1000, 600, (a, c, b, d)), (500, 800, (a, b, c, d)), (300, 1200, (a, b, d, c))], start=1
    ):
        evening = EveningFactory(competition=competition, number=number)
        round_ = RoundFactory(competition=competition, number=number, evening=evening)
        played_match(round_, totals=[ab, cd], players=seating)
    return competition, (a, b, c, d)
