"""``manage.py backup [--to DIR]``: one file with the whole database, made while the server runs."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from scoring.backup.services import make_backup


class Command(BaseCommand):
    help = (
        "Write a consistent snapshot of the whole database (every club) to one file named by date and time, "
        "in BACKUP_DIR or --to DIR, and keep the newest BACKUP_KEEP there. Safe while the server runs."
    )

    def add_arguments(self, parser):
        parser.add_argument("--to", default="", help="the folder to write to (default: BACKUP_DIR)")
        parser.add_argument("--keep", type=int, default=None, help="keep the newest N backups there (0: all)")

    def handle(self, *args, **options):
        directory = Path(options["to"]) if options["to"] else None
        try:
            path = make_backup(directory=directory, reason="command", keep=options["keep"])
        except OSError as error:
            raise CommandError(_("The backup could not be written: %(error)s") % {"error": error}) from None
        self.stdout.write(str(path))
