"""ORM queries built once per process and database, then run again with other arguments.

The page cache reads its key from the database on every public request (``competitions.cache``).
PostgreSQL answers such a query in a fraction of a millisecond; building its SQL through the ORM
(joins, annotations, aggregates) cost about a millisecond of Python on every cached read. A
:class:`PreparedQuery` asks the ORM for the SQL once, with marker values in place of the arguments,
and afterwards only swaps the arguments in. Rows come back as the database driver gives them (no ORM
converters): that is all a cache key needs, the same state giving the same values.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import connections
from django.db.models import QuerySet


def _marker(kind: type, position: int):
    """A stand-in argument that no constant of a query equals: a slug with NUL characters, or a
    number that even a small-integer column takes (Django drops a lookup of a value outside the
    column's range, and the parameter with it)."""
    return 32_719 - position if kind is int else f"\x00marker-{position}\x00"


class PreparedQuery:
    """``build(*args)`` returns a queryset (e.g. ``values_list(...)[:1]``); ``rows(*args)`` runs its
    SQL with ``args`` and returns the rows as tuples.

    ``kinds`` are the types of the arguments (int or str), which must reach the SQL as parameters
    unchanged (``pk=…``, ``slug=…``; an argument may be used several times). The first build checks
    that every marker shows up among the parameters; if one does not, every call goes through the
    ORM instead.
    """

    def __init__(self, build: Callable[..., QuerySet], *kinds: type):
        if any(kind not in (int, str) for kind in kinds):
            raise TypeError("PreparedQuery arguments are int or str")
        self.build = build
        self.kinds = kinds
        self._plans: dict[str, tuple[str, tuple, tuple[tuple[int, ...], ...]] | None] = {}

    def _plan(self, alias: str):
        if alias not in self._plans:
            markers = [_marker(kind, i) for i, kind in enumerate(self.kinds)]
            sql, params = self.build(*markers).query.get_compiler(using=alias).as_sql()
            positions = []  # per argument: where its marker sits among the parameters
            for marker in markers:
                found = tuple(i for i, p in enumerate(params) if isinstance(p, type(marker)) and p == marker)
                if not found:
                    self._plans[alias] = None
                    break
                positions.append(found)
            else:
                self._plans[alias] = (sql, tuple(params), tuple(positions))
        return self._plans[alias]

    def rows(self, *args, using: str = "default") -> list[tuple]:
        if len(args) != len(self.kinds) or any(type(a) is not k for a, k in zip(args, self.kinds)):
            raise TypeError(f"PreparedQuery takes arguments of types {self.kinds}, got {args!r}")
        plan = self._plan(using)
        if plan is None:
            return [tuple(row) for row in self.build(*args).using(using)]
        sql, params, positions = plan
        params = list(params)
        for places, value in zip(positions, args):
            for place in places:  # in the driver's wrapper type, if any (psycopg's Int2 for a small integer)
                params[place] = type(params[place])(value)
        with connections[using].cursor() as cursor:
            cursor.execute(sql, params)
            return [tuple(row) for row in cursor.fetchall()]
