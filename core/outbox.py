"""The outbox: every mail the site sends is a row in the database first, sent after commit by a worker.

``EMAIL_BACKEND = "core.outbox.OutboxBackend"`` (config/settings/base.py): any ``django.core.mail``
call anywhere in the project (a password reset, an invitation, a notification) only *queues* the
mail, as a task of Django's task API on django-tasks' database backend (``django_tasks_db``). The
row is written by the caller's own database connection, so inside its transaction: a publish that
rolls back leaves no mail, a publish that commits leaves every mail it wrote. ``manage.py
send_notifications`` (the worker; ``--once`` sends what is due and stops) hands each mail to the real
backend, ``OUTBOX_EMAIL_BACKEND`` (SMTP with Django's ``EMAIL_*`` settings).

Why django-tasks' database backend and not django-mailer: its worker *claims* a mail in a short
transaction (``SELECT … FOR UPDATE SKIP LOCKED`` on PostgreSQL, an exclusive transaction on SQLite)
and talks to the mail server after that transaction has ended. django-mailer sends while it holds the
row's lock; on the laptop's SQLite (every transaction ``BEGIN IMMEDIATE``) that would hold the
database's write lock for as long as an unreachable mail server takes to time out, and every score
save would wait behind it. Several workers at once never send one mail twice: a claimed mail is
``RUNNING`` and no other worker sees it. Retrying with back-off is a new row with ``run_after`` (which
that backend honours), so a mail is never dropped, and the reason of its last failure travels with
it for the organiser's page (:func:`status`). It is also the API Django 6 has built in
(``django.tasks``), so the upgrade changes an import, not the outbox.

Without a mail server (``EMAIL_HOST`` empty, as on a club laptop) nothing is printed or lost: the
worker leaves the mails where they are and the organiser's page says they wait and why.

A mail lives in the row as JSON (:func:`serialise`): subject, body, addresses, headers, the HTML
alternative and attachments, with its ``Message-ID`` fixed when it is queued, so a mail that arrives
can be matched with its row. Sent mails are removed after ``OUTBOX_KEEP_DAYS`` (personal data is not
kept longer than needed).

A worker that dies (killed, the laptop's lid shut for good) leaves what it claimed ``RUNNING``. Nothing
is lost for that: a task claimed longer ago than ``OUTBOX_STALE_MINUTES`` (default 15) is *stale*, its
worker gone (a live one finishes a batch in a few minutes at most: see :func:`stale_before`).
A stale task that *composes* mails (members.mails.tasks) goes back to ``READY`` at the next claim, in
the claim's transaction: it sent nothing, and its mails and its "done" are written in one transaction
(:func:`run_task`), so it composes its mails once. A stale *mail* (``deliver``) may have reached the
mail server before its worker died, so it is not sent again silently: the organiser's page says "N
mails possibly not sent (the worker stopped while sending)" and offers to send them again, warning
they may arrive twice (:func:`resend_stale`; ``send_notifications --resend-stale`` on a league server).

The worker (:func:`work`, run by ``send_notifications``) takes django-tasks' steps a batch at a time:
it claims up to :data:`BATCH` tasks in one short transaction, sends their mails over one SMTP
connection, and records them in one transaction (issue 32: 36 mails/s one by one, over 150 so).

One idea past 500 lines: a mail's way through django_tasks_db's rows, queued, claimed, sent, recorded,
recovered from a dead worker and counted for the organiser; every step writes the fields of that
library's model by hand, kept in this one module so an upgrade that changes them fails in one place.
"""

from __future__ import annotations

import base64
import logging
import smtplib
import socket
import uuid
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.mime.base import MIMEBase
from email.utils import make_msgid

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.core.mail.backends.base import BaseEmailBackend
from django.db import OperationalError, transaction
from django.db.models import Count, IntegerField, Q, Sum, Value
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _
from django_tasks import TaskResultStatus, task
from django_tasks.utils import normalize_json
from django_tasks_db.models import DBTaskResult, get_date_max
from django_tasks_db.utils import exclusive_transaction, is_locked_database_exception, retry

logger = logging.getLogger(__name__)

#: The task queue of the mails; ``send_notifications`` works on this queue only.
QUEUE = "mail"
SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"


# --- a mail as JSON


