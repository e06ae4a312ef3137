"""The club and its organiser the people pages' tests start from."""

import pytest

from tests.factories import ClubFactory, UserFactory


@pytest.fixture
def club():
    return ClubFactory(slug="troef")


@pytest.fixture
def organiser(club):
    return UserFactory(username="anna", organiser_of=club)
