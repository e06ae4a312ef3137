"""``manage.py seed_demo``: an idempotent demo club with a simulated season (see clubs/demo.py)."""

from django.core.management.base import BaseCommand

from scoring.demo.season import seed_demo


class Command(BaseCommand):
    help = "Create (once) the demo club, its members, competitions and a simulated season."

    def handle(self, *args, **options):
        summary = seed_demo()
        self.stdout.write(summary)
