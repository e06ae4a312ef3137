"""The outbox (core.outbox) against a real SMTP server on loopback (aiosmtpd): a mail queued in a
transaction arrives once after commit; a server that is down, then up, gets every mail once; a server
that refuses every message loses none and the reason is kept for the organiser; two workers at once
send no mail twice (SQLite file and, with DATABASE_URL, PostgreSQL)."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.core import mail
from django.core.management import call_command
from django.db import connection, transaction
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from core import outbox
from tests.factories import ClubFactory, UserFactory, club_evening, publish_next_round
from tests.mailserver import MailServer

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def server():
    smtp = MailServer().start()
    yield smtp
    smtp.stop()


@pytest.fixture
def mail_settings(settings, server):
    settings.EMAIL_BACKEND = "core.outbox.OutboxBackend"
    settings.OUTBOX_EMAIL_BACKEND = outbox.SMTP_BACKEND
    for name, value in server.settings().items():
        setattr(settings, name, value)
    settings.OUTBOX_RETRY_SECONDS = 60
    return settings


def send_now():
    call_command("send_notifications", "--once", verbosity=0)


def time_passes():
    """Every mail waiting for its next try is due now (as if its back-off had run out)."""
    DBTaskResult.objects.filter(status=TaskResultStatus.READY, run_after__lt=timezone.now() + timedelta(days=1)).update(
        run_after=timezone.now() - timedelta(seconds=1)
    )


def queue(count: int, *, prefix: str = "Mail") -> None:
    with transaction.atomic():
        for number in range(count):
            mail.send_mail(f"{prefix} {number}", f"Tekst {number}", None, [f"lid{number}@example.nl"])


def test_a_mail_is_queued_in_the_transaction_and_arrives_once_after_commit(mail_settings, server):
    with transaction.atomic():
        sent = mail.EmailMultiAlternatives("Loting ronde 1", "U zit aan tafel 3.", None, ["henk@example.nl"])
        sent.attach_alternative("<p>U zit aan <b>tafel 3</b>.</p>", "text/html")
        sent.send()
        assert server.inbox.messages == [], "nothing leaves before the worker runs"
    assert outbox.status().waiting == 1
    send_now()
    send_now()  # a second run finds nothing to send
    assert len(server.inbox.messages) == 1
    received = server.inbox.messages[0]
    assert received["Subject"] == "Loting ronde 1"
    assert received["To"] == "henk@example.nl"
    assert received.get_body(("plain",)).get_content().strip() == "U zit aan tafel 3."
    assert "<b>tafel 3</b>" in received.get_body(("html",)).get_content()
    assert outbox.status().waiting == 0


def test_a_rolled_back_transaction_leaves_no_mail(mail_settings, server):
    with pytest.raises(RuntimeError), transaction.atomic():
        mail.send_mail("Uitslag", "Tekst", None, ["henk@example.nl"])
        raise RuntimeError("the publish failed")
    send_now()
    assert server.inbox.messages == []
    assert DBTaskResult.objects.count() == 0


def test_without_a_mail_server_mail_is_kept_not_lost(settings, capsys):
    settings.EMAIL_BACKEND = "core.outbox.OutboxBackend"
    settings.OUTBOX_EMAIL_BACKEND = outbox.SMTP_BACKEND
    settings.EMAIL_HOST = ""
    queue(2)
    call_command("send_notifications", "--once")
    assert "EMAIL_HOST is not set: 2 mail(s) kept" in capsys.readouterr().out
    state = outbox.status()
    assert (state.waiting, state.configured, state.problem) == (2, False, True)


@pytest.mark.parametrize(
    ("backend", "host", "configured"),
    [
        (outbox.SMTP_BACKEND, "", False),
        (outbox.SMTP_BACKEND, "smtp.example.org", True),
        ("django.core.mail.backends.console.EmailBackend", "", True),
    ],
)
def test_mail_is_set_up_when_the_worker_has_somewhere_to_deliver(settings, backend, host, configured):
    """The one answer to "is mail set up" (the people pages, the forgotten password, the worker)."""
    settings.OUTBOX_EMAIL_BACKEND, settings.EMAIL_HOST = backend, host
    assert outbox.is_configured() is configured


def test_server_down_while_mail_is_queued_then_up_every_mail_arrives_once(mail_settings, server):
    server.stop()
    queue(3)
    send_now()
    assert server.inbox.messages == []
    state = outbox.status()
    assert state.waiting == 3
    assert "niet bereikbaar" in state.reason  # Dutch, the default
    assert state.next_attempt > timezone.now() + timedelta(seconds=50), "it waits before trying again"
    send_now()  # not due yet: nothing tried
    assert DBTaskResult.objects.filter(args_kwargs__kwargs__attempt=2).count() == 0

    time_passes()
    send_now()  # still down: a second failure doubles the wait
    second = DBTaskResult.objects.filter(status=TaskResultStatus.READY, args_kwargs__kwargs__attempt=2)
    assert second.count() == 3
    assert all(r.run_after > timezone.now() + timedelta(seconds=110) for r in second)

    server.start()
    time_passes()
    send_now()
    subjects = sorted(m["Subject"] for m in server.inbox.messages)
    assert subjects == ["Mail 0", "Mail 1", "Mail 2"]
    assert len(set(server.inbox.message_ids())) == 3
    assert outbox.status().waiting == 0
    time_passes()
    send_now()
    assert len(server.inbox.messages) == 3, "never twice"


def test_a_server_refusing_every_message_loses_nothing_and_says_why(mail_settings, server):
    server.inbox.refuse = "550 5.7.1 Relaying denied"
    queue(2)
    send_now()
    time_passes()
    send_now()
    assert server.inbox.messages == []
    state = outbox.status()
    assert state.waiting == 2 and state.problem
    assert state.reason == "de mailserver weigert het bericht"
    assert "550 5.7.1 Relaying denied" in state.detail
    server.inbox.refuse = None
    time_passes()
    send_now()
    assert sorted(m["Subject"] for m in server.inbox.messages) == ["Mail 0", "Mail 1"]
    assert outbox.status().waiting == 0


def test_wrong_credentials_are_named_and_the_right_ones_send(mail_settings):
    guarded = MailServer(login=("club", "geheim")).start()
    try:
        for name, value in guarded.settings().items():
            setattr(mail_settings, name, value)
        mail_settings.EMAIL_HOST_USER, mail_settings.EMAIL_HOST_PASSWORD = "club", "fout"
        queue(1)
        send_now()
        state = outbox.status()
        assert state.waiting == 1 and guarded.inbox.messages == []
        assert (
            state.reason
            == "de mailserver weigert de gebruikersnaam of het wachtwoord (EMAIL_HOST_USER, EMAIL_HOST_PASSWORD)"
        )
        assert "535" in state.detail
        mail_settings.EMAIL_HOST_PASSWORD = "geheim"
        time_passes()
        send_now()
        assert [m["Subject"] for m in guarded.inbox.messages] == ["Mail 0"]
    finally:
        guarded.stop()


def test_sent_mails_leave_the_database_after_the_keep_days(mail_settings, server):
    queue(1)
    send_now()
    assert DBTaskResult.objects.filter(status=TaskResultStatus.SUCCESSFUL).count() == 1
    assert outbox.prune(now=timezone.now() + timedelta(days=3)) == 0
    assert outbox.prune(now=timezone.now() + timedelta(days=8)) == 1


def test_a_queued_mail_round_trips_with_attachments_and_headers():
    message = mail.EmailMultiAlternatives(
        "Onderwerp", "Tekst", "club@example.nl", ["a@example.nl"], cc=["b@example.nl"], headers={"List-Id": "x"}
    )
    message.attach_alternative("<p>Tekst</p>", "text/html")
    message.attach("uitslag.csv", "a;b\n", "text/csv")
    message.attach("logo.png", b"\x89PNG\x00", "image/png")
    again = outbox.deserialise(outbox.serialise(message))
    assert (again.subject, again.body, again.to, again.cc) == ("Onderwerp", "Tekst", ["a@example.nl"], ["b@example.nl"])
    assert again.extra_headers["List-Id"] == "x" and "@example.nl>" in again.extra_headers["Message-ID"]
    assert again.alternatives[0][0] == "<p>Tekst</p>"
    assert [a[1] for a in again.attachments] == ["a;b\n", b"\x89PNG\x00"]


def test_a_batch_of_mails_goes_over_one_connection_and_a_refused_one_fails_alone(mail_settings, server):
    server.inbox.refuse_to = {"lid3@example.nl"}
    queue(8)
    send_now()
    assert server.inbox.greetings == 1, "one SMTP connection for the batch"
    assert sorted(m["To"] for m in server.inbox.messages) == [f"lid{n}@example.nl" for n in range(8) if n != 3]
    state = outbox.status()
    assert state.waiting == 1 and state.reason == "de mailserver weigert het bericht"
    assert "550 5.1.1 No such user" in state.detail
    server.inbox.refuse_to = set()
    time_passes()
    send_now()
    assert len(server.inbox.messages) == 8 and len(set(server.inbox.message_ids())) == 8
    assert outbox.status().waiting == 0


def test_batches_are_claimed_in_turn_and_every_mail_is_marked_sent(mail_settings, server):
    queue(7)
    assert outbox.work(worker_id="w", batch=3) == 7
    assert len(server.inbox.messages) == 7
    assert server.inbox.greetings == 3, "one connection per batch of three"
    rows = DBTaskResult.objects.all()
    assert {r.status for r in rows} == {TaskResultStatus.SUCCESSFUL}
    assert all(r.worker_ids == ["w"] and r.return_value == {"sent": True} for r in rows)


def test_a_server_down_fails_the_whole_batch_after_one_try(mail_settings, server):
    server.stop()
    queue(5)
    send_now()
    retries = DBTaskResult.objects.filter(status=TaskResultStatus.READY)
    assert retries.count() == 5
    assert {r.args_kwargs["kwargs"]["reason"] for r in retries} == {"unreachable"}
    assert DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING).count() == 0


# --- two workers at once


def worker_environment(tmp_path, server) -> dict[str, str]:
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings.test", **server.environment())
    for name in ("PYTEST_CURRENT_TEST", "DJANGO_ALLOW_ASYNC_UNSAFE", "EMAIL_BACKEND"):
        env.pop(name, None)
    if connection.vendor == "postgresql":  # the test database itself: this test commits (transaction=True)
        s = connection.settings_dict
        env["DATABASE_URL"] = (
            f"postgres://{s['USER']}:{s['PASSWORD']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"
        )
    else:  # a database file of its own: the test database lives in this process's memory
        env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'outbox.sqlite3'}"
        manage(env, "migrate", "django_tasks_database", "--noinput", "-v", "0")
    return env


def manage(env, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *arguments], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )


@pytest.mark.slow
def test_two_workers_at_once_send_no_mail_twice(tmp_path, server):
    server.inbox.delay = 0.005  # each mail takes a moment, so the two workers overlap
    env = worker_environment(tmp_path, server)
    count = 60
    manage(
        env,
        "shell",
        "-c",
        "from django.core import mail\n"
        f"for n in range({count}): mail.send_mail(f'Mail {{n}}', 'Tekst', None, [f'lid{{n}}@example.nl'])",
    )
    workers = [
        subprocess.Popen(
            [sys.executable, "manage.py", "send_notifications", "--once", "-v", "0"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for worker in workers:
        _out, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err
    ids = server.inbox.message_ids()
    assert len(ids) == count, f"{len(ids)} mails arrived for {count} queued"
    assert len(set(ids)) == count, "a mail arrived twice"
    assert sorted(m["Subject"] for m in server.inbox.messages) == sorted(f"Mail {n}" for n in range(count))
    check = manage(
        env,
        "shell",
        "-c",
        "from django_tasks_db.models import DBTaskResult as R\n"
        "print(R.objects.filter(status='READY').count(), len({w for r in R.objects.all() for w in r.worker_ids}))",
    )
    waiting, workers_seen = map(int, check.stdout.split()[-2:])
    assert waiting == 0
    assert workers_seen >= 1
    print(f"{count} mails, {workers_seen} workers took part")


# --- what the organiser sees


def test_the_organisers_page_says_how_many_wait_and_why_in_dutch(mail_settings, server, client):
    organiser = UserFactory(username="mail-org", organiser_of=ClubFactory(slug="mailclub"))
    client.force_login(organiser)
    server.inbox.refuse = "550 5.7.1 Relaying denied"
    queue(3)
    send_now()
    page = client.get("/manage/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "3 mails wachten op verzending." in page
    assert "de mailserver weigert het bericht" in page
    assert "550 5.7.1 Relaying denied" in page
    assert "er gaat niets verloren" in page
    server.inbox.refuse = None
    time_passes()
    send_now()
    page = client.get("/manage/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Alle mails zijn verzonden." in page


def test_the_organisers_page_says_mail_is_kept_without_a_mail_server(settings, client):
    settings.EMAIL_BACKEND = "core.outbox.OutboxBackend"
    settings.OUTBOX_EMAIL_BACKEND = outbox.SMTP_BACKEND
    settings.EMAIL_HOST = ""
    client.force_login(UserFactory(username="mail-org2", organiser_of=ClubFactory(slug="mailclub2")))
    queue(1)
    page = client.get("/manage/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "1 mail wacht op verzending." in page
    assert "Er is geen mailserver ingesteld (EMAIL_HOST)" in page


def test_a_bulk_queued_mail_is_the_row_enqueue_writes(mail_settings):
    """core.outbox.enqueue_many leans on django_tasks_db's internals: this fails loudly when an upgrade
    changes the row that enqueue writes."""
    message = mail.EmailMessage("Onderwerp", "Tekst", "club@example.nl", ["a@example.nl"])
    data = outbox.serialise(message)
    outbox.deliver.enqueue(mail=data)
    outbox.enqueue_many([data, data])
    one, *bulk = DBTaskResult.objects.order_by("enqueued_at")
    fields = [f.name for f in DBTaskResult._meta.concrete_fields if f.name not in ("id", "enqueued_at")]
    for row in bulk:
        assert {f: getattr(row, f) for f in fields} == {f: getattr(one, f) for f in fields}
    assert one.task.func is outbox.deliver.func and bulk[0].task.func is outbox.deliver.func


def test_several_mails_at_once_are_one_insert(mail_settings, django_assert_num_queries):
    messages = [mail.EmailMessage(f"M{n}", "Tekst", None, [f"l{n}@example.nl"]) for n in range(50)]
    with transaction.atomic(), django_assert_num_queries(1):  # inside the cause's transaction
        assert mail.get_connection().send_messages(messages) == 50
    assert outbox.status().waiting == 50


@pytest.mark.slow
def test_without_once_the_worker_keeps_running_and_sends_what_comes_later(tmp_path, server):
    import time

    env = worker_environment(tmp_path, server)
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "send_notifications", "--interval", "0.2", "-v", "0"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for batch in range(2):  # queued while the worker runs, twice: it is still there the second time
            manage(
                env,
                "shell",
                "-c",
                f"from django.core import mail\nmail.send_mail('Later {batch}', 'Tekst', None, ['a@example.nl'])",
            )
            deadline = time.monotonic() + 30
            while len(server.inbox.messages) <= batch and time.monotonic() < deadline:
                time.sleep(0.1)
            assert len(server.inbox.messages) == batch + 1
        assert worker.poll() is None, "the worker keeps running"
    finally:
        worker.terminate()
        worker.wait(timeout=15)


def test_the_batch_worker_claims_and_finishes_a_row_as_django_tasks_does(mail_settings, server):
    """core.outbox.claim and finish write the fields django_tasks_db's own worker writes (its
    DBTaskResult.claim and set_successful): this fails loudly when an upgrade changes them."""
    queue(2)
    theirs, ours = DBTaskResult.objects.order_by("enqueued_at")
    theirs.claim("lib")
    claimed = outbox.claim(worker_id="ours", batch=5)
    assert [row.pk for row in claimed] == [ours.pk], "a row claimed by another worker is not taken again"
    theirs.refresh_from_db()
    ours.refresh_from_db()
    fields = [f.name for f in DBTaskResult._meta.concrete_fields if f.name not in ("id", "enqueued_at", "started_at")]
    differ = {f for f in fields if getattr(theirs, f) != getattr(ours, f)}
    assert differ == {"worker_ids", "args_kwargs"}, differ
    assert (theirs.worker_ids, ours.worker_ids) == (["lib"], ["ours"])
    assert theirs.started_at is not None and ours.started_at is not None
    theirs.set_successful({"sent": True})
    outbox.send_batch(claimed)
    theirs.refresh_from_db()
    ours.refresh_from_db()
    differ = {f for f in fields if getattr(theirs, f) != getattr(ours, f)}
    assert differ == {"worker_ids", "args_kwargs", "finished_at"}, differ
    assert ours.task_result.status == TaskResultStatus.SUCCESSFUL


# --- a worker that died: issue 32 item 5, never lost, never twice


def worker_died(worker_id: str, *, minutes: float) -> list[DBTaskResult]:
    """Every due task of the mail queue claimed by ``worker_id``, ``minutes`` ago (a worker that then
    died, or one still busy)."""
    rows = outbox.claim(worker_id=worker_id, batch=1000)
    DBTaskResult.objects.filter(pk__in=[row.pk for row in rows]).update(
        started_at=timezone.now() - timedelta(minutes=minutes)
    )
    return rows


def test_a_composing_task_of_a_dead_worker_is_composed_again_and_its_mails_arrive_once(mail_settings, server):
    settings = mail_settings
    settings.SITE_URL = "http://club.example.nl"
    _club, _competition, _members, evening, _organiser = club_evening()
    publish_next_round(evening)
    dead = worker_died("dead", minutes=settings.OUTBOX_STALE_MINUTES + 1)
    assert dead and all(row.task_path != outbox.deliver.module_path for row in dead), "compose tasks only"
    send_now()
    send_now()
    assert len(server.inbox.messages) == 8 and len(set(server.inbox.message_ids())) == 8
    assert not DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING).exists()
    state = outbox.status()
    assert (state.waiting, state.sending, state.stale) == (0, 0, 0)


def test_a_stale_compose_task_whose_worker_was_only_slow_composes_once(mail_settings, server):
    """The slow worker finishes after another claimed its task again: its mails roll back."""
    mail_settings.SITE_URL = "http://club.example.nl"
    _club, _competition, _members, evening, _organiser = club_evening()
    publish_next_round(evening)
    slow = worker_died("slow", minutes=mail_settings.OUTBOX_STALE_MINUTES + 1)
    send_now()  # another worker: the stale task runs again, its 8 mails are sent
    for row in slow:  # the slow worker wakes up and finishes its old claim
        outbox.run_task(row)
    send_now()
    assert len(server.inbox.messages) == 8 and len(set(server.inbox.message_ids())) == 8
    assert DBTaskResult.objects.filter(task_path=outbox.deliver.module_path).count() == 8


def test_claims_younger_than_the_limit_are_left_to_their_live_worker(mail_settings, server):
    mail_settings.SITE_URL = "http://club.example.nl"
    _club, _competition, _members, evening, _organiser = club_evening()
    publish_next_round(evening)
    queue(2)
    busy = worker_died("live", minutes=mail_settings.OUTBOX_STALE_MINUTES - 1)
    assert {row.task_path for row in busy} > {outbox.deliver.module_path}, "a mail and compose tasks"
    send_now()
    assert server.inbox.messages == []
    rows = DBTaskResult.objects.filter(pk__in=[row.pk for row in busy])
    assert all(row.status == TaskResultStatus.RUNNING and row.worker_ids == ["live"] for row in rows)
    state = outbox.status()
    assert state.stale == 0 and state.sending == 10  # 8 to compose, 2 mails
    assert outbox.resend_stale(by="test") == 0


def test_a_mail_of_a_dead_worker_is_sent_again_only_when_the_organiser_asks(mail_settings, server, client):
    organiser = UserFactory(username="stale-org", organiser_of=ClubFactory(slug="staleclub"))
    queue(2, prefix="Uitslag")
    worker_died("dead", minutes=mail_settings.OUTBOX_STALE_MINUTES + 1)
    send_now()
    assert server.inbox.messages == [], "possibly sent already: not sent again silently"
    assert outbox.status().stale == 2 and outbox.status().problem
    client.force_login(organiser)
    page = client.get("/manage/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "2 mails mogelijk niet verzonden (worker gestopt tijdens verzenden)" in page
    assert "Opnieuw versturen" in page and "kan dubbel aankomen" in page
    assert 'action="/manage/outbox/resend-stale/"' in page

    assert client.get("/manage/outbox/resend-stale/").status_code == 405
    answer = client.post("/manage/outbox/resend-stale/", HTTP_ACCEPT_LANGUAGE="nl", follow=True)
    assert "Niets opnieuw verstuurd" in answer.content.decode(), "not ticked: nothing changes"
    send_now()
    assert server.inbox.messages == [] and outbox.status().stale == 2

    answer = client.post(
        "/manage/outbox/resend-stale/", {"may_arrive_twice": "1"}, HTTP_ACCEPT_LANGUAGE="nl", follow=True
    )
    assert "2 mails worden opnieuw verstuurd." in answer.content.decode()
    send_now()
    send_now()
    assert sorted(m["Subject"] for m in server.inbox.messages) == ["Uitslag 0", "Uitslag 1"]
    page = client.get("/manage/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "mogelijk niet verzonden" not in page and "Alle mails zijn verzonden." in page


def test_only_an_organiser_or_site_admin_may_send_stale_mails_again(mail_settings, server, client):
    queue(1)
    worker_died("dead", minutes=mail_settings.OUTBOX_STALE_MINUTES + 1)
    client.force_login(UserFactory(username="stale-scorer", scorer_of=ClubFactory(slug="staleclub2")))
    assert client.post("/manage/outbox/resend-stale/", {"may_arrive_twice": "1"}).status_code == 403
    client.logout()
    assert client.post("/manage/outbox/resend-stale/", {"may_arrive_twice": "1"}).status_code == 302
    send_now()
    assert server.inbox.messages == [] and outbox.status().stale == 1


def test_the_league_servers_admin_sends_stale_mails_again_from_the_command_line(mail_settings, server, capsys):
    queue(3)
    worker_died("dead", minutes=mail_settings.OUTBOX_STALE_MINUTES + 1)
    call_command("send_notifications", "--resend-stale")
    assert "3 mail(s)" in capsys.readouterr().out
    assert server.inbox.messages == [] and outbox.status().waiting == 3
    call_command("send_notifications", "--resend-stale", "--once", verbosity=0)
    send_now()
    assert len(server.inbox.messages) == 3 and len(set(server.inbox.message_ids())) == 3
