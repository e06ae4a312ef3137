"""Posting the entry form with nothing typed (only ``version``) never wipes a sheet: it is refused
with a message; the sheet is emptied only through the 'Clear sheet' form (``clear=1``)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import AuditEntry, Deal
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def saved():
    club = ClubFactory(slug="leeg")
    match = seated_match(club=club)
    scorer = UserFactory(username="leeg-teller", scorer_of=club)
    match = services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, count=5), version=0)
    return match, scorer


def test_an_empty_post_is_refused_and_changes_nothing(client, saved):
    match, scorer = saved
    client.force_login(scorer)
    before = list(Deal.objects.filter(match=match).values_list("number", "points_a", "score_a"))
    audits = AuditEntry.objects.filter(match=match).count()
    response = client.post(reverse("scoring:enter", kwargs={"pk": match.pk}), {"version": str(match.version)})
    assert response.status_code == 400
    page = response.content.decode()
    assert (
        "Nothing was typed in the sheet, so nothing was saved. To empty the sheet, use &#x27;Clear sheet&#x27;." in page
    )
    assert list(Deal.objects.filter(match=match).values_list("number", "points_a", "score_a")) == before
    assert AuditEntry.objects.filter(match=match).count() == audits
    match.refresh_from_db()
    assert match.deals_played == 5


def test_the_clear_sheet_form_empties_it(client, saved):
    match, scorer = saved
    client.force_login(scorer)
    url = reverse("scoring:enter", kwargs={"pk": match.pk})
    page = client.get(url).content.decode()
    assert 'id="clear-form"' in page and 'name="clear" value="1"' in page and "Yes, clear the sheet" in page
    response = client.post(url, {"version": str(match.version), "clear": "1"})
    assert response.status_code == 302
    assert not Deal.objects.filter(match=match).exists()
    match.refresh_from_db()
    assert match.deals_played == 0
    assert 'id="clear-form"' not in client.get(url).content.decode()  # nothing left to clear
