"""core.planner_statistics: a season written at once leaves PostgreSQL with statistics of its real size,
even when its tables were analysed while empty (the standings query then took 47 s, not milliseconds)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.db import connection

from competitions.models import MatchSide
from core.planner_statistics import refresh_statistics

pytestmark = pytest.mark.django_db

ON_POSTGRESQL = connection.vendor == "postgresql"


def estimated_rows(table: str) -> float:
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE relname = %s", [table])
        return cursor.fetchone()[0]


def test_on_sqlite_nothing_is_run():
    if ON_POSTGRESQL:
        pytest.skip("the PostgreSQL pass checks the statistics themselves")
    assert refresh_statistics(MatchSide) is False


@pytest.mark.skipif(not ON_POSTGRESQL, reason="PostgreSQL's planner statistics: runs in the PostgreSQL pass")
def test_the_demo_seeded_into_tables_analysed_while_empty_leaves_statistics_of_its_size():
    table = MatchSide._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {connection.ops.quote_name(table)}")  # what autovacuum does to an emptied table
    assert estimated_rows(table) == 0
    call_command("seed_demo", stdout=io.StringIO())
    sides = MatchSide.objects.count()
    assert sides > 500
    assert estimated_rows(table) >= sides * 0.9, "the planner still thinks the table is empty"
