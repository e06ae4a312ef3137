"""POST /api/matches/<id>/confirm (a second person confirms) and the idempotent PUT."""

import json

import pytest

from clubs import tokens
from competitions.models import Match
from scoring.models import AuditEntry
from tests.factories import UserFactory, simulated_sheet

pytestmark = pytest.mark.django_db


def call(client, method, path, body, key=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}"} if key else {}
    return getattr(client, method)(path, data=json.dumps(body), content_type="application/json", **headers)


@pytest.fixture
def entered(client, match, scorer):
    """A complete sheet PUT by the scorer: status entered, version 1."""
    key = tokens.create_token(scorer)
    response = call(
        client, "put", f"/api/matches/{match.pk}/deals", {"version": 0, "deals": simulated_sheet(match, seed=4)}, key
    )
    assert response.status_code == 200 and response.json()["status"] == "entered"
    return match, key


def test_a_second_person_confirms(client, entered, club):
    match, _scorer_key = entered
    other = UserFactory(username="scorer2", scorer_of=club)
    response = call(client, "post", f"/api/matches/{match.pk}/confirm", {"version": 1}, tokens.create_token(other))
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "confirmed" and response.json()["version"] == 2
    match.refresh_from_db()
    assert match.confirmed_by == other
    assert AuditEntry.objects.filter(match=match, action="confirm").count() == 1


def test_the_person_who_entered_it_may_not_confirm_it(client, entered):
    match, key = entered
    response = call(client, "post", f"/api/matches/{match.pk}/confirm", {"version": 1}, key)
    assert response.status_code == 403
    assert response.json()["errors"][0]["message"]
    match.refresh_from_db()
    assert (match.status, match.version) == ("entered", 1)


def test_a_stale_version_is_409_with_the_current_sheet(client, entered, organiser):
    match, _ = entered
    response = call(client, "post", f"/api/matches/{match.pk}/confirm", {"version": 0}, tokens.create_token(organiser))
    assert response.status_code == 409
    data = response.json()
    assert data["version"] == 1 and len(data["deals"]) == 16 and data["errors"][0]["field"] == "version"
    match.refresh_from_db()
    assert match.status == "entered"


@pytest.mark.parametrize(
    "body, field",
    [({}, "version"), ({"version": "1"}, "version"), ({"version": 1.0}, "version"), ({"version": 1, "x": 1}, "x")],
)
def test_a_bad_confirm_body_is_400(client, entered, organiser, body, field):
    match, _ = entered
    response = call(client, "post", f"/api/matches/{match.pk}/confirm", body, tokens.create_token(organiser))
    assert response.status_code == 400
    assert field in {e["field"] for e in response.json()["errors"]}
    match.refresh_from_db()
    assert match.status == "entered"


def test_an_incomplete_sheet_cannot_be_confirmed(client, match, scorer, organiser):
    key = tokens.create_token(scorer)
    call(
        client,
        "put",
        f"/api/matches/{match.pk}/deals",
        {"version": 0, "deals": simulated_sheet(match, seed=4)[:3]},
        key,
    )
    response = call(client, "post", f"/api/matches/{match.pk}/confirm", {"version": 1}, tokens.create_token(organiser))
    assert response.status_code == 403
    match.refresh_from_db()
    assert match.status == "draft"


def test_confirm_needs_a_token_and_an_existing_match(client, entered, organiser):
    match, _ = entered
    assert call(client, "post", f"/api/matches/{match.pk}/confirm", {"version": 1}).status_code == 401
    key = tokens.create_token(organiser)
    assert call(client, "post", "/api/matches/999999/confirm", {"version": 1}, key).status_code == 404


@pytest.mark.parametrize("who", ["scorer", "organiser"])
def test_resending_a_confirmed_sheet_changes_nothing(client, entered, organiser, who):
    """An idempotent PUT: the stored deals at the current version keep version and status."""
    match, scorer_key = entered
    confirm_key = tokens.create_token(organiser)
    confirmed = call(client, "post", f"/api/matches/{match.pk}/confirm", {"version": 1}, confirm_key).json()
    assert confirmed["status"] == "confirmed"
    key = scorer_key if who == "scorer" else confirm_key
    for _ in range(2):
        response = call(
            client,
            "put",
            f"/api/matches/{match.pk}/deals",
            {"version": confirmed["version"], "deals": confirmed["deals"]},
            key,
        )
        assert response.status_code == 200, response.content
        assert (response.json()["version"], response.json()["status"]) == (confirmed["version"], "confirmed")
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.confirmed_by == organiser
    assert AuditEntry.objects.filter(match=match).count() == 2  # the save and the confirm, nothing more


def test_a_save_between_reading_the_match_and_its_deals_is_not_passed_off_as_a_no_op(client, entered, monkeypatch):
    """Found by ``make load``: writer B reads the match at version 1, another save commits, then B
    reads the deals. B sent the stored sheet at version 1, but the match is at version 2 now: B gets
    409 with version 2, not a no-op answering version 1 (which could carry another save's deals)."""
    from django.db.models import F

    from scoring import services

    match, key = entered
    stored = client.get(f"/api/matches/{match.pk}").json()["deals"]
    real = services.stored_deals

    def stored_deals_after_another_save(m):
        if not getattr(stored_deals_after_another_save, "done", False):
            stored_deals_after_another_save.done = True  # the other save lands between B's two reads
            Match.objects.filter(pk=m.pk).update(version=F("version") + 1)
        return real(m)

    monkeypatch.setattr(services, "stored_deals", stored_deals_after_another_save)
    response = call(client, "put", f"/api/matches/{match.pk}/deals", {"version": 1, "deals": stored}, key)
    assert response.status_code == 409, response.content
    assert response.json()["version"] == 2
