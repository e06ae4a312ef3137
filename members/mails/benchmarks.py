"""The member mails at league scale (``manage.py bench --only "member mails"``), issue 32 item 7:

- the draw's mails of a 200-player round: the statements and milliseconds they add to the publish
  (bars: at most 3 statements, at most 20 ms), measured in a transaction that is rolled back;
- 5,000 "evening result" mails queued (their tasks and notices written; bar: under 2 s).

The worker's sending rate to a local SMTP server is measured by hand (README, Speed): a real server
on loopback (aiosmtpd) is a development requirement only.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from benchmarking import Measurement, Stopwatch, at_most, bare_reference, benchmark, cost_ratio, sized
from clubs.models import Club, Player
from competitions.draws.services import draw_next_round
from competitions.evenings.services import create_evening, register_attendance
from competitions.models import Competition, Evening, Round
from core.outbox import bulk_enqueue
from members.mails.services import write_draw_mails
from members.mails.tasks import write_result_mail
from members.models import Notice


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
    try:
        with transaction.atomic(), Stopwatch() as sw:
            Notice.objects.bulk_create([Notice(kind=Notice.Kind.RESULT, player=p, evening=evening) for p in players])
            bulk_enqueue(
                write_result_mail,
                [
                    {
                        "player": p.pk,
                        "evening": evening.pk,
                        "row": {"rank_label": str(i + 1), "points": 4000 - i},
                        "season_row": {"rank": i + 1, "rank_label": str(i + 1), "points": 40000 - i},
                        "top": top,
                    }
                    for i, p in enumerate(players)
                ],
            )
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
        "tasks and notices, one transaction",
        against=against,
    )
