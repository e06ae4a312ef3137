"""Making backups: ``make_backup`` writes one file, named by date and time, into the backup folder
and keeps the newest ``BACKUP_KEEP`` there. ``restore.py`` reads them back.

The folder is ``settings.BACKUP_DIR`` (from the environment; by default ``backups/`` beside the
SQLite database): on a club laptop a USB stick or a synced folder is a good place.
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
import platform
import subprocess
from dataclasses import dataclass
from pathlib import Path

import django
from django.conf import settings
from django.db import connections
from django.utils import timezone

from scoring.backup.archive import PREFIX, SUFFIX, ArchiveWriter, Manifest, TableData
from scoring.backup.snapshot import (
    applied_migrations,
    engine_name,
    read_rows,
    saved_models,
    snapshot,
    state_apps,
    stored_fields,
)

logger = logging.getLogger(__name__)

#: The software's version where no git checkout names it (a copy unpacked from an archive).
VERSION = "2026.11"


@functools.cache
def software_version() -> str:
    """What the manifest records as this software's version: ``git describe --tags --always --dirty``
    of the checkout it runs from (a tag, or the commit, "-dirty" with local changes), else ``VERSION``."""
    try:
        described = subprocess.run(
            ["git", "-C", str(settings.BASE_DIR), "describe", "--tags", "--always", "--dirty"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        described = ""
    return f"{VERSION} ({described})" if described else VERSION


@dataclass(frozen=True)
class BackupFile:
    path: Path
    made_at: dt.datetime
    size: int

    @property
    def name(self) -> str:
        return self.path.name


def backup_dir() -> Path:
    return Path(settings.BACKUP_DIR)


def file_name(moment: dt.datetime) -> str:
    """``klaverjas-20261125-213000.zip``: local date and time, so the newest sorts last."""
    return f"{PREFIX}{timezone.localtime(moment):%Y%m%d-%H%M%S}{SUFFIX}"


def _free_path(directory: Path, moment: dt.datetime) -> Path:
    path = directory / file_name(moment)
    number = 1
    while path.exists() or path.with_name(path.name + ".partial").exists():
        number += 1
        path = directory / f"{path.name.removesuffix(SUFFIX).split('_')[0]}_{number}{SUFFIX}"
    return path


def make_backup(*, directory: Path | None = None, reason: str = "manual", keep: int | None = None) -> Path:
    """Write a consistent snapshot of the whole database to a new file in ``directory`` (default: the
    backup folder) and return its path; then remove all but the newest ``keep`` (default
    ``BACKUP_KEEP``; 0 keeps all). The server may go on saving meanwhile."""
    directory = Path(directory) if directory is not None else backup_dir()
    directory.mkdir(parents=True, exist_ok=True)
    now = timezone.now()
    path = _free_path(directory, now)
    with snapshot() as view:
        migrations = applied_migrations(view)
        apps = state_apps(migrations)
        manifest = Manifest(
            created_at=now.isoformat(),
            engine=engine_name(view),
            migrations=migrations,
            software={
                "klaverjas": software_version(),
                "django": django.get_version(),
                "python": platform.python_version(),
            },
            reason=reason,
        )
        writer = ArchiveWriter(path, manifest)
        try:
            for model in saved_models(apps):
                table = TableData(
                    model=model._meta.label_lower,
                    table=model._meta.db_table,
                    columns=[f.attname for f in stored_fields(model)],
                )
                writer.add_table(table, read_rows(view, model))
            writer.close()
        except BaseException:
            writer.abandon()
            raise
    rows = sum(t.rows for t in manifest.tables)
    logger.info(
        "backup made: %s (%s, %d tables, %d rows, %d bytes, %s)",
        path,
        reason,
        len(manifest.tables),
        rows,
        path.stat().st_size,
        manifest.engine,
    )
    keep = settings.BACKUP_KEEP if keep is None else keep
    if keep:
        remove_old_backups(directory, keep=keep)
    remove_partials(directory, older_than=dt.timedelta(hours=1))
    return path


def backups_in(directory: Path | None = None) -> list[BackupFile]:
    """The complete backup files in the folder, newest first (a ``.partial`` file is not one)."""
    directory = Path(directory) if directory is not None else backup_dir()
    if not directory.is_dir():
        return []
    found = []
    for entry in directory.iterdir():
        if entry.name.startswith(PREFIX) and entry.name.endswith(SUFFIX) and entry.is_file():
            stat = entry.stat()
            found.append(BackupFile(entry, dt.datetime.fromtimestamp(stat.st_mtime, tz=dt.UTC), stat.st_size))
    return sorted(found, key=lambda b: (b.name, b.made_at), reverse=True)


def latest_backup(directory: Path | None = None) -> BackupFile | None:
    found = backups_in(directory)
    return found[0] if found else None


def remove_partials(directory: Path | None = None, *, older_than: dt.timedelta | None = None) -> list[Path]:
    """Remove the ``.partial`` files a backup cut off (a stopped process, a full disk) left behind: all of
    them (at start-up, when this process makes none yet), or those untouched for ``older_than`` (a
    backup being written by another process keeps its file's time fresh)."""
    directory = Path(directory) if directory is not None else backup_dir()
    if not directory.is_dir():
        return []
    removed = []
    now = dt.datetime.now(tz=dt.UTC)
    for entry in directory.glob(f"{PREFIX}*{SUFFIX}.partial"):
        changed = dt.datetime.fromtimestamp(entry.stat().st_mtime, tz=dt.UTC)
        if older_than is None or now - changed > older_than:
            entry.unlink(missing_ok=True)
            removed.append(entry)
    if removed:
        logger.warning("unfinished backups removed: %s", ", ".join(p.name for p in removed))
    return removed


def remove_old_backups(directory: Path, *, keep: int) -> list[Path]:
    """Keep the newest ``keep`` backups in the folder; return the paths removed."""
    removed = []
    for old in backups_in(directory)[keep:]:
        old.path.unlink(missing_ok=True)
        removed.append(old.path)
    if removed:
        logger.info("backups removed (keeping the newest %d): %s", keep, ", ".join(p.name for p in removed))
    return removed


def database_engine(alias: str = "default") -> str:
    return engine_name(connections[alias])
