"""core.transactions: a refused save ends its transaction without a ROLLBACK (psycopg forgets its
prepared statements on one); anything else still rolls back."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs import tokens
from competitions.models import Match
from core.transactions import atomic_refusals
from scoring.models import AuditEntry
from tests.factories import simulated_sheet

pytestmark = pytest.mark.django_db


def _rollbacks(queries) -> list[str]:
    return [q["sql"] for q in queries if "ROLLBACK" in q["sql"].upper()]


def test_a_409_changes_nothing_and_rolls_nothing_back(client, match, scorer):
    key = tokens.create_token(scorer)
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}"}
    first = client.put(
        f"/api/matches/{match.pk}/deals",
        data=json.dumps({"version": 0, "deals": simulated_sheet(match, seed=1)}),
        content_type="application/json",
        **headers,
    )
    assert first.status_code == 200
    stored = client.get(f"/api/matches/{match.pk}").json()
    with CaptureQueriesContext(connection) as queries:
        stale = client.put(
            f"/api/matches/{match.pk}/deals",
            data=json.dumps({"version": 0, "deals": simulated_sheet(match, seed=2)}),
            content_type="application/json",
            **headers,
        )
    assert stale.status_code == 409 and stale.json()["version"] == 1
    assert _rollbacks(queries.captured_queries) == []
    assert client.get(f"/api/matches/{match.pk}").json() == stored
    assert Match.objects.get(pk=match.pk).version == 1 and AuditEntry.objects.filter(match=match).count() == 1


class Refused(Exception):
    pass


def test_any_other_exception_rolls_back_what_was_written(match):
    @atomic_refusals(Refused)
    def writes_then_fails(fail):
        Match.objects.filter(pk=match.pk).update(table=77)
        raise fail

    with pytest.raises(RuntimeError), CaptureQueriesContext(connection) as queries:
        writes_then_fails(RuntimeError("boom"))
    assert Match.objects.get(pk=match.pk).table != 77
    assert _rollbacks(queries.captured_queries)  # rolled back (to its savepoint, inside the test's transaction)
    with pytest.raises(Refused):
        writes_then_fails(Refused())
    # a refusal is the service's promise that nothing was written: here it broke it, and the write stays
    assert Match.objects.get(pk=match.pk).table == 77
