"""The member mails at league scale (``manage.py bench --only "member mails"``), issue 32 item 7:

- the draw's mails of a 200-player round: the statements and milliseconds they add to the publish
  (bars: at most 3 statements, at most 20 ms), measured in a transaction that is rolled back;
- 5,000 "evening result" mails queued (their notices and compose tasks written; bar: under 2 s);
- the worker (core.outbox.work) composing and sending a 200-player draw's mails to a real SMTP server
  on loopback (aiosmtpd, in this process), and sending 300 mails already composed (bar: at least 50
  mails/s). aiosmtpd is a development requirement: without it that benchmark says it was skipped.

Time bars are ratios to the bare reference (issue 35), the absolute figure beside them.
"""

from __future__ import annotations

import logging
import socket
import threading

from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext, override_settings
from django_tasks_db.models import DBTaskResult

from benchmarking import Measurement, Stopwatch, at_most, bare_reference, benchmark, cost_ratio, rate, sized
from clubs.models import Club, Player
from competitions.draws.services import draw_next_round
from competitions.evenings.services import create_evening, register_attendance
from competitions.models import Competition, Evening, Round
from core import outbox
from members.mails.services import queue_result_mails, write_draw_mails

try:  # a development requirement (requirements-dev.txt): the SMTP server of the worker's benchmark
    from aiosmtpd.controller import Controller
except ImportError:  # pragma: no cover - a production install runs the other benchmarks
    Controller = None  # type: ignore[misc,assignment]  # absent in a production install: the bench says "skipped"


class _Rollback(Exception):
    pass


def _club_with_members(n: int, tag: str) -> tuple[Competition, list[Player]]:
    club, _ = Club.objects.get_or_create(slug=f"bench-mail-{tag}", defaults={"name": f"KC Post {tag}"})
    Competition.objects.filter(slug=f"bench-mail-{tag}").delete()
    competition = Competition.objects.create(club=club, name=f"Post {tag}", slug=f"bench-mail-{tag}")
    Player.objects.filter(club=club).delete()
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"bm-{tag}-{i}", email=f"lid{i}@example.nl") for i in range(n)]
    )
    players = Player.objects.bulk_create(
        [
            Player(club=club, member_number=f"m{i}", first_name=f"Lid{i}", last_name=f"Post{tag}", account=user)
            for i, user in enumerate(users)
        ]
    )
    return competition, players


@benchmark("a published draw, every member notified", group="member mails", needs_db=True)
def bench_draw_mails(size: str) -> list[Measurement]:
    n = sized(size, small=16, quick=80, full=200)
    competition, players = _club_with_members(n, "draw")
    evening = create_evening(competition=competition)
    register_attendance(evening=evening, players=players)
    round = draw_next_round(evening=evening, seed=1)
    Round.objects.filter(pk=round.pk).update(status=Round.Status.PUBLISHED)
    round = Round.objects.select_related("competition__club", "evening").get(pk=round.pk)
    best, statements = float("inf"), 0
    for _ in range(3):
        try:
            with transaction.atomic():
                with CaptureQueriesContext(connection) as queries, Stopwatch() as sw:
                    written = write_draw_mails(round=round)
                raise _Rollback
        except _Rollback:
            pass
        best, statements = min(best, sw.seconds * 1000), len(queries)
    # issue 32's 20 ms, as a ratio (issue 35: time bars move with the processor): the bare reference is
    # about 10 ms of CPU on the project's 2-core machine, so 20 ms is 2x it
    ms_target, ms_ok, against = cost_ratio(best / 1000, bare_reference(), bar=2, baseline="the bare reference")
    q_target, q_ok = at_most(statements, 3, "statements")
    return [
        Measurement(
            f"{n}-player draw: the mails' time in the publish",
            best,
            "ms",
            ms_target,
            ms_ok,
            f"{written} mails",
            against=against,
        ),
        Measurement(f"{n}-player draw: the mails' statements", statements, "statements", q_target, q_ok),
    ]


@benchmark("evening results queued", group="member mails", needs_db=True)
def bench_result_mails(size: str) -> Measurement:
    n = sized(size, small=50, quick=1000, full=5000)
    competition, players = _club_with_members(n, "result")
    evening = Evening.objects.create(competition=competition, number=1)
    top = [{"rank_label": str(i), "name": f"Lid{i} Post", "points": 5000 - i} for i in range(1, 6)]
    members = [
        {
            "player": p.pk,
            "row": {"rank_label": str(i + 1), "points": 4000 - i},
            "season_row": {"rank": i + 1, "rank_label": str(i + 1), "points": 40000 - i},
        }
        for i, p in enumerate(players)
    ]
    try:
        with transaction.atomic(), Stopwatch() as sw:
            queue_result_mails(evening_id=evening.pk, members=members, top=top)
            raise _Rollback
    except _Rollback:
        pass
    # issue 32's 2 s for 5,000, as a ratio: 200x the bare reference (about 10 ms here)
    target, ok, against = cost_ratio(sw.seconds, bare_reference(), bar=200, baseline="the bare reference")
    return Measurement(
        f"{n} evening-result mails queued",
        sw.seconds,
        "s",
        target,
        ok,
        "notices and compose tasks, one transaction",
        against=against,
    )


class _Sink:
    """The aiosmtpd handler: counts what it accepts."""

    def __init__(self) -> None:
        self.count = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.count += 1
        return "250 Message accepted for delivery"


def _send_all() -> float:
    """Seconds for the worker to run everything due (compose and send)."""
    with Stopwatch() as sw:
        outbox.work(worker_id="bench")
    return sw.seconds


@benchmark("the worker sends to a local SMTP server", group="member mails", needs_db=True)
def bench_worker(size: str) -> list[Measurement]:
    n = sized(size, small=16, quick=80, full=200)
    plain = sized(size, small=20, quick=100, full=300)
    if Controller is None:
        return [Measurement("the worker's mails per second", 0, "mails/s", note="skipped: aiosmtpd not installed")]
    competition, players = _club_with_members(n, "worker")
    evening = create_evening(competition=competition)
    register_attendance(evening=evening, players=players)
    round = draw_next_round(evening=evening, seed=1)
    Round.objects.filter(pk=round.pk).update(status=Round.Status.PUBLISHED)
    round = Round.objects.get(pk=round.pk)
    sink = _Sink()
    with socket.socket() as probe:  # a free port on loopback
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    DBTaskResult.objects.filter(queue_name=outbox.QUEUE).delete()
    quiet = {name: logging.getLogger(name).level for name in ("mail.log", outbox.__name__)}  # a line per mail
    for name in quiet:
        logging.getLogger(name).setLevel(logging.WARNING)
    try:
        with override_settings(
            EMAIL_BACKEND="core.outbox.OutboxBackend",
            OUTBOX_EMAIL_BACKEND=outbox.SMTP_BACKEND,
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=port,
            EMAIL_USE_TLS=False,
            EMAIL_USE_SSL=False,
            EMAIL_HOST_USER="",
            EMAIL_HOST_PASSWORD="",
        ):
            with transaction.atomic():
                write_draw_mails(round=round)
            composed = _send_all()
            drawn = sink.count
            with transaction.atomic():
                mail.get_connection().send_messages(
                    [mail.EmailMessage(f"Bericht {i}", "Tekst", None, [f"lid{i}@example.nl"]) for i in range(plain)]
                )
            sent = _send_all()
            delivered = sink.count - drawn
    finally:
        controller.stop()
        DBTaskResult.objects.filter(queue_name=outbox.QUEUE).delete()
        for name, level in quiet.items():
            logging.getLogger(name).setLevel(level)
    reference = bare_reference()
    measurements = []
    # issue 32's 50 mails/s: 20 ms a mail, 2x the bare reference (about 10 ms here)
    for label, count, seconds, expected in (
        (f"{n}-player draw's mails composed and sent", drawn, composed, n),
        (f"{plain} mails sent", delivered, sent, plain),
    ):
        target, ok, against = cost_ratio(seconds / max(count, 1), reference, bar=2, baseline="the bare reference")
        measurements.append(
            Measurement(
                f"the worker: {label}",
                rate(count, seconds),
                "mails/s",
                f"{target}, per mail",
                ok and count == expected,
                f"{count} of {expected} arrived; aiosmtpd on loopback",
                against=f"{against} per mail",
            )
        )
    return measurements
