"""Backups made by themselves, in a background thread, one at a time per process: after every round
whose matches are all confirmed, and at the end of a club evening, its own trigger: the confirmation
that completes the evening's last planned round makes a backup whose reason (in the manifest and the
log) is "end of evening N of <competition>" rather than the round's.

The confirming services call ``after_confirmation`` inside their transaction; the check and the
backup wait until it commits, and the organiser who confirmed the last table does not wait for the
file. A confirmation that arrives while a backup is being written asks for one more afterwards, so
the newest file always holds the latest confirmed round. ``BACKUP_AUTO`` turns it off (a league
server backs up nightly from cron instead).

A backup is never cut off by stopping the server (issue 34 item 11: Ctrl-C right after the evening's last
confirmation left only a ``.partial``): its thread is not a daemon, so the process ends only once the
file is complete (``serve_laptop`` says it waits), and at start-up ``catch_up`` removes what a cut-off
backup left and makes the backup that is due (confirmed results newer than the newest backup).
"""

from __future__ import annotations

import logging
import threading
from functools import partial

from django.conf import settings
from django.db import connections, transaction
from django.db.models import Max

from competitions.evenings.selectors import evening_over
from competitions.models import Match, Round
from scoring.backup.services import latest_backup, make_backup, remove_partials

logger = logging.getLogger(__name__)
_lock = threading.Lock()
_state: dict = {"running": False, "again": "", "thread": None}


def after_confirmation(match: Match) -> None:
    """Inside the transaction that confirmed ``match``: back up after commit if its round is now complete."""
    if settings.BACKUP_AUTO:
        transaction.on_commit(partial(_round_done, match.round_id))


def _round_done(round_id: int) -> None:
    if Match.objects.filter(round_id=round_id).exclude(status=Match.Status.CONFIRMED).exists():
        return
    start(evening_done(round_id) or f"round {round_id} confirmed")


def evening_done(round_id: int) -> str:
    """The reason for the evening's own backup when the round ``round_id`` (complete) has ended its
    club evening (``competitions.evenings.selectors.evening_over``), else ""."""
    found = (
        Round.objects.filter(pk=round_id, evening__isnull=False)
        .values_list("evening_id", "evening__number", "competition__rounds_per_evening", "competition__slug")
        .first()
    )
    if found is None:
        return ""
    evening_id, number, planned, slug = found
    return f"end of evening {number} of {slug}" if evening_over(evening_id, planned) else ""


def start(reason: str) -> None:
    """Make a backup in the background (or once more after the one being made)."""
    with _lock:
        if _state["running"]:
            _state["again"] = reason
            return
        _state["running"] = True
        # not a daemon: the interpreter waits for it at exit, so stopping the server never cuts a file off
        thread = threading.Thread(target=_work, args=(reason,), name="klaverjas-backup", daemon=False)
        _state["thread"] = thread
    thread.start()


def _work(reason: str) -> None:
    try:
        while reason:
            try:
                make_backup(reason=reason)
            except Exception:  # the next confirmation tries again; the log says why this one failed
                logger.exception("automatic backup failed (%s)", reason)
            with _lock:
                reason, _state["again"] = _state["again"], ""
                if not reason:
                    _state["running"] = False
    finally:
        connections.close_all()  # this thread's own database connections


def running() -> bool:
    with _lock:
        return bool(_state["running"])


def due() -> str:
    """Why a backup is due now (confirmed results newer than the newest backup), or ""."""
    confirmed = Match.objects.filter(status=Match.Status.CONFIRMED).aggregate(last=Max("confirmed_at"))["last"]
    if confirmed is None:
        return ""
    newest = latest_backup()
    if newest is not None and newest.made_at >= confirmed:
        return ""
    return "due at start-up: results confirmed since the last backup"


def catch_up() -> str:
    """At start-up: remove what a cut-off backup left and make the backup that is due (in the
    background). Returns the reason of the backup started, or ""."""
    if not settings.BACKUP_AUTO:
        return ""
    remove_partials()
    reason = due()
    if reason:
        start(reason)
    return reason


def wait(timeout: float | None = 60) -> None:
    """Until the background backup (if any) is done: for tests and an orderly shutdown."""
    thread = _state["thread"]
    if thread is not None:
        thread.join(timeout)
