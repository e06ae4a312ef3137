"""The settings change log speaks Dutch: its dates carry Dutch month names (issue 33, item 6)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from competitions.season import services
from competitions.season.models import SettingsChange
from tests.factories import CompetitionFactory

pytestmark = pytest.mark.django_db


def test_the_change_log_dates_have_dutch_month_names(client, club, organiser):
    competition = CompetitionFactory(club=club, format="individual")
    services.update_competition(
        competition=competition, user=organiser, changes={"organiser_entry_counts": True}, confirmed=True
    )
    at = timezone.make_aware(datetime.datetime(2026, 3, 14, 19, 45))
    SettingsChange.objects.filter(competition=competition).update(at=at)
    client.force_login(organiser)
    client.cookies["django_language"] = "nl"
    page = client.get(reverse("season:settings", args=[competition.slug])).content.decode()
    log = page[page.index('id="history-heading"') :]
    log = log[: log.index("</table>")]
    assert "14 maart 2026" in log, log
    assert "March" not in log and "Mar." not in log
