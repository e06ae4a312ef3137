"""``manage.py setup_link``: print the one-time setup link again (``make run`` prints it at start).

The link opens /setup/ from any computer while the site has no club of its own; afterwards the command
says the set-up is done and exits with status 1.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from clubs.setup.link import setup_link
from clubs.setup.selectors import setup_is_open
from core.network import lan_address


class Command(BaseCommand):
    help = "Print the one-time link that opens /setup/ from another computer while the site has no club yet."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="0.0.0.0", help="the address the server listens on (make run HOST=)")
        parser.add_argument("--port", default="8000", help="its port (make run PORT=)")

    def handle(self, *args, host="0.0.0.0", port="8000", **options):
        if not setup_is_open():
            raise CommandError("This site has a club of its own already: the set-up is done, no link is needed.")
        self.stdout.write(setup_link(host, port, lan=lan_address(), site_url=getattr(settings, "SITE_URL", "")))
