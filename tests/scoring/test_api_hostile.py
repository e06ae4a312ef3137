"""Hostile input to PUT /api/matches/<id>/deals: huge, deep, odd, wrongly typed — always the one
JSON error shape, bounded, and nothing changed."""

import json

import pytest
from django.test import override_settings

from clubs import tokens
from core.api_errors import MAX_BODY_BYTES, MAX_ERRORS
from scoring import services
from scoring.api import deal_limit
from scoring.models import AuditEntry, Deal
from tests.factories import simulated_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def key(scorer):
    return tokens.create_token(scorer, "test")


@pytest.fixture
def saved(match, organiser):
    services.save_deals(match=match, user=organiser, deals=simulated_sheet(match, seed=5), version=0)
    match.refresh_from_db()
    return match


def put_raw(client, match, data, key, **extra):
    return client.put(
        f"/api/matches/{match.pk}/deals",
        data=data,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
        **extra,
    )


def snapshot(match):
    match.refresh_from_db()
    return (
        match.version,
        match.status,
        list(
            Deal.objects.filter(match=match).order_by("number").values_list("number", "points_a", "score_a", "score_b")
        ),
        AuditEntry.objects.filter(match=match).count(),
    )


def assert_refused(response, status, field=None):
    assert response.status_code == status, response.content[:500]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) >= {"detail", "errors"} and body["detail"]
    assert 1 <= len(body["errors"]) <= MAX_ERRORS
    assert all(set(e) == {"deal", "field", "message"} and e["message"] for e in body["errors"])
    if field is not None:
        assert field in {e["field"] for e in body["errors"]}, body
    return body


def test_more_deals_than_the_match_can_have_is_one_error(client, saved, key):
    limit = deal_limit(services.ruleset_for_match(saved))
    assert limit == 16  # amsterdam, 16 deals, no tie-break deals
    sheet = simulated_sheet(saved, seed=2)
    before = snapshot(saved)
    body = assert_refused(
        put_raw(client, saved, json.dumps({"version": 1, "deals": sheet + sheet[:1]}), key), 400, "deals"
    )
    assert len(body["errors"]) == 1 and "16" in body["errors"][0]["message"]
    assert snapshot(saved) == before


def test_a_body_over_the_cap_is_413_json(client, saved, key):
    deal = {"bidder": 0, "points": [81, 81], "roem": [0, 0]}
    huge = json.dumps({"version": 1, "deals": [deal] * 20_000})
    assert len(huge) > MAX_BODY_BYTES
    before = snapshot(saved)
    assert_refused(put_raw(client, saved, huge, key), 413, "body")
    assert snapshot(saved) == before


def test_thousands_of_deals_under_the_byte_cap_are_one_error(client, saved, key):
    body = json.dumps({"version": 1, "deals": [{"points": "x"}] * 5000})
    assert len(body) < MAX_BODY_BYTES
    before = snapshot(saved)
    errors = assert_refused(put_raw(client, saved, body, key), 400, "deals")["errors"]
    assert len(errors) == 1 and "256" in errors[0]["message"]
    assert snapshot(saved) == before


def test_many_wrong_deals_answer_a_capped_error_list(client, saved, key):
    body = json.dumps({"version": 1, "deals": [{"points": "x"}] * 200})
    errors = assert_refused(put_raw(client, saved, body, key), 400)["errors"]
    assert len(errors) == MAX_ERRORS
    assert errors[0] == {"deal": 1, "field": "points", "message": errors[0]["message"]}
    assert errors[-1]["field"] == "errors" and str(200 - MAX_ERRORS + 1) in errors[-1]["message"]


def test_every_deal_the_rules_refuse_is_named_below_the_cap(client, saved, key):
    sheet = simulated_sheet(saved, seed=3)
    for deal in sheet:
        deal["points"] = [1, 1]
    errors = assert_refused(put_raw(client, saved, json.dumps({"version": 1, "deals": sheet}), key), 400)["errors"]
    assert [(e["deal"], e["field"]) for e in errors] == [(n, "points") for n in range(1, 17)]


@pytest.mark.parametrize("debug", [False, True])
def test_a_body_over_djangos_upload_limit_is_json_in_production_and_debug(client, saved, key, debug):
    with override_settings(DEBUG=debug, DATA_UPLOAD_MAX_MEMORY_SIZE=1000):
        before = snapshot(saved)
        response = put_raw(client, saved, json.dumps({"version": 1, "deals": simulated_sheet(saved, seed=1)}), key)
        assert_refused(response, 413, "body")
        assert snapshot(saved) == before


@pytest.mark.parametrize("depth", [1000, 100_000])
def test_deeply_nested_json_is_400(client, saved, key, depth):
    nested = "[" * depth + "]" * depth
    before = snapshot(saved)
    for body in (
        nested,
        '{"version": 1, "deals": ' + nested + "}",
        '{"version": 1, "deals": [{"points": ' + nested + "}]}",
    ):
        if len(body) <= MAX_BODY_BYTES:
            assert_refused(put_raw(client, saved, body, key), 400)
    assert snapshot(saved) == before


