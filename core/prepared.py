"""ORM queries built once per process and database, then run again with other arguments.

The page cache reads its key from the database on every public request (``competitions.pagecache.keys``).
PostgreSQL answers such a query in a fraction of a millisecond; building its SQL through the ORM
(joins, annotations, aggregates) cost about a millisecond of Python on every cached read. A
:class:`PreparedQuery` asks the ORM for the SQL once, with marker values in place of the arguments,
and afterwards only swaps the arguments in. ``rows`` come back as the database driver gives them
(no ORM converters): that is all a cache key needs, the same state giving the same values.

``objects`` gives model instances instead, as the queryset itself would: the ORM's converters run on
every value and ``select_related`` rows become the related instances. The hot paths of a save and of
a match page read their match, token, seats, sides and deals this way: building the SQL of a match
with its round, competition and club cost 2.6 ms of Python against 0.15 ms to run it.

It knows no model of its own. PRIVATE INTERNALS: this is the one module that leans on Django's
private query machinery (the compiler's ``select``/``klass_info``/``annotation_col_map``/
``has_extra_select``, ``get_converters``/``apply_converters``, ``get_related_populators``,
``Model.from_db``, a queryset's ``_result_cache``/``_prefetch_done``, an instance's
``_prefetched_objects_cache`` and ``_state.fields_cache``, read elsewhere only through :func:`prefetched`
and :func:`cached_relation`);
kept because the bench shows it pays (the match page and a sheet's save). Upgrading Django:
tests/core/test_private_internals.py names what changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Field, Model, QuerySet
from django.db.models.query import get_related_populators

M = TypeVar("M", bound=Model)


def _marker(kind: type, position: int):
    """A stand-in argument that no constant of a query equals: a slug with NUL characters, or a
    number that even a small-integer column takes (Django drops a lookup of a value outside the
    column's range, and the parameter with it)."""
    return 32_719 - position if kind is int else f"\x00marker-{position}\x00"


class PreparedQuery(Generic[M]):
    """``build(*args)`` returns a queryset (e.g. ``values_list(...)[:1]``); ``rows(*args)`` runs its
    SQL with ``args`` and returns the rows as tuples.

    ``kinds`` are the types of the arguments (int or str), which must reach the SQL as parameters
    unchanged (``pk=…``, ``slug=…``; an argument may be used several times). The first build checks
    that every marker shows up among the parameters; if one does not, every call goes through the
    ORM instead.
    """

    def __init__(self, build: Callable[..., QuerySet[M, Any]], *kinds: type):
        if any(kind not in (int, str) for kind in kinds):
            raise TypeError("PreparedQuery arguments are int or str")
        self.build = build
        self.kinds = kinds
        self._plans: dict[str, tuple[str, tuple, tuple[tuple[int, ...], ...]] | None] = {}
        self._model_plans: dict[str, _ModelPlan | None] = {}

    def _compile(self, alias: str) -> tuple[QuerySet, Any, tuple[str, tuple, tuple[tuple[int, ...], ...]] | None]:
        """The compiler of the query built with markers, its SQL, and where each marker sits among
        the parameters (None when one of them does not show up: then the ORM runs every call)."""
        markers = [_marker(kind, i) for i, kind in enumerate(self.kinds)]
        queryset = self.build(*markers)
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        positions = []  # per argument: where its marker sits among the parameters
        for marker in markers:
            found = tuple(i for i, p in enumerate(params) if isinstance(p, type(marker)) and p == marker)
            if not found:
                return queryset, compiler, None
            positions.append(found)
        return queryset, compiler, (sql, tuple(params), tuple(positions))

    def _plan(self, alias: str):
        if alias not in self._plans:
            self._plans[alias] = self._compile(alias)[2]
        return self._plans[alias]

    def _check(self, args: tuple) -> None:
        if len(args) != len(self.kinds) or any(type(a) is not k for a, k in zip(args, self.kinds)):
            raise TypeError(f"PreparedQuery takes arguments of types {self.kinds}, got {args!r}")

    def _run(self, plan, args: tuple, using: str) -> list:
        sql, params, positions = plan
        params = list(params)
        for places, value in zip(positions, args):
            for place in places:  # in the driver's wrapper type, if any (psycopg's Int2 for a small integer)
                params[place] = type(params[place])(value)
        with connections[using].cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchall()

    def rows(self, *args, using: str = "default") -> list[tuple]:
        self._check(args)
        plan = self._plan(using)
        if plan is None:
            return [tuple(row) for row in self.build(*args).using(using)]
        return [tuple(row) for row in self._run(plan, args, using)]

    def objects(self, *args, using: str = "default") -> list[M]:
        """The model instances the queryset ``build(*args)`` gives, with its ``select_related``
        instances and annotations (not its ``prefetch_related``: such a query is refused)."""
        self._check(args)
        if using not in self._model_plans:
            self._model_plans[using] = _ModelPlan.of(*self._compile(using), using)
        plan = self._model_plans[using]
        if plan is None:
            return list(self.build(*args).using(using))
        instances: list[Any] = plan.instances(self._run(plan.sql_plan, args, using), using)  # of the model M
        return instances


def as_prefetched(instance: M, **rows: list) -> M:
    """Hand rows of ``instance``'s reverse relations as if prefetched (``match.deals.all()`` reads
    them, and each row's foreign key back is ``instance``), without a query: rows read with
    ``objects``, or just written."""
    cache = instance.__dict__.setdefault("_prefetched_objects_cache", {})
    for name, objects in rows.items():
        objects = list(objects)
        manager = getattr(instance, name)
        for row in objects:
            row._state.fields_cache[manager.field.name] = instance
        queryset = manager.all()
        queryset._result_cache = objects
        queryset._prefetch_done = True
        cache[name] = queryset
    return instance


def prefetched(instance: Model) -> dict[str, QuerySet]:
    """The reverse relations already prefetched on ``instance`` (by ``prefetch_related`` or
    :func:`as_prefetched`), by name, each a queryset that reads without a query; ``{}`` when none."""
    return getattr(instance, "_prefetched_objects_cache", {})


def cached_relation(instance: Model, name: str) -> Model | None:
    """The instance the foreign key ``name`` of ``instance`` already holds (``select_related``, an
    assignment, :func:`as_prefetched`), or None when reading it would cost a query."""
    return instance._state.fields_cache.get(name)


class _ModelPlan:
    """What ``ModelIterable`` works out from a compiled query, kept to turn rows into instances."""

    def __init__(self, compiler, sql_plan, select, klass_info, annotations, using):
        self.compiler = compiler
        self.sql_plan = sql_plan
        self.converters = compiler.get_converters([s[0] for s in select[: compiler.col_count]])
        self.model = klass_info["model"]
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.init_list = [f[0].target.attname for f in select[self.start : self.end]]
        self.populators = get_related_populators(klass_info, select, using)
        self.annotations = tuple(annotations.items())

    @classmethod
    def of(cls, queryset: QuerySet, compiler, sql_plan, using: str) -> _ModelPlan | None:
        # private attributes, not in django-stubs: this module is the one that leans on Django's internals
        if queryset._prefetch_related_lookups:  # type: ignore[attr-defined]
            raise TypeError("PreparedQuery.objects does not prefetch: read the related rows with their own query")
        if sql_plan is None or compiler.has_extra_select or queryset._known_related_objects:  # type: ignore[attr-defined]
            return None  # the ORM, every call: still right, only not faster
        return cls(compiler, sql_plan, compiler.select, compiler.klass_info, compiler.annotation_col_map, using)

    def instances(self, rows: list, using: str) -> list[Model]:
        if self.converters:
            rows = list(self.compiler.apply_converters(rows, self.converters))
        out = []
        for row in rows:
            obj = self.model.from_db(using, self.init_list, row[self.start : self.end])
            for populator in self.populators:
                populator.populate(row, obj)
            for name, position in self.annotations:
                setattr(obj, name, row[position])
            out.append(obj)
        return out


#: Column types whose Python values the database drivers take as they are (no ORM conversion).
PLAIN_TYPES = frozenset(
    {
        "AutoField",
        "BigAutoField",
        "SmallIntegerField",
        "PositiveSmallIntegerField",
        "IntegerField",
        "PositiveIntegerField",
        "BigIntegerField",
        "BooleanField",
        "CharField",
        "TextField",
        "ForeignKey",
    }
)
_STATEMENTS: dict[tuple, str] = {}


def _value(value):
    """A value as the driver takes it: a choice (``TextChoices`` member) as its plain value."""
    return value.value if isinstance(value, Enum) else value


def _plain(fields) -> list[Field]:
    for field in fields:
        if not isinstance(field, Field) or field.get_internal_type() not in PLAIN_TYPES:
            raise TypeError(f"{field} is not a plain column: write it through the ORM")
    return fields


def insert_rows(model: type[Model], objects: Sequence[Model], using: str = "default") -> None:
    """INSERT the unsaved ``objects``, the SQL of one row built once and sent for each (psycopg
    pipelines them in one round trip). For models of plain columns only (numbers, text, booleans,
    foreign keys); the ids are not read back. The save of a sheet writes its deals so:
    ``bulk_create`` prepared each of 16 × 20 values, and one statement of 320 parameters was
    parsed anew on every save (too long for the driver's cache of parsed queries)."""
    if not objects:
        return
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]

    def build(quote) -> str:
        _plain(fields)
        return (
            f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
            f"VALUES ({', '.join(['%s'] * len(fields))})"
        )

    sql = _statement(("insert", model, using), build)
    with connections[using].cursor() as cursor:
        cursor.executemany(sql, [[_value(getattr(obj, f.attname)) for f in fields] for obj in objects])


