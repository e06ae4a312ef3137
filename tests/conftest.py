"""Fixtures every test folder may use."""

import pytest
from django.core.cache import cache
from django.utils import translation

from clubs.public_names import CACHE_KEY


@pytest.fixture
def english(settings):
    """Messages in English (the msgids) whatever Dutch translations exist: services, templates and the
    test client all answer in English. A module opts in with ``pytestmark = pytest.mark.usefixtures("english")``
    (the Dutch translation is tested apart)."""
    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield


@pytest.fixture(autouse=True, scope="session")
def no_member_chose_a_public_name():
    """The test database starts without members' name choices (clubs.public_names): said once, so no
    test counts the query that would learn it."""
    cache.set(CACHE_KEY, [], None)
