"""Confirming a result and blind double entry, through the pages."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from competitions.models import Match
from scoring import services
from scoring.models import BlindEntry
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet
from tests.scoring.entry.test_page import form_data, input_value

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def second(club):
    return UserFactory(username="scorer2", scorer_of=club)


@pytest.fixture
def entered(club, scorer):
    """A match whose full sheet scorer1 entered."""
    match = seated_match(club=club)
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, seed=21), version=0)
    match.refresh_from_db()
    return match


def confirm(client, match, version=None):
    data = {"version": str(match.version if version is None else version)}
    return client.post(reverse("scoring:confirm", kwargs={"pk": match.pk}), data, follow=True)


def test_the_enterer_cannot_confirm_and_is_told_why(client, entered, scorer):
    client.force_login(scorer)
    page = client.get(entered.get_absolute_url()).content.decode()
    assert 'id="confirm"' not in page
    assert "another person must confirm it" in page
    response = confirm(client, entered)
    assert "You entered this result yourself; another person must confirm it." in response.content.decode()
    entered.refresh_from_db()
    assert entered.status == Match.Status.ENTERED


def test_a_second_person_confirms(client, entered, second):
    client.force_login(second)
    page = client.get(entered.get_absolute_url()).content.decode()
    assert 'id="confirm"' in page and 'id="link-blind"' in page
    response = confirm(client, entered)
    assert response.redirect_chain[-1][0] == entered.get_absolute_url()
    assert "The result is confirmed." in response.content.decode()
    entered.refresh_from_db()
    assert (entered.status, entered.confirmed_by) == (Match.Status.CONFIRMED, second)
    assert "confirmed by scorer " in response.content.decode()  # the role word, never the login name
    assert "confirmed by scorer2" not in response.content.decode()


def test_confirming_an_old_view_of_the_sheet_is_refused(client, entered, second, scorer):
    client.force_login(second)
    response = confirm(client, entered, version=0)
    assert "changed since you opened this page" in response.content.decode()
    entered.refresh_from_db()
    assert entered.status == Match.Status.ENTERED


def test_confirming_a_part_filled_sheet_is_refused_with_the_services_message(client, club, scorer, second):
    match = seated_match(club=club)
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match)[:4], version=0)
    match.refresh_from_db()
    client.force_login(second)
    assert "Only a complete sheet can be confirmed." in confirm(client, match).content.decode()


def test_another_clubs_organiser_may_not_confirm(client, entered):
    client.force_login(UserFactory(username="org-other", organiser_of=ClubFactory(slug="harten")))
    response = client.post(reverse("scoring:confirm", kwargs={"pk": entered.pk}), {"version": entered.version})
    assert response.status_code == 403
    entered.refresh_from_db()
    assert entered.status == Match.Status.ENTERED


def test_confirm_needs_a_post(client, entered, second):
    client.force_login(second)
    assert client.get(reverse("scoring:confirm", kwargs={"pk": entered.pk})).status_code == 405


# --- blind double entry


def blind_url(match):
    return reverse("scoring:blind", kwargs={"pk": match.pk})


def test_blind_entry_page_does_not_show_the_first_entry(client, entered, second):
    client.force_login(second)
    response = client.get(blind_url(entered))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-mode="blind"' in html
    assert all(input_value(html, f"deal-{n}-points_a") == "" for n in range(1, 17))
    assert 'data-total-side="0">0<' in html


def test_blind_entry_shows_the_differences_deal_by_deal_and_confirms_nothing(client, entered, second):
    client.force_login(second)
    typed = services.stored_deals(entered)
    typed[2] = dict(typed[2], points=[typed[2]["points"][0] + 10, typed[2]["points"][1] - 10])
    typed[6] = dict(typed[6], bidder=1 - typed[6]["bidder"])
    response = client.post(blind_url(entered), form_data(typed, version=entered.version))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-differences="2"' in html
    assert re.search(r'<tr[^>]*data-deal="3"[^>]*data-field="points"', html)
    assert re.search(r'<tr[^>]*data-deal="7"[^>]*data-field="bidder"', html)
    assert [(d.deal, d.field) for d in response.context["differences"]] == [(3, "points"), (7, "bidder")]
    entered.refresh_from_db()
    assert entered.status == Match.Status.ENTERED
    assert BlindEntry.objects.filter(match=entered, entered_by=second).count() == 1


def test_a_blind_entry_that_agrees_confirms_the_result(client, entered, second):
    client.force_login(second)
    response = client.post(blind_url(entered), form_data(services.stored_deals(entered), version=entered.version))
    assert response.status_code == 200
    assert "Both entries agree" in response.content.decode()
    entered.refresh_from_db()
    assert (entered.status, entered.confirmed_by) == (Match.Status.CONFIRMED, second)


def test_the_enterer_cannot_enter_blind(client, entered, scorer):
    client.force_login(scorer)
    assert "You entered this result yourself" in client.get(blind_url(entered)).content.decode()
    response = client.post(blind_url(entered), form_data(services.stored_deals(entered), version=entered.version))
    assert response.status_code == 403
    assert "another person must enter it blind" in response.content.decode()
    assert BlindEntry.objects.count() == 0


def test_a_bad_blind_entry_shows_the_error_at_the_deal(client, entered, second):
    client.force_login(second)
    typed = services.stored_deals(entered)
    typed[0] = dict(typed[0], roem=[10, 0])
    response = client.post(blind_url(entered), form_data(typed, version=entered.version))
    assert response.status_code == 400
    assert list(response.context["form"].deal_errors) == [1]
    assert BlindEntry.objects.count() == 0


def test_blind_entry_is_staff_only(client, entered):
    assert client.get(blind_url(entered)).status_code == 302
    client.force_login(UserFactory(username="org-other", organiser_of=ClubFactory(slug="harten")))
    assert client.get(blind_url(entered)).status_code == 403
