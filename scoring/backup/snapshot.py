"""A consistent view of the database while the server keeps saving, and the models it is read with.

SQLite: the online backup API copies the live database in one step (one read transaction, so no
save is half in it) into a temporary file, which is then read at leisure. PostgreSQL: one
REPEATABLE READ, READ ONLY transaction on a connection of its own, so every table is read as of the
same moment. Either way the rows are read with the models *of the migrations applied in that view*
(the migration state, not the code's current models), so the backup and the restore agree on the
columns even when the code is newer than the database.

Both views run on a ``DatabaseWrapper`` made here and never registered in ``django.db.connections``
(registering an alias at run time would race with the request threads that iterate over them);
querysets are compiled against it with ``Query.get_compiler(connection=...)``, which Django's own
multi-database code uses. ``tests/scoring/backup`` fails loudly if an upgrade changes that.
"""

from __future__ import annotations

import copy
import os
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from django.apps.registry import Apps
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.loader import MigrationLoader
from django.db.models import Model
from django.db.utils import load_backend

#: Rows a backup leaves out: logins in progress (everyone logs in again after a restore).
LEFT_OUT = frozenset({"sessions.session"})
#: Rows ``migrate`` makes by itself in an empty database; a restore replaces them with the backup's.
MADE_BY_MIGRATE = frozenset({"contenttypes.contenttype", "auth.permission", "competitions.pageversion"})
SNAPSHOT_ALIAS = "backup-snapshot"


class MigrationsUnknown(Exception):
    """Migrations the code does not have: ``unknown_apps`` (apps it lacks) and ``unknown`` (app, name)."""

    def __init__(self, unknown_apps: list[str], unknown: list[tuple[str, str]]):
        super().__init__(unknown_apps, unknown)
        self.unknown_apps, self.unknown = unknown_apps, unknown


def engine_name(connection: BaseDatabaseWrapper) -> str:
    return connection.vendor  # "sqlite" or "postgresql"


def _wrapper(settings_dict: dict) -> BaseDatabaseWrapper:
    return load_backend(settings_dict["ENGINE"]).DatabaseWrapper(settings_dict, SNAPSHOT_ALIAS)


@contextmanager
def snapshot(alias: str = "default") -> Iterator[BaseDatabaseWrapper]:
    """A connection that sees the whole database as of one moment, for as long as the block runs."""
    live = connections[alias]
    if live.vendor == "sqlite":
        yield from _sqlite_snapshot(live)
    elif live.vendor == "postgresql":
        yield from _postgresql_snapshot(live)
    else:  # pragma: no cover - the project runs on SQLite and PostgreSQL only
        raise NotImplementedError(f"backups of {live.vendor} databases")


def _sqlite_snapshot(live: BaseDatabaseWrapper) -> Iterator[BaseDatabaseWrapper]:
    live.ensure_connection()
    handle, copy_path = tempfile.mkstemp(prefix="klaverjas-snapshot-", suffix=".sqlite3")
    os.close(handle)
    try:
        target = sqlite3.connect(copy_path)
        try:
            live.connection.backup(target)  # pages=-1: the whole database in one step, one read lock
        finally:
            target.close()
        settings_dict = copy.deepcopy(live.settings_dict)
        settings_dict["NAME"] = copy_path
        settings_dict["OPTIONS"] = {}
        view = _wrapper(settings_dict)
        try:
            yield view
        finally:
            view.close()
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            try:
                os.unlink(copy_path + suffix)
            except FileNotFoundError:
                pass


def _postgresql_snapshot(live: BaseDatabaseWrapper) -> Iterator[BaseDatabaseWrapper]:
    view = _wrapper(copy.deepcopy(live.settings_dict))
    try:
        view.set_autocommit(False)
        with view.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield view
    finally:
        try:
            view.rollback()
        finally:
            view.close()


def applied_migrations(connection: BaseDatabaseWrapper) -> dict[str, list[str]]:
    """The migrations recorded in this database, by app, in the order they were applied."""
    if "django_migrations" not in connection.introspection.table_names():
        return {}
    with connection.cursor() as cursor:
        cursor.execute("SELECT app, name FROM django_migrations ORDER BY id")
        rows = cursor.fetchall()
    applied: dict[str, list[str]] = {}
    for app, name in rows:
        applied.setdefault(app, []).append(name)
    return applied


def state_apps(migrations: dict[str, list[str]], loader: MigrationLoader | None = None) -> Apps:
    """The models as they are after exactly these migrations. Raises ``MigrationsUnknown``."""
    loader = loader or MigrationLoader(None, ignore_no_migrations=True)
    nodes = set(loader.graph.nodes)
    unknown_apps = sorted(app for app in migrations if app not in loader.migrated_apps)
    unknown = sorted(
        (app, name)
        for app, names in migrations.items()
        if app in loader.migrated_apps
        for name in names
        if (app, name) not in nodes
    )
    if unknown_apps or unknown:
        raise MigrationsUnknown(unknown_apps, unknown)
    return loader.project_state(leaf_targets(loader, migrations), at_end=True).apps


def leaf_targets(loader: MigrationLoader, migrations: dict[str, list[str]]) -> list[tuple[str, str]]:
    """Per app, the applied migrations no other applied migration of that app follows."""
    targets = []
    for app, names in migrations.items():
        applied = {(app, name) for name in names}
        for node in applied:
            children = {child for child in loader.graph.node_map[node].children if child[0] == app}
            if not children & applied:
                targets.append(node)
    return sorted(targets)


def saved_models(apps: Apps) -> list[type[Model]]:
    """Every table a backup holds, in a fixed order (by label)."""
    models = [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed and not model._meta.proxy and model._meta.label_lower not in LEFT_OUT
    ]
    return sorted(models, key=lambda model: model._meta.label_lower)


def stored_fields(model: type[Model]) -> list:
    return [f for f in model._meta.concrete_fields if not getattr(f, "generated", False)]


def read_rows(view: BaseDatabaseWrapper, model: type[Model], chunk_size: int = 2000) -> Iterator[tuple]:
    """Every row of the model's table in key order, as Python values (the fields' converters applied)."""
    names = [f.attname for f in stored_fields(model)]
    query = model._base_manager.order_by("pk").values_list(*names).query
    compiler = query.get_compiler(connection=view)
    yield from compiler.results_iter(tuple_expected=True, chunked_fetch=True, chunk_size=chunk_size)
