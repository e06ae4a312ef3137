"""The backup file: one zip archive, written and read here, nothing of the database.

Inside: ``manifest.json`` (what, when, from where, which migrations) and one member per table,
``data/<app>.<model>.jsonl``: one JSON array per line, the row's values in the order of the manifest's
``columns`` for that table. The manifest names every member with its row count and SHA-256, so a
file cut short, damaged or edited is known before anything is written to a database. The format is
the same from SQLite and from PostgreSQL, so a club laptop's backup restores on a league server and back.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
import os
import time
import uuid
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from django.utils.duration import duration_string
from django.utils.translation import gettext as _

FORMAT = "klaverjas-backup"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
SUFFIX = ".zip"
PREFIX = "klaverjas-"


class BackupFileError(ValueError):
    """The file is not a backup this software can restore; the message says why. Nothing was changed."""


@dataclass
class TableData:
    """One table in the archive: the model's label, its columns (attribute names), its rows."""

    model: str
    table: str
    columns: list[str]
    member: str = ""
    rows: int = 0
    sha256: str = ""


@dataclass
class Manifest:
    created_at: str
    engine: str
    migrations: dict[str, list[str]]
    software: dict[str, str] = field(default_factory=dict)
    tables: list[TableData] = field(default_factory=list)
    reason: str = ""

    def as_json(self) -> dict:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "created_at": self.created_at,
            "engine": self.engine,
            "reason": self.reason,
            "software": self.software,
            "migrations": self.migrations,
            "tables": [vars(t) for t in self.tables],
        }


