"""Fixtures shared by the scoring tests: one club, one table, a scorer and an organiser of that club."""

import pytest

from tests.scoring.factories import make_club, make_match, make_user


@pytest.fixture
def club():
    return make_club("troef")


@pytest.fixture
def match(club):
    return make_match(club)


@pytest.fixture
def scorer(club):
    return make_user("scorer1", club=club, role="scorer")


@pytest.fixture
def organiser(club):
    return make_user("org1", club=club, role="organiser")
