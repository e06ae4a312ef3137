"""The other side checks the sheet at the table (issue "The night at the table", point 4): the
opponents accept it or send it back; the competition chooses who counts as the second person, the
services enforce it, and the audit log says who (or which side at the table) did what."""

from __future__ import annotations

import pytest
from django.utils import translation

from competitions.base.table_codes import printed_pin, side_pin
from competitions.models import Competition, Match
from scoring import services
from scoring.matches.tables import AuditTable
from scoring.models import AuditEntry
from scoring.phones import services as table_services
from tests.factories import seated_match, simulated_sheet
from tests.scoring.phones.test_table_link import form_data, publish, save

pytestmark = pytest.mark.django_db


def entered_at_table(club, client, second_check: str, *, side: int = 0) -> Match:
    match = publish(seated_match(club=club, second_check=second_check, slug=f"check-{second_check}"))
    assert save(client, match, form_data(simulated_sheet(match), side=side)).status_code == 200
    match.refresh_from_db()
    return match


def accept(client, match, side: int, version: int | None = None):
    """The opponents accept with their side's acceptance code, as printed in their signature box."""
    return client.post(
        f"/t/{match.table_code}/accept/",
        {
            "side": side,
            "version": match.version if version is None else version,
            "pin": printed_pin(side_pin(match.table_code, side)),
        },
    )


def test_second_check_scorer_the_acceptance_is_recorded_and_a_scorer_still_confirms(club, client, scorer):
    match = entered_at_table(club, client, Competition.SecondCheck.SCORER)
    assert 'id="accept-1"' in client.get(f"/t/{match.table_code}/").content.decode()
    accept(client, match, 1)
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED and match.table_checked_side == 1
    assert 'data-state="accepted"' in client.get(f"/t/{match.table_code}/").content.decode()
    services.confirm_match(match=match, user=scorer)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.confirmed_by == scorer
    trail = list(AuditEntry.objects.filter(match=match).order_by("id").values_list("action", "user", "table_side"))
    assert trail == [("save", None, 0), ("accept", None, 1), ("confirm", scorer.pk, None)]


def test_second_check_opponents_their_acceptance_confirms(club, client):
    match = entered_at_table(club, client, Competition.SecondCheck.OPPONENTS, side=1)
    response = accept(client, match, 0)
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.confirmed_by is None and match.confirmed_at
    assert (match.table_entered_side, match.table_checked_side) == (1, 0)
    last = AuditEntry.objects.filter(match=match).order_by("-id").first()
    assert (last.action, last.user, last.table_side) == ("confirm", None, 0)


def test_second_check_both_a_scorer_waits_for_the_table(club, client, scorer):
    match = entered_at_table(club, client, Competition.SecondCheck.BOTH)
    with translation.override("en"), pytest.raises(services.NotAllowed, match="opponents"):
        services.confirm_match(match=match, user=scorer)
    accept(client, match, 1)
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED
    services.confirm_match(match=match, user=scorer)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED


def test_the_typing_side_cannot_accept_its_own_sheet_nor_anyone_twice(club, client):
    match = entered_at_table(club, client, Competition.SecondCheck.OPPONENTS)
    with pytest.raises(services.NotAllowed):
        table_services.accept_at_table(match=match, side=0, version=match.version, pin=side_pin(match.table_code, 0))
    with pytest.raises(services.StaleVersion):  # they accept what they saw, not a later sheet
        table_services.accept_at_table(
            match=match, side=1, version=match.version - 1, pin=side_pin(match.table_code, 1)
        )
    table_services.accept_at_table(match=match, side=1, version=match.version, pin=side_pin(match.table_code, 1))
    match.refresh_from_db()
    with pytest.raises(services.NotAllowed):
        table_services.accept_at_table(match=match, side=1, version=match.version, pin=side_pin(match.table_code, 1))
    assert AuditEntry.objects.filter(match=match, action="confirm").count() == 1


def test_sent_back_the_sheet_is_a_draft_that_is_corrected_and_checked_again(club, client, scorer):
    match = entered_at_table(club, client, Competition.SecondCheck.OPPONENTS)
    response = client.post(f"/t/{match.table_code}/send-back/", {"side": 1, "version": match.version})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.DRAFT and match.deals_played == 16
    with pytest.raises(services.NotAllowed):  # a disputed sheet is not confirmed at the desk
        services.confirm_match(match=match, user=scorer)
    page = client.get(f"/t/{match.table_code}/").content.decode()
    assert 'id="sent-back-note"' in page and 'id="table-sheet"' in page
    corrected = save(client, match, form_data(simulated_sheet(match), version=match.version, key="phone-key-0002"))
    assert corrected.status_code == 200
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED and match.table_checked_at is None
    accept(client, match, 1)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    actions = list(AuditEntry.objects.filter(match=match).order_by("id").values_list("action", "table_side"))
    assert actions == [("save", 0), ("sendback", 1), ("save", 0), ("confirm", 1)]


def test_a_scorer_saving_over_a_table_sheet_takes_it_to_the_desk(club, client, scorer):
    match = entered_at_table(club, client, Competition.SecondCheck.OPPONENTS)
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, seed=5), version=match.version)
    match.refresh_from_db()
    assert match.table_entered_side is None and match.entered_by == scorer
    with pytest.raises(services.NotAllowed):
        table_services.accept_at_table(match=match, side=1, version=match.version, pin=side_pin(match.table_code, 1))


def test_the_audit_table_names_the_side_at_the_table(club, client):
    match = entered_at_table(club, client, Competition.SecondCheck.OPPONENTS)
    accept(client, match, 1)
    table = AuditTable(list(AuditEntry.objects.filter(match=match).order_by("id")), labels=("wij", "zij"))
    with translation.override("en"):
        who = [str(row.get_cell("user")) for row in table.rows]
    assert who == ["at the table: wij", "at the table: zij"]