def encode(value):
    """A database value as JSON; ``Field.to_python`` turns every form back (see ``decode`` in restore)."""
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()  # full precision, with the UTC offset of an aware datetime
    if isinstance(value, dt.timedelta):
        return duration_string(value)
    if isinstance(value, Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return base64.b64encode(bytes(value)).decode("ascii")
    return value


class ArchiveWriter:
    """Writes ``<path>.partial`` and renames it to ``path`` only once complete, so a backup that
    fails half-way (a full USB stick, a stopped process) never looks like a backup."""

    def __init__(self, path: Path, manifest: Manifest):
        self.path = path
        self.partial = path.with_name(path.name + ".partial")
        self.manifest = manifest
        self.zip = zipfile.ZipFile(self.partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6)
        self.stamp = time.localtime()[:6]

    def add_table(self, table: TableData, rows: Iterator[tuple]) -> None:
        table.member = f"data/{table.model}.jsonl"
        digest = hashlib.sha256()
        count = 0
        info = zipfile.ZipInfo(table.member, date_time=self.stamp)
        info.compress_type = zipfile.ZIP_DEFLATED
        with self.zip.open(info, "w", force_zip64=True) as out:
            for row in rows:
                line = (json.dumps([encode(v) for v in row], ensure_ascii=False, separators=(",", ":")) + "\n").encode()
                digest.update(line)
                out.write(line)
                count += 1
        table.rows, table.sha256 = count, digest.hexdigest()
        self.manifest.tables.append(table)

    def close(self) -> Path:
        self.zip.writestr(MANIFEST, json.dumps(self.manifest.as_json(), indent=1, ensure_ascii=False))
        self.zip.close()
        with open(self.partial, "rb") as written:
            os.fsync(written.fileno())
        os.replace(self.partial, self.path)
        return self.path

    def abandon(self) -> None:
        self.zip.close()
        self.partial.unlink(missing_ok=True)


class Archive:
    """A backup file opened for reading. ``open_archive`` has checked it whole before it is returned."""

    def __init__(self, path: Path, zf: zipfile.ZipFile, manifest: Manifest):
        self.path, self.zip, self.manifest = path, zf, manifest

    def rows(self, table: TableData) -> Iterator[list]:
        with self.zip.open(table.member) as member:
            for line in member:
                yield json.loads(line)

    def close(self) -> None:
        self.zip.close()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_archive(path: Path) -> Archive:
    """Open and check a backup file: a complete zip, our manifest, a format this software reads, every
    table's rows counted and hashed as the manifest says. Raises ``BackupFileError`` naming the fault."""
    name = Path(path).name
    if not Path(path).is_file():
        raise BackupFileError(_("%(name)s: there is no such file.") % {"name": path})
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise BackupFileError(
            _("%(name)s is not a complete backup: the file is cut short or is no backup at all (%(error)s).")
            % {"name": name, "error": exc}
        ) from None
    try:
        manifest = _manifest(zf, name)
        _check_entries(zf, manifest, name)
        for table in manifest.tables:
            _check_member(zf, table, name)
    except BackupFileError:
        zf.close()
        raise
    return Archive(Path(path), zf, manifest)


def _manifest(zf: zipfile.ZipFile, name: str) -> Manifest:
    try:
        raw = json.loads(zf.read(MANIFEST))
    except KeyError:
        raise BackupFileError(
            _("%(name)s is not a Klaverjas backup: it holds no %(manifest)s.") % {"name": name, "manifest": MANIFEST}
        ) from None
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise BackupFileError(
            _("%(name)s is damaged: its manifest cannot be read (%(error)s).") % {"name": name, "error": exc}
        ) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise BackupFileError(_("%(name)s is not a Klaverjas backup (another program's file).") % {"name": name})
    version = raw.get("format_version")
    if not isinstance(version, int) or version < 1:
        raise BackupFileError(_("%(name)s has no valid format version.") % {"name": name})
    if version > FORMAT_VERSION:
        raise BackupFileError(
            _(
                "%(name)s was made by a newer version of this software (backup format %(version)s; this one "
                "reads up to %(known)s). Install the newer version first, then restore."
            )
            % {"name": name, "version": version, "known": FORMAT_VERSION}
        )
    try:
        tables = [TableData(**t) for t in raw["tables"]]
        manifest = Manifest(
            created_at=str(raw["created_at"]),
            engine=str(raw["engine"]),
            migrations={str(app): [str(m) for m in names] for app, names in raw["migrations"].items()},
            software=dict(raw.get("software") or {}),
            tables=tables,
            reason=str(raw.get("reason") or ""),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise BackupFileError(
            _("%(name)s has an incomplete manifest (%(error)s).") % {"name": name, "error": exc}
        ) from None
    return manifest


def _check_entries(zf: zipfile.ZipFile, manifest: Manifest, name: str) -> None:
    """Every entry of the file is the manifest or a table's data, each once, at the place a backup
    puts it (``data/<app>.<model>.jsonl``): an entry it does not know (a ``../`` path, an extra file
    of any size) refuses the whole file instead of being ignored (issue 34 item 13)."""
    expected = {MANIFEST}
    for table in manifest.tables:
        if table.member != f"data/{table.model}.jsonl" or "/" in table.model or ".." in table.model:
            raise BackupFileError(
                _("%(name)s is refused: its manifest names data at an unexpected place (%(member)s).")
                % {"name": name, "member": str(table.member)[:80]}
            )
        expected.add(table.member)
    names = zf.namelist()
    unknown = sorted({entry for entry in names if entry not in expected})
    if unknown:
        shown = ", ".join(entry[:80] for entry in unknown[:3]) + (" …" if len(unknown) > 3 else "")
        raise BackupFileError(
            _("%(name)s is refused: it holds entries a backup does not have (%(entries)s). Nothing was changed.")
            % {"name": name, "entries": shown}
        )
    if len(names) != len(set(names)):
        raise BackupFileError(_("%(name)s is refused: it holds an entry twice. Nothing was changed.") % {"name": name})


def _check_member(zf: zipfile.ZipFile, table: TableData, name: str) -> None:
    digest = hashlib.sha256()
    count = 0
    try:
        with zf.open(table.member) as member:
            for line in member:
                digest.update(line)
                row = json.loads(line)
                if not isinstance(row, list) or len(row) != len(table.columns):
                    raise ValueError(
                        _("row %(row)s does not have %(n)s values") % {"row": count + 1, "n": len(table.columns)}
                    )
                count += 1
    except KeyError:
        raise BackupFileError(
            _("%(name)s is incomplete: the data of %(model)s is missing.") % {"name": name, "model": table.model}
        ) from None
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as exc:
        raise BackupFileError(
            _("%(name)s is damaged in the data of %(model)s (%(error)s).")
            % {"name": name, "model": table.model, "error": exc}
        ) from None
    if count != table.rows or digest.hexdigest() != table.sha256:
        raise BackupFileError(
            _(
                "%(name)s is damaged: the data of %(model)s is not what its manifest says (%(count)s rows, %(rows)s expected)."
            )
            % {"name": name, "model": table.model, "count": count, "rows": table.rows}
        )
