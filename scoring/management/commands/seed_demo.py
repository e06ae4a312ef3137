"""``manage.py seed_demo``: an idempotent demo club with a simulated season (scoring/demo/season.py).

``--if-empty`` (what ``make run`` uses): only into a new install, one with no club and no login yet, so
a demo once removed, or an install set up without it (``make run DEMO=0``), never gets it back; plain
``seed_demo`` (``make seed``) makes whatever of the demo is missing.
"""

from django.core.management.base import BaseCommand, CommandError

from scoring.demo.season import DemoConflict, database_is_empty, seed_demo


class Command(BaseCommand):
    help = "Create (once) the demo club, its members, competitions and a simulated season."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="only when the database has no club and no login yet (make run); a removed demo stays removed",
        )

    def handle(self, *args, if_empty=False, **options):
        if if_empty and not database_is_empty():
            self.stdout.write("The database is in use (clubs or logins): the demo is not added (make seed adds it).")
            return
        try:
            summary = seed_demo()
        except DemoConflict as error:
            raise CommandError(str(error)) from None
        self.stdout.write(summary)