def serialise(message) -> dict:
    """A mail (``EmailMessage`` or ``EmailMultiAlternatives``) as JSON that :func:`deserialise`
    turns back into the same mail. Its ``Message-ID`` is fixed here if it has none."""
    headers = {str(key): str(value) for key, value in message.extra_headers.items()}
    if not any(key.lower() == "message-id" for key in headers):
        domain = str(message.from_email or settings.DEFAULT_FROM_EMAIL).rpartition("@")[2] or "localhost"
        headers["Message-ID"] = make_msgid(domain=domain.strip("> "))
    attachments = []
    for attachment in message.attachments:
        if isinstance(attachment, MIMEBase):
            raise TypeError("The outbox keeps attachments given as (filename, content, mimetype) only.")
        filename, content, mimetype = attachment
        if isinstance(content, bytes):
            attachments.append([filename, base64.b64encode(content).decode("ascii"), mimetype, "base64"])
        else:
            attachments.append([filename, str(content), mimetype, "text"])
    return {
        "subject": str(message.subject),
        "body": str(message.body),
        "from_email": str(message.from_email or settings.DEFAULT_FROM_EMAIL),
        "to": [str(a) for a in message.to],
        "cc": [str(a) for a in message.cc],
        "bcc": [str(a) for a in message.bcc],
        "reply_to": [str(a) for a in message.reply_to],
        "headers": headers,
        "alternatives": [[str(content), mimetype] for content, mimetype in getattr(message, "alternatives", [])],
        "attachments": attachments,
        "content_subtype": message.content_subtype,
        "encoding": message.encoding,
    }


def deserialise(mail: dict) -> EmailMultiAlternatives:
    message = EmailMultiAlternatives(
        subject=mail["subject"],
        body=mail["body"],
        from_email=mail["from_email"],
        to=mail["to"],
        cc=mail["cc"],
        bcc=mail["bcc"],
        reply_to=mail["reply_to"],
        headers=mail["headers"],
        alternatives=[tuple(pair) for pair in mail["alternatives"]],
    )
    message.content_subtype = mail.get("content_subtype", "plain")
    message.encoding = mail.get("encoding")
    for filename, content, mimetype, kind in mail["attachments"]:
        message.attach(filename, base64.b64decode(content) if kind == "base64" else content, mimetype)
    return message


# --- queueing


class OutboxBackend(BaseEmailBackend):
    """The site's ``EMAIL_BACKEND``: queues each mail in the database (in the caller's transaction).
    One mail: the task API's own ``enqueue``. Several at once (a draw's 200 mails): one INSERT for
    all of them (:func:`enqueue_many`)."""

    def send_messages(self, email_messages) -> int:
        mails = [serialise(message) for message in email_messages if message.recipients()]
        if len(mails) == 1:
            deliver.enqueue(mail=mails[0])
        elif mails:
            enqueue_many(mails)
        return len(mails)


def enqueue_many(mails: list[dict]) -> None:
    """Queue ``mails`` (serialised) with one bulk INSERT."""
    bulk_enqueue(deliver, [{"mail": mail} for mail in mails])


def bulk_enqueue(job, arguments: list[dict], *, run_after: list[datetime] | None = None) -> None:
    """Queue the task ``job`` once per keyword-argument dict with one bulk INSERT: the rows
    ``job.enqueue(**kwargs)`` would write, one by one.

    This leans on django_tasks_db's internals (the fields its ``DatabaseBackend._task_to_db_task``
    fills, and its ``pre_save`` handler's "no run_after" value, ``get_date_max()``), kept in this one
    function; tests/core/test_outbox.py compares a row written here with one written by ``enqueue``
    and fails loudly when an upgrade changes them. The ``task_enqueued`` signal is not sent (nothing
    here listens to it). ``run_after``: when each may run (a retry's back-off), else now."""
    backend = job.get_backend()
    never = get_date_max()
    backend.validate_task(job)
    DBTaskResult.objects.bulk_create(
        [
            DBTaskResult(
                id=uuid.uuid4(),
                args_kwargs=normalize_json({"args": [], "kwargs": kwargs}),
                priority=job.priority,
                task_path=job.module_path,
                queue_name=job.queue_name,
                run_after=run_after[i] if run_after else never,
                backend_name=backend.alias,
            )
            for i, kwargs in enumerate(arguments)
        ]
    )


