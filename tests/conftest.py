"""Fixtures every test folder may use."""

import pytest
from django.utils import translation


@pytest.fixture
def english(settings):
    """Messages in English (the msgids) whatever Dutch translations exist: services, templates and the
    test client all answer in English. A module opts in with ``pytestmark = pytest.mark.usefixtures("english")``
    (the Dutch translation is tested apart)."""
    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield
