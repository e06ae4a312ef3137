"""A table of three's score sheet in Dutch (issue 34 item 3): the bid column's header "speelt" is whole,
not cut to "spe…"; read back word by word."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.competitions.pdf_overlap import overlaps, words
from tests.factories import ClubFactory, UserFactory, seated_match

pytestmark = pytest.mark.django_db


def test_speelt_is_whole_on_a_table_of_three(client, settings):
    settings.LANGUAGE_CODE = "nl"
    match = seated_match(club=ClubFactory(slug="troef"), ruleset="driemans", slug="drie")
    client.force_login(UserFactory(username="drie-org", organiser_of=match.round.competition.club))
    with translation.override("nl"):
        pdf = client.get(reverse("scoring_exports:match_sheet", args=[match.pk]), HTTP_ACCEPT_LANGUAGE="nl").content
    found = [w[5] for w in words(pdf)]
    assert found.count("speelt") == 3, [w for w in found if w.startswith("spe")]
    assert not [w for w in found if w.startswith("spe") and w.endswith("…")]
    assert overlaps(pdf) == []
