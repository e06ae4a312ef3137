"""``manage.py restore FILE``: a backup back into an empty database (SQLite or PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from scoring.backup.archive import BackupFileError
from scoring.backup.restore import restore_backup


class Command(BaseCommand):
    help = (
        "Restore a backup made by `manage.py backup` into an empty database (the one DATABASE_URL names; "
        "migrated or not). A damaged, foreign or newer file, or a database that holds data, is refused "
        "and nothing is changed."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file (klaverjas-YYYYMMDD-HHMMSS.zip)")

    def handle(self, *args, **options):
        try:
            report = restore_backup(path=Path(options["file"]))
        except BackupFileError as refusal:
            raise CommandError(str(refusal)) from None
        self.stdout.write(
            _("Restored %(name)s (made %(made)s on %(source)s) into %(engine)s: %(tables)s tables, %(rows)s rows.")
            % {
                "name": report.path.name,
                "made": report.created_at,
                "source": report.source_engine,
                "engine": report.engine,
                "tables": report.tables,
                "rows": report.rows,
            }
        )