# --- jobs that write mails on a schedule


#: Callables the worker runs before each pass (``send_notifications``): apps register the mails they
#: write by the clock (``members``: the reminder before an evening). Each writes in its own transaction
#: and must be safe to run by several workers at once (a job records what it wrote, once).
_jobs: list = []


def before_each_pass(job) -> None:
    if job not in _jobs:
        _jobs.append(job)


def run_jobs() -> None:
    for job in _jobs:
        try:
            job()
        except Exception:
            logger.exception("outbox job %s failed", getattr(job, "__name__", job))


# --- sending


def is_configured() -> bool:
    """True when the worker has somewhere to send to: a mail server (``EMAIL_HOST``), or a delivery
    backend other than SMTP (``EMAIL_BACKEND`` in the environment, e.g. the console for a developer)."""
    return bool(settings.EMAIL_HOST) or settings.OUTBOX_EMAIL_BACKEND != SMTP_BACKEND


def retry_delay(attempt: int) -> timedelta:
    """How long a mail waits after its ``attempt``-th failure (0 = the first): doubling from
    ``OUTBOX_RETRY_SECONDS``, at most ``OUTBOX_RETRY_MAX_SECONDS``."""
    seconds = settings.OUTBOX_RETRY_SECONDS * 2 ** min(attempt, 20)
    return timedelta(seconds=min(seconds, settings.OUTBOX_RETRY_MAX_SECONDS))


def _answer(text: bytes | str) -> str:
    """An SMTP error's server answer as text: bytes as the server sent them, or smtplib's own words."""
    return text.decode(errors="replace") if isinstance(text, bytes) else text


def explain(error: BaseException) -> tuple[str, str]:
    """(reason, detail) of a failed attempt: a reason code :func:`reason_text` puts in words, and
    the server's own answer or the error's text."""
    if isinstance(error, smtplib.SMTPAuthenticationError):
        return "login", f"{error.smtp_code} {_answer(error.smtp_error)}"
    if isinstance(error, smtplib.SMTPNotSupportedError):  # a user name set, the server offers no login
        return "login", str(error)
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        answers = [f"{code} {text.decode(errors='replace')}" for code, text in error.recipients.values()]
        return "refused", "; ".join(answers)
    if isinstance(error, smtplib.SMTPResponseException):
        return "refused", f"{error.smtp_code} {_answer(error.smtp_error)}"
    if isinstance(error, socket.gaierror):
        return "unknown-host", str(error)
    if isinstance(error, TimeoutError):
        return "timeout", str(error) or "timed out"
    if isinstance(error, OSError):  # refused connection, no network, a server that hung up (SMTPException too)
        return "unreachable", str(error) or type(error).__name__
    return "error", f"{type(error).__name__}: {error}"


@task(queue_name=QUEUE)
def deliver(*, mail: dict, attempt: int = 0, reason: str = "", detail: str = "") -> dict:
    """Send one queued mail; on any failure queue it again, later (never dropped). ``reason`` and
    ``detail`` say why the previous attempt failed (for :func:`status`)."""
    try:
        message = deserialise(mail)
        connection = get_connection(settings.OUTBOX_EMAIL_BACKEND, fail_silently=False)
        connection.open()
        try:
            connection.send_messages([message])
        finally:
            with suppress(Exception):  # the mail went; a failed goodbye must not send it again
                connection.close()
    except Exception as error:
        why, answer = explain(error)
        later = timezone.now() + retry_delay(attempt)
        deliver.using(run_after=later).enqueue(mail=mail, attempt=attempt + 1, reason=why, detail=answer)
        logger.warning(
            "Mail %s to %s not sent (attempt %d: %s, %s); next try at %s",
            mail["headers"].get("Message-ID"),
            ", ".join(mail["to"]),
            attempt + 1,
            why,
            answer,
            later.isoformat(timespec="seconds"),
        )
        return {"sent": False, "attempt": attempt + 1, "reason": why}
    logger.info("Mail %s sent to %s", mail["headers"].get("Message-ID"), ", ".join(mail["to"]))
    return {"sent": True, "attempt": attempt + 1}


# --- the worker: mails in batches over one connection