ODD = [
    '{"version": 1, "deals": [{"\\ud800": 1}]}',  # a lone surrogate as a key
    '{"version": 1, "deals": [{"points": [81, 81], "trump": "\\udfff"}]}',
    '{"version": 1, "deals": [{"points": [81, 81], "bidder": "\u0410"}]}',  # Cyrillic A
    '{"version": 1, "deals": [{"points": [81, 81], "bidder": "A\\u0000"}]}',
    '{"version": 1, "deals": [{"points": [81, 81], "mark": "\u202e\U0001f0cf"}]}',
    '{"v\u0435rsion": 1, "deals": []}',  # a Cyrillic e in the key
]


@pytest.mark.parametrize("body", ODD)
def test_odd_unicode_is_400_json(client, saved, key, body):
    before = snapshot(saved)
    assert_refused(put_raw(client, saved, body.encode("utf-8", "surrogatepass"), key), 400)
    assert snapshot(saved) == before


def test_bytes_that_are_not_utf8_are_400(client, saved, key):
    assert_refused(put_raw(client, saved, b'{"version": 1, "deals": ["\xff\xfe"]}', key), 400, "body")


WRONG_TYPES = [
    ({"version": 1.0, "deals": []}, "version"),
    ({"version": True, "deals": []}, "version"),
    ({"version": 2**64, "deals": []}, "version"),
    ({"version": 1, "deals": [{"points": [81.0, 81]}]}, "points"),
    ({"version": 1, "deals": [{"points": [True, 81]}]}, "points"),
    ({"version": 1, "deals": [{"points": [81, 81], "bidder": 1.0}]}, "bidder"),
    ({"version": 1, "deals": [{"points": [81, 81], "bidder": True}]}, "bidder"),
    ({"version": 1, "deals": [{"points": [81, 81], "bidder": "b"}]}, "bidder"),
    ({"version": 1, "deals": [{"points": [81, 81], "pit": False}]}, "pit"),
    ({"version": 1, "deals": [{"points": [81, 81], "challenge": 1.0}]}, "challenge"),
    ({"version": 1, "deals": [{"points": [81, 81], "challenge": 4}]}, "challenge"),
    ({"version": 1, "deals": [{"points": [81, 81], "nil": 0}]}, "nil"),
    ({"version": 1, "deals": [{"points": [81, 81], "trump": "x"}]}, "trump"),
    ({"version": 1, "deals": [{"points": [81, 81], "roem": [-20, 0]}]}, "roem"),
    ({"version": 1, "deals": [{"points": [81, 81, 0, 0]}]}, "points"),
    ({"version": 1, "deals": [], "extra": 1}, "extra"),
]


@pytest.mark.parametrize("body, field", WRONG_TYPES)
def test_wrong_types_are_400_naming_the_field(client, saved, key, body, field):
    before = snapshot(saved)
    assert_refused(put_raw(client, saved, json.dumps(body), key), 400, field)
    assert snapshot(saved) == before


def test_the_messages_are_dutch_by_default_and_english_on_request(client, saved, key):
    body = json.dumps({"version": 1, "deals": [{"points": [81, 81], "colour": 1}]})
    dutch = put_raw(client, saved, body, key).json()["errors"][0]["message"]
    english = put_raw(client, saved, body, key, HTTP_ACCEPT_LANGUAGE="en").json()["errors"][0]["message"]
    assert dutch == "onbekend veld colour"
    assert english == "unknown field colour"


@pytest.mark.parametrize(
    ("body", "field", "quoted"),
    [
        ({"version": 1.5, "deals": []}, "version", "1.5"),
        ({"version": "x", "deals": []}, "version", "'x'"),
        ({"version": 0, "deals": [{"bidder": 0, "points": [100.5, 61.5], "roem": [0, 0]}]}, "points", "100.5"),
        ({"version": 0, "deals": [{"bidder": 0, "points": [100, 62], "roem": "veel"}]}, "roem", "'veel'"),
        ({"version": 0, "deals": [{"bidder": 0, "points": ["=1+1", 62], "roem": [0, 0]}]}, "points", "'=1+1'"),
    ],
)
def test_a_wrongly_typed_value_is_quoted_in_the_message(client, saved, key, body, field, quoted):
    """The message names what was sent (ninja drops it from its errors; core.api_errors.KlaverjasAPI
    keeps it), shortened, never the raw body: "points must be a whole number, not 100.5"."""
    before = snapshot(saved)
    response = put_raw(client, saved, json.dumps(body), key, HTTP_ACCEPT_LANGUAGE="en")
    payload = assert_refused(response, 400, field)
    message = next(e["message"] for e in payload["errors"] if e["field"] == field)
    assert message.endswith(f"not {quoted}") or message.endswith(f"; not {quoted}"), message
    assert "None" not in message
    assert snapshot(saved) == before


def test_a_huge_wrong_value_is_quoted_short(client, saved, key):
    response = put_raw(client, saved, json.dumps({"version": "9" * 5000 + "x", "deals": []}), key)
    message = assert_refused(response, 400, "version")["errors"][0]["message"]
    assert len(message) < 200
