"""Restoring a backup into an empty database, SQLite or PostgreSQL, whichever the backup came from.

Order of work, so that a refused restore changes nothing: (1) the file is checked whole (archive.py);
(2) its migrations must all be known to this code (else it came from newer or other software);
(3) the database must be empty: no rows in any table, apart from the few ``migrate`` makes by itself
(content types, permissions, page versions; the backup's replace them). Only then is the database
migrated to exactly the backup's migrations, every row inserted in one transaction (sequences
reset on PostgreSQL), and the database migrated forward to this code's migrations. Rows are
inserted with the models of the backup's migration state, so an older backup loads as it was made
and the code's own migrations then bring it up to date.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from django.core.cache import cache
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connections, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.utils.translation import gettext as _

from competitions.pagecache.models import PageVersion, fresh_number
from scoring.backup.archive import Archive, BackupFileError, Manifest, open_archive
from scoring.backup.snapshot import (
    MADE_BY_MIGRATE,
    MigrationsUnknown,
    applied_migrations,
    engine_name,
    leaf_targets,
    saved_models,
    state_apps,
    stored_fields,
)

logger = logging.getLogger(__name__)
BATCH = 1000


class RestoreRefused(BackupFileError):
    """The backup or the database is not fit for this restore; nothing was changed."""


@dataclass(frozen=True)
class RestoreReport:
    path: Path
    created_at: str
    source_engine: str
    engine: str
    tables: int
    rows: int


def restore_backup(*, path: Path, alias: str = "default") -> RestoreReport:
    """Load the backup at ``path`` into the empty database ``alias``. Raises ``BackupFileError``
    (a ``RestoreRefused`` for a database that is not empty) before changing anything."""
    try:
        with open_archive(Path(path)) as archive:
            return _restore(archive, alias)
    except BackupFileError as refusal:
        logger.warning("restore refused: %s", refusal)
        raise


def _restore(archive: Archive, alias: str) -> RestoreReport:
    manifest = archive.manifest
    name = archive.path.name
    loader = MigrationLoader(None, ignore_no_migrations=True)
    try:
        apps = state_apps(manifest.migrations, loader)
    except MigrationsUnknown as unknown:
        raise RestoreRefused(_unknown_message(name, unknown)) from None
    models = {model._meta.label_lower: model for model in saved_models(apps)}
    _check_tables(name, manifest, models)
    connection = connections[alias]
    _check_empty(connection)
    executor = MigrationExecutor(connection)
    targets: list[tuple[str, str | None]] = [*leaf_targets(loader, manifest.migrations)]
    targets += [(app, None) for app in sorted(loader.migrated_apps) if app not in manifest.migrations]
    plan = executor.migration_plan(targets)
    irreversible = [str(m) for m, backwards in plan if backwards and not all(op.reversible for op in m.operations)]
    if irreversible:
        raise RestoreRefused(
            _(
                "This database is migrated past the backup and cannot be taken back (%(migrations)s): use a new, empty database."
            )
            % {"migrations": ", ".join(irreversible)}
        )
    executor.migrate(targets, plan=plan)
    rows = 0
    with transaction.atomic(using=alias):
        with connection.cursor() as cursor:
            for label in sorted(MADE_BY_MIGRATE & set(models)):
                cursor.execute(f"DELETE FROM {connection.ops.quote_name(models[label]._meta.db_table)}")
            for table in manifest.tables:
                rows += _insert(connection, cursor, models[table.model], table.columns, archive.rows(table))
            for statement in connection.ops.sequence_reset_sql(no_style(), list(models.values())):
                cursor.execute(statement)
    call_command("migrate", database=alias, interactive=False, verbosity=0)  # up to this code's migrations
    _forget_cached_pages(alias)
    report = RestoreReport(
        path=archive.path,
        created_at=manifest.created_at,
        source_engine=manifest.engine,
        engine=engine_name(connection),
        tables=len(manifest.tables),
        rows=rows,
    )
    logger.info(
        "backup restored: %s (made %s on %s) into %s: %d tables, %d rows",
        name,
        report.created_at,
        report.source_engine,
        report.engine,
        report.tables,
        report.rows,
    )
    return report


def _unknown_message(name: str, unknown: MigrationsUnknown) -> str:
    if unknown.unknown_apps:
        return _("%(name)s comes from other software: this one has no %(apps)s.") % {
            "name": name,
            "apps": ", ".join(unknown.unknown_apps),
        }
    return _(
        "%(name)s was made by a newer version of this software (it has migrations this one lacks: %(migrations)s). "
        "Install the newer version first, then restore."
    ) % {"name": name, "migrations": ", ".join(f"{app}.{m}" for app, m in unknown.unknown[:5])}


def _check_tables(name: str, manifest: Manifest, models: dict) -> None:
    tables = {t.model: t for t in manifest.tables}
    if set(tables) != set(models):
        missing, extra = sorted(set(models) - set(tables)), sorted(set(tables) - set(models))
        raise RestoreRefused(
            _("%(name)s does not hold the tables its migrations make (missing: %(missing)s; unknown: %(extra)s).")
            % {"name": name, "missing": ", ".join(missing) or "-", "extra": ", ".join(extra) or "-"}
        )
    for label, table in tables.items():
        expected = [f.attname for f in stored_fields(models[label])]
        if table.columns != expected:
            raise RestoreRefused(
                _("%(name)s: the columns of %(model)s do not match its migrations.") % {"name": name, "model": label}
            )


def _check_empty(connection) -> None:
    """Refuse a database that holds data: a restore never mixes two databases."""
    applied = applied_migrations(connection)
    loader = MigrationLoader(None, ignore_no_migrations=True)
    try:
        apps = state_apps(applied, loader) if applied else None
    except MigrationsUnknown:
        raise RestoreRefused(
            _("This database was migrated by a newer version of this software: restore into a new, empty database.")
        ) from None
    existing = set(connection.introspection.table_names())
    with connection.cursor() as cursor:
        for model in saved_models(apps) if apps else []:
            table = model._meta.db_table
            if model._meta.label_lower in MADE_BY_MIGRATE or table not in existing:
                continue
            cursor.execute(f"SELECT 1 FROM {connection.ops.quote_name(table)} LIMIT 1")
            if cursor.fetchone():
                raise RestoreRefused(
                    _(
                        "This database is not empty (%(model)s has rows): a backup is restored only into an empty "
                        "database, so nothing is overwritten or mixed. Use a new database."
                    )
                    % {"model": model._meta.label}
                )
    if not apps:
        others = sorted(existing - {"django_migrations"})
        if others:
            raise RestoreRefused(
                _("This database holds tables of something else (%(tables)s): use a new, empty database.")
                % {"tables": ", ".join(others[:5])}
            )


def _insert(connection, cursor, model, columns: list[str], rows) -> int:
    fields = {f.attname: f for f in stored_fields(model)}
    ordered = [fields[c] for c in columns]
    quote = connection.ops.quote_name
    sql = "INSERT INTO {} ({}) VALUES ({})".format(
        quote(model._meta.db_table),
        ", ".join(quote(f.column) for f in ordered),
        ", ".join(["%s"] * len(ordered)),
    )
    count = 0
    batch = []
    for row in rows:
        batch.append([_decode(f, value, connection) for f, value in zip(ordered, row, strict=True)])
        if len(batch) >= BATCH:
            cursor.executemany(sql, batch)
            count += len(batch)
            batch = []
    if batch:
        cursor.executemany(sql, batch)
        count += len(batch)
    return count


def _decode(field, value, connection):
    """A JSON value of the archive back into what the database stores (see ``archive.encode``)."""
    if value is None:
        return None
    if field.get_internal_type() != "JSONField":
        value = field.to_python(value)
    return field.get_db_prep_save(value, connection)


def _forget_cached_pages(alias: str) -> None:
    """Cached pages were made from another database: drop them, and number every page version anew
    (the numbers only grow past the present) so no cache anywhere can serve one of them again."""
    cache.clear()
    PageVersion.objects.using(alias).update(structure=Greatest(F("structure") + 1, Value(fresh_number())))