#: How many tasks of the mail queue a worker claims at once; the mails among them go to the mail server
#: over one SMTP connection. A worker that dies while sending leaves at most this many ``RUNNING``.
BATCH = 50


def work(*, worker_id: str, batch: int = BATCH) -> int:
    """Run every due task of the mail queue, ``batch`` at a time, and return how many ran (what
    ``send_notifications`` does on each pass).

    Never lost, never twice, as with django-tasks' own worker, whose steps these are, a batch at a
    time: the tasks are *claimed* in one short transaction (``RUNNING``, this worker's id; ``SKIP
    LOCKED`` on PostgreSQL, an exclusive transaction on SQLite), so no other worker takes them; the
    mail server is spoken to after that transaction, every mail of the batch over one connection
    (``get_connection`` + ``send_messages``), and then one transaction marks the sent ones done and
    queues each failed one again with its back-off (:func:`retry_delay`). Other tasks of the queue
    (the apps' compose tasks) run one by one as django-tasks runs them. django-tasks' signals
    (``task_started``, ``task_finished``) are not sent: nothing here listens to them. This leans on
    django_tasks_db's model (the fields its ``claim`` and ``set_successful`` write), kept in this
    module; tests/core/test_outbox.py compares a row claimed and finished here with one of its own
    worker's and fails loudly when an upgrade changes them."""
    done = 0
    while True:
        claimed = claim(worker_id=worker_id, batch=batch)
        if not claimed:
            return done
        mails = [row for row in claimed if row.task_path == deliver.module_path]
        for row in claimed:
            if row.task_path != deliver.module_path:
                run_task(row)
        if mails:
            send_batch(mails)
        done += len(claimed)


def claim(*, worker_id: str, batch: int = BATCH) -> list[DBTaskResult]:
    """Up to ``batch`` due tasks of the mail queue, marked ``RUNNING`` by ``worker_id`` in one short
    transaction ([] when none is due, or the database is busy: the next pass tries again). A stale
    composing task (its worker gone, :func:`stale`) is due again first, in the same transaction."""
    due = DBTaskResult.objects.ready().filter(queue_name=QUEUE, backend_name=deliver.get_backend().alias)
    try:
        with exclusive_transaction(due.db):
            # a composing task whose worker is gone runs again (it sent nothing): one statement
            stale().exclude(task_path=deliver.module_path).update(status=TaskResultStatus.READY)
            rows = list(due.select_for_update(skip_locked=True)[:batch])
            if rows:
                now = timezone.now()
                DBTaskResult.objects.filter(pk__in=[row.pk for row in rows]).update(
                    status=TaskResultStatus.RUNNING, started_at=now, worker_ids=[worker_id]
                )
                for row in rows:
                    row.status, row.started_at, row.worker_ids = TaskResultStatus.RUNNING, now, [worker_id]
    except OperationalError as error:
        if is_locked_database_exception(error):
            return []
        raise
    return rows


class ClaimLost(Exception):
    """A task's claim was taken over (it went stale and another worker claimed it): its work is undone."""


def run_task(row: DBTaskResult) -> None:
    """Run one claimed task that is not a mail and record how it went (django-tasks' ``run_task``).

    What the task writes (a composing task: its mails) and its "done" are one transaction, and "done"
    is written only while this worker still holds the claim (``RUNNING``, its ``started_at`` and
    ``worker_ids``): a task that died half-way wrote nothing and runs again whole; one that went stale
    while still running, and was claimed again by another worker, is rolled back here. Composed once."""
    try:
        with transaction.atomic():
            value = row.task.call(*row.args_kwargs["args"], **row.args_kwargs["kwargs"])
            held = DBTaskResult.objects.filter(
                pk=row.pk, status=TaskResultStatus.RUNNING, started_at=row.started_at, worker_ids=row.worker_ids
            ).update(
                status=TaskResultStatus.SUCCESSFUL,
                finished_at=timezone.now(),
                return_value=normalize_json(value),
                exception_class_path="",
                traceback="",
            )
            if not held:
                raise ClaimLost(row.pk)
    except ClaimLost:
        logger.warning(
            "Task %s (%s) was claimed again by another worker; its work here is undone", row.pk, row.task_path
        )
    except Exception as error:
        logger.exception("Task %s (%s) failed", row.pk, row.task_path)
        row.set_failed(error)


