"""Many rows written by one statement, whatever their number: ``INSERT … SELECT`` over a single JSON
parameter, optionally updating the rows that already exist (``ON CONFLICT … DO UPDATE``).

Why not ``bulk_create``: on SQLite Django splits a bulk INSERT into batches of 999 parameters (a
200-member draw's notices are two statements, 5,000 result notices thirty), and ``bulk_create`` with
``update_conflicts`` is one statement per batch too. Here the rows travel as one JSON array (one
parameter) and the database unpacks it (``json_each`` on SQLite, ``jsonb_array_elements`` on
PostgreSQL): one statement for any number of rows, the conflicting ones updated in the same statement.
Values are passed as JSON scalars (numbers, strings, null); columns the same for every row
(``same``) are ordinary parameters, prepared by their model field as the ORM would.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.db import connections, router
from django.db.models import Model


def upsert_rows(
    model: type[Model],
    *,
    fields: Sequence[str],
    rows: Sequence[Sequence[Any]],
    same: dict[str, Any] | None = None,
    conflict: Sequence[str] = (),
    update: Sequence[str] = (),
) -> int:
    """Insert ``rows`` (each a sequence of values for ``fields``, JSON scalars) with the columns of
    ``same`` (field name -> one value for every row) into ``model``'s table, in one statement. With
    ``conflict`` (the fields of a unique constraint) a row that already exists gets the ``update``
    fields of the new row instead. Returns how many rows were sent."""
    if not rows:
        return 0
    same = same or {}
    alias = router.db_for_write(model)
    connection = connections[alias]
    meta = model._meta
    by_name = {f.name: f for f in meta.concrete_fields}

    def quote(name: str | None) -> str:
        return connection.ops.quote_name(str(name))

    row_fields = [by_name[name] for name in fields]
    same_fields = [by_name[name] for name in same]
    columns = ", ".join(quote(f.column) for f in [*row_fields, *same_fields])
    if connection.vendor == "sqlite":
        picked = [f"json_extract(value, '$[{i}]')" for i in range(len(row_fields))]
        source = "json_each(%s)"
    elif connection.vendor == "postgresql":
        picked = [f"(value->>{i})::{f.db_type(connection)}" for i, f in enumerate(row_fields)]
        source = "jsonb_array_elements(%s::jsonb)"
    else:  # pragma: no cover - the project runs on SQLite and PostgreSQL only
        raise NotImplementedError(connection.vendor)
    constants = ["%s"] * len(same_fields)
    sql = f"INSERT INTO {quote(meta.db_table)} ({columns}) SELECT {', '.join(picked + constants)} FROM {source}"
    # in the order they appear: the constants (SELECT …), then the rows (FROM …)
    params = [f.get_db_prep_save(value, connection) for f, value in zip(same_fields, same.values())]
    params.append(json.dumps([list(row) for row in rows]))
    if conflict:
        targets = ", ".join(quote(by_name[name].column) for name in conflict)
        changes = ", ".join(f"{quote(by_name[n].column)} = excluded.{quote(by_name[n].column)}" for n in update)
        # "WHERE true": SQLite would read ON CONFLICT as the join's ON otherwise
        sql += f" WHERE true ON CONFLICT ({targets}) DO " + (f"UPDATE SET {changes}" if update else "NOTHING")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
    return len(rows)
