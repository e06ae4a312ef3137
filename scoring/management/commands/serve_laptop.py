"""``manage.py serve_laptop [addr:port]``: the club laptop's server behind ``make run``.

It is ``runserver`` (whitenoise's, so static files are served as in production, with DEBUG off too)
announcing the addresses a person can open, not ``http://0.0.0.0:8000/``: the one on this laptop,
the one the phones at the tables must use (this laptop's network address, found without internet)
and where the phones page is; while the site has no club of its own the setup page and its one-time
link (``clubs.setup.link``), and the demo's logins while the demo is there.

Backups (issue 34 item 11): at start-up the one that is due is made and what a cut-off one left is
removed (``scoring.backup.auto.catch_up``); on Ctrl-C the server waits for a backup being written.
It serves without the autoreloader unless DEBUG is on: the reloader's parent kills the serving process
a quarter of a second after Ctrl-C, backup or not, and a club laptop's code does not change while it
serves."""

from __future__ import annotations

import os

from django.conf import settings
from whitenoise.runserver_nostatic.management.commands.runserver import Command as RunserverCommand

from clubs.setup.link import setup_lines
from clubs.setup.selectors import setup_is_open
from core.network import lan_address, welcome
from scoring.backup import auto
from scoring.demo.selectors import demo_club_ids, demo_logins


class Command(RunserverCommand):
    help = "Serve the club laptop (runserver), printing the address the phones must use."

    def on_bind(self, server_port):
        host = f"[{self.addr}]" if self._raw_ipv6 else self.addr
        lan, site_url = lan_address(), getattr(settings, "SITE_URL", "")
        lines = welcome(host, server_port, lan=lan, site_url=site_url)
        if setup_is_open():
            lines += setup_lines(host, server_port, lan=lan, site_url=site_url)
        demo = demo_club_ids()
        if demo and demo_logins(demo).filter(username__in=["organiser", "scorer"]).exists():
            lines.append("  Demo logins: organiser / demo  and  scorer / demo (remove the demo on your club's page).")
        debug = "DEBUG is on (developers only)." if settings.DEBUG else "DEBUG is off."
        quit_key = "CTRL-BREAK" if os.name == "nt" else "CONTROL-C"
        self.stdout.write("\n".join([*lines, f"  {debug} Stop the server with {quit_key}."]))

    def run(self, **options):
        options["use_reloader"] = options.get("use_reloader", True) and settings.DEBUG
        super().run(**options)

    def inner_run(self, *args, **options):
        reason = auto.catch_up()
        if reason:
            self.stdout.write(f"  Making the backup that is due ({reason}).")
        try:
            super().inner_run(*args, **options)
        finally:
            if auto.running():
                self.stdout.write("Waiting for the backup being made to finish…")
                auto.wait(timeout=None)
