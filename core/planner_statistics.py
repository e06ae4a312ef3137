"""Fresh planner statistics after a bulk write, on PostgreSQL.

PostgreSQL plans a query from the statistics its last ``ANALYZE`` of each table gathered. A table
analysed while it was empty — the day the server was set up, or by autovacuum after the demo was
removed — and then filled with a whole season in one transaction is planned as if it still held no
rows: nested loops over thousands of rows. Measured on the demo: the standings query of a competition
took 47 s instead of a few milliseconds until autovacuum's next analyse (up to a minute after the
commit, and only then), which is longer than gunicorn waits for a page. So a service that writes a
season at once ends with ``refresh_statistics(its models)``: ``ANALYZE`` of those tables only, inside
its transaction (PostgreSQL counts that transaction's own new rows; it takes no lock that stops
readers or writers), a few milliseconds for a club's tables.

On SQLite nothing is done: its planner keeps no statistics unless ``ANALYZE`` was run, and this
project never runs it there.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Model

#: below this many new rows a table's statistics are close enough: autovacuum's own analyse follows
BULK_ROWS = 100


def refresh_statistics(*models: type[Model]) -> bool:
    """``ANALYZE`` the tables of ``models`` on PostgreSQL; answers whether it ran."""
    if connection.vendor != "postgresql" or not models:
        return False
    tables = sorted({model._meta.db_table for model in models})
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE " + ", ".join(connection.ops.quote_name(table) for table in tables))
    return True