def _connection_lost(error: BaseException) -> bool:
    """True for an error that leaves the connection unusable (the server hung up or went away), False
    for one about this message only (refused: the connection goes on)."""
    refused = (smtplib.SMTPRecipientsRefused, smtplib.SMTPResponseException)
    return isinstance(error, OSError) and not isinstance(error, refused)


def send_batch(rows: list[DBTaskResult]) -> None:
    """Send the claimed mails ``rows`` over one connection, then record them (:func:`finish`). A mail the
    server refuses fails alone; a connection that breaks is opened once more for the rest, and when it
    cannot be opened every mail left fails with that reason (not tried: an unreachable server is not
    waited for once per mail)."""
    sent: list[DBTaskResult] = []
    failed: list[tuple[DBTaskResult, BaseException]] = []
    connection = get_connection(settings.OUTBOX_EMAIL_BACKEND, fail_silently=False)
    broken: BaseException | None = None
    try:
        connection.open()
    except Exception as error:
        broken = error
    for row in rows:
        if broken is not None:
            failed.append((row, broken))
            continue
        try:
            connection.send_messages([deserialise(row.args_kwargs["kwargs"]["mail"])])
        except Exception as error:
            failed.append((row, error))
            if _connection_lost(error):
                with suppress(Exception):
                    connection.close()
                try:
                    connection.open()
                except Exception as again:
                    broken = again
        else:
            sent.append(row)
    with suppress(Exception):  # the mails went; a failed goodbye must not send them again
        connection.close()
    finish(sent=sent, failed=failed)


@retry()
def finish(*, sent: list[DBTaskResult], failed: list[tuple[DBTaskResult, BaseException]]) -> None:
    """One transaction: the ``sent`` mails done, each ``failed`` one queued again after its back-off
    (a new row, as :func:`deliver` does) and its attempt done."""
    now = timezone.now()
    retries, times = [], []
    for row, error in failed:
        kwargs = row.args_kwargs["kwargs"]
        attempt = kwargs.get("attempt", 0)
        why, answer = explain(error)
        later = now + retry_delay(attempt)
        retries.append({"mail": kwargs["mail"], "attempt": attempt + 1, "reason": why, "detail": answer})
        times.append(later)
        logger.warning(
            "Mail %s to %s not sent (attempt %d: %s, %s); next try at %s",
            kwargs["mail"]["headers"].get("Message-ID"),
            ", ".join(kwargs["mail"]["to"]),
            attempt + 1,
            why,
            answer,
            later.isoformat(timespec="seconds"),
        )
    done = {"status": TaskResultStatus.SUCCESSFUL, "finished_at": now, "exception_class_path": "", "traceback": ""}
    with transaction.atomic():
        if retries:
            bulk_enqueue(deliver, retries, run_after=times)
            DBTaskResult.objects.filter(pk__in=[row.pk for row, _error in failed]).update(
                return_value={"sent": False}, **done
            )
        if sent:
            DBTaskResult.objects.filter(pk__in=[row.pk for row in sent]).update(return_value={"sent": True}, **done)
    for row in sent:
        mail = row.args_kwargs["kwargs"]["mail"]
        logger.info("Mail %s sent to %s", mail["headers"].get("Message-ID"), ", ".join(mail["to"]))


# --- a worker that died


def stale_before() -> datetime:
    """A task claimed before this is *stale*: its worker is gone. ``OUTBOX_STALE_MINUTES`` (default 15)
    is far longer than a live worker holds a claim: composing a chunk takes well under a second, and a
    batch of :data:`BATCH` mails is bounded by ``EMAIL_TIMEOUT`` (20 s a socket operation): a server
    that stops answering costs one timeout, one reconnection (connect, EHLO, STARTTLS, login: at most
    four timeouts), a second timeout, and the rest of the batch fails at once, about 2 minutes;
    a healthy server takes 50 mails in well under a second."""
    return timezone.now() - timedelta(minutes=settings.OUTBOX_STALE_MINUTES)


def stale():
    """The tasks of the mail queue claimed by a worker that is gone (``RUNNING`` since before
    :func:`stale_before`)."""
    return DBTaskResult.objects.filter(
        queue_name=QUEUE,
        backend_name=deliver.get_backend().alias,
        status=TaskResultStatus.RUNNING,
        started_at__lt=stale_before(),
    )


