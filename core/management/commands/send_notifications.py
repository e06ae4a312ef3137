"""``manage.py send_notifications``: the outbox's worker (core.outbox). ``--once`` sends what is due
and exits 0; without it the worker keeps running (``make run`` starts one beside the server; a league
server runs it as a service, any number of them at once). ``--resend-stale`` puts back the mails of a
worker that died while sending (core.outbox.resend_stale: they may arrive twice) and exits, or with
``--once`` sends them."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand
from django.db import connections
from django.utils.crypto import get_random_string

from core import outbox


class Command(BaseCommand):
    help = (
        "Send the mails waiting in the outbox: --once sends what is due and exits, without it the worker "
        "keeps running. A mail that fails waits and is tried again (never dropped); several workers at "
        "once never send one mail twice."
    )

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="send what is due, then exit")
        parser.add_argument(
            "--resend-stale",
            action="store_true",
            help="first put back the mails of a worker that died while sending (they may arrive twice), "
            "then exit (with --once: send them)",
        )
        parser.add_argument(
            "--interval", type=float, default=2.0, help="seconds between looks at an empty outbox (default 2)"
        )

    def handle(self, *args, once: bool, interval: float, verbosity: int, resend_stale: bool = False, **options):
        if resend_stale:
            count = outbox.resend_stale(by="manage.py send_notifications --resend-stale")
            self.stdout.write(f"{count} mail(s) of a worker that stopped while sending put back to be sent again.")
            if not once:
                return
        if not outbox.is_configured():
            waiting = outbox.status().waiting
            self.stdout.write(
                f"EMAIL_HOST is not set: {waiting} mail(s) kept in the outbox until a mail server is set up."
            )
            while not once:  # a worker without a server keeps the mails and waits to be restarted
                time.sleep(3600)
            return
        # A long-running worker keeps its database connection (with CONN_MAX_AGE=0 a request-style close
        # after each pass would, for SQLite's last connection, checkpoint the WAL every time).
        for connection in connections.all():
            connection.settings_dict["CONN_MAX_AGE"] = None
        # The mail queue, a batch of tasks at a time (outbox.work: claimed in a short transaction, skip
        # locked; the batch's mails over one SMTP connection). Between passes the apps' scheduled mails
        # are written (outbox.before_each_pass).
        worker_id = get_random_string(32)
        while True:
            outbox.prune()
            outbox.run_jobs()
            outbox.work(worker_id=worker_id)
            if once:
                return
            time.sleep(interval)