def _statement(key: tuple, build: Callable[[Callable[[str], str]], str]) -> str:
    """The SQL of ``key``, built once by ``build(quote_name)`` and kept for the process."""
    if key not in _STATEMENTS:
        _STATEMENTS[key] = build(connections[key[-1]].ops.quote_name)
    return _STATEMENTS[key]


def _changed(key: tuple, build: Callable[[Callable[[str], str]], str], params: list) -> int:
    """Run the statement of ``key`` once with ``params``; the number of rows it changed."""
    sql = _statement(key, build)
    with connections[key[-1]].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def update_row(model: type[Model], pk: int, values: dict, using: str = "default") -> int:
    """UPDATE the plain columns ``values`` (by field name) of one row; the number of rows changed."""
    names = tuple(values)

    def build(quote) -> str:
        fields = _plain([model._meta.get_field(name) for name in names])
        return (
            f"UPDATE {quote(model._meta.db_table)} SET {', '.join(f'{quote(f.column)} = %s' for f in fields)} "
            f"WHERE {quote(model._meta.pk.column)} = %s"
        )

    return _changed(("update", model, names, using), build, [*map(_value, values.values()), pk])


def delete_rows(model: type[Model], field: str, value: int, using: str = "default") -> int:
    """DELETE the rows whose plain column ``field`` equals ``value`` (no signals, no cascades: for
    rows nothing else points at); the number of rows deleted."""

    def build(quote) -> str:
        [column] = _plain([model._meta.get_field(field)])
        if model._meta.related_objects:
            raise TypeError(f"rows of {model.__name__} are pointed at: delete them through the ORM")
        return f"DELETE FROM {quote(model._meta.db_table)} WHERE {quote(column.column)} = %s"

    return _changed(("delete", model, field, using), build, [value])