def resend_stale(*, by: str) -> int:
    """Put every stale mail (``deliver``: it may have reached the mail server before its worker died)
    back to be sent, one statement; returns how many. Only on request (the organiser's button,
    ``send_notifications --resend-stale``): such a mail may arrive twice. ``by`` names who asked (logged)."""
    with transaction.atomic():
        count = stale().filter(task_path=deliver.module_path).update(status=TaskResultStatus.READY)
    if count:
        logger.warning("%d stale mail(s) put back to be sent again by %s (they may arrive twice)", count, by)
    return count


def prune(*, now: datetime | None = None) -> int:
    """Remove sent mails older than ``OUTBOX_KEEP_DAYS`` days (and the rows of attempts that failed
    and were queued again); returns how many rows went."""
    before = (now or timezone.now()) - timedelta(days=settings.OUTBOX_KEEP_DAYS)
    removed, _counts = DBTaskResult.objects.filter(
        queue_name=QUEUE, status=TaskResultStatus.SUCCESSFUL, finished_at__lt=before
    ).delete()
    return removed


# --- what the organiser sees


@dataclass(frozen=True)
class OutboxStatus:
    waiting: int  #: queued, not sent yet (also those waiting for their next try, or to be composed)
    sending: int  #: claimed by a worker right now
    stale: int  #: mails whose worker died while sending (possibly sent): sent again only on request
    failed: int  #: a mail that could not even be composed (a fault in the code: the log says which)
    configured: bool
    reason: str  #: why the last failed attempt failed, in words; "" when nothing failed
    detail: str  #: the mail server's own answer or the error's text
    failed_at: datetime | None
    next_attempt: datetime | None

    @property
    def problem(self) -> bool:
        return (
            bool(self.failed) or bool(self.stale) or (bool(self.waiting) and (not self.configured or bool(self.reason)))
        )


def reason_text(reason: str) -> str:
    return {
        "login": _("the mail server refuses the user name or password (EMAIL_HOST_USER, EMAIL_HOST_PASSWORD)"),
        "refused": _("the mail server refuses the message"),
        "unknown-host": _("the mail server's name is not found (no internet, or EMAIL_HOST is wrong)"),
        "timeout": _("the mail server does not answer"),
        "unreachable": _("the mail server cannot be reached (no internet, or the server is down)"),
        "error": _("the mail could not be sent"),
    }.get(reason, reason)


def status() -> OutboxStatus:
    """How many mails wait and why: two queries. Every task of the mail queue counts (a mail still to
    be composed by an app's task, e.g. members.mails.tasks, is a mail that waits too)."""
    mails = DBTaskResult.objects.filter(queue_name=QUEUE)
    # a task that writes several mails says how many in its ``mails`` argument (members.mails.tasks)
    each = Coalesce(Cast(KT("args_kwargs__kwargs__mails"), IntegerField()), Value(1))
    stale_mail = Q(status=TaskResultStatus.RUNNING, task_path=deliver.module_path, started_at__lt=stale_before())
    counts = mails.aggregate(
        waiting=Coalesce(Sum(each, filter=Q(status=TaskResultStatus.READY)), 0),
        sending=Coalesce(Sum(each, filter=Q(status=TaskResultStatus.RUNNING) & ~stale_mail), 0),
        stale=Count("pk", filter=stale_mail),
        failed=Count("pk", filter=Q(status=TaskResultStatus.FAILED)),
    )
    last = None
    if counts["waiting"]:
        last = (
            mails.filter(
                status=TaskResultStatus.READY, task_path=deliver.module_path, args_kwargs__kwargs__attempt__gt=0
            )
            .order_by("-enqueued_at")
            .values("args_kwargs", "enqueued_at", "run_after")
            .first()
        )
    kwargs = last["args_kwargs"]["kwargs"] if last else {}
    return OutboxStatus(
        waiting=counts["waiting"],
        sending=counts["sending"],
        stale=counts["stale"],
        failed=counts["failed"],
        configured=is_configured(),
        reason=reason_text(kwargs["reason"]) if last else "",
        detail=kwargs.get("detail", "") if last else "",
        failed_at=last["enqueued_at"] if last else None,
        next_attempt=last["run_after"] if last else None,
    )
