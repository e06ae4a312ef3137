"""Security promises: login throttling, CSRF on every staff form, and the API under arbitrary input."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.tokens import create_token
from competitions.models import Match
from scoring.models import Deal
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

pytestmark = pytest.mark.django_db


@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=5)
def test_login_is_throttled_after_five_failures(client):
    get_user_model().objects.create_user(username="wedstrijdleider", password="correct horse")
    for _ in range(5):
        client.post("/accounts/login/", {"username": "wedstrijdleider", "password": "wrong"}, REMOTE_ADDR="10.0.0.9")
    locked = client.post(
        "/accounts/login/", {"username": "wedstrijdleider", "password": "correct horse"}, REMOTE_ADDR="10.0.0.9"
    )
    assert locked.status_code in (403, 429)
    assert "_auth_user_id" not in client.session


def test_staff_forms_refuse_a_post_without_csrf_token():
    match = seated_match(club=ClubFactory(slug="csrf"))
    scorer = UserFactory(username="teller-csrf", scorer_of=match.round.competition.club)
    client = Client(enforce_csrf_checks=True)
    client.force_login(scorer)
    response = client.post(f"/matches/{match.pk}/enter/", {"version": "0", "deal-1-points_a": "100"})
    assert response.status_code == 403
    assert Deal.objects.filter(match=match).count() == 0


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 400) | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)
deal_like = st.fixed_dictionaries(
    {},
    optional={
        "bidder": json_values,
        "points": json_values,
        "roem": json_values,
        "pit": json_values,
        "verzaakt": json_values,
        "trump": json_values,
        "challenge": json_values,
        "nil": json_values,
    },
)
bodies = st.one_of(
    json_values.map(json.dumps),
    st.fixed_dictionaries({"version": json_values, "deals": st.lists(deal_like, max_size=3)}).map(json.dumps),
    st.fixed_dictionaries({"version": st.just(0), "deals": st.lists(deal_like, max_size=3)}).map(json.dumps),
    st.binary(max_size=20).map(lambda b: b.decode("latin-1")),
)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(body=bodies)
def test_api_put_with_arbitrary_bodies_never_errors_and_changes_nothing_when_refusing(body):
    match = Match.objects.first()
    if match is None:
        match = seated_match(club=ClubFactory(slug="apifuzz"))
        scorer = UserFactory(username="api-fuzzer", scorer_of=match.round.competition.club)
        scorer.token = create_token(scorer)
        test_api_put_with_arbitrary_bodies_never_errors_and_changes_nothing_when_refusing.key = scorer.token
    key = test_api_put_with_arbitrary_bodies_never_errors_and_changes_nothing_when_refusing.key
    match.refresh_from_db()
    before = (match.version, list(Deal.objects.filter(match=match).values_list("number", "points_a", "score_a")))
    response = Client().put(
        f"/api/matches/{match.pk}/deals",
        data=body,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
    )
    assert response.status_code in (200, 400, 409), (response.status_code, body)
    payload = response.json()
    match.refresh_from_db()
    after = (match.version, list(Deal.objects.filter(match=match).values_list("number", "points_a", "score_a")))
    if response.status_code == 200:
        assert payload["version"] == match.version in (before[0], before[0] + 1)
        if match.version == before[0]:  # the sheet that is stored, sent again: a no-op
            assert after == before
        assert sum(d["scores"][0] for d in payload["deals"]) == payload["totals"][0]
    else:
        assert after == before
        if response.status_code == 400:
            assert payload["errors"] and all(e["message"] for e in payload["errors"])


def test_a_real_sheet_through_the_api_for_comparison():
    match = seated_match(club=ClubFactory(slug="apireal"))
    scorer = UserFactory(username="api-real", scorer_of=match.round.competition.club)
    key = create_token(scorer)
    response = Client().put(
        f"/api/matches/{match.pk}/deals",
        data=json.dumps({"version": 0, "deals": simulated_sheet(match)}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
    )
    assert response.status_code == 200
    assert response.json()["status"] == "entered"
