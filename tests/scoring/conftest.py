"""Fixtures shared by the scoring tests: one club, one table, a scorer and an organiser of that club."""

import pytest

from tests.factories import ClubFactory, UserFactory, seated_match


@pytest.fixture
def club():
    return ClubFactory(slug="troef")


@pytest.fixture
def match(club):
    return seated_match(club=club)


@pytest.fixture
def scorer(club):
    return UserFactory(username="scorer1", scorer_of=club)


@pytest.fixture
def organiser(club):
    return UserFactory(username="org1", organiser_of=club)
