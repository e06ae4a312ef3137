"""A club evening with members who have accounts, for the members' tests."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from competitions import services
from competitions.models import Match, MatchSide
from scoring.services import confirm_match
from tests.competitions.factories import make_club, make_competition, make_players, make_user


def club_evening(*, players: int = 8, rounds: int = 1, date: datetime.date | None = None, emails: bool = True):
    """A club, an individual competition with one evening (today unless ``date``), ``players`` members
    each linked to an account ``lid<n>`` with address ``lid<n>@example.nl``; the organiser."""
    club = make_club()
    competition = make_competition(club, rounds_per_evening=rounds)
    members = make_players(club, players)
    for player in members:
        account = get_user_model().objects.create_user(
            username=f"lid{player.pk}", password="pw", email=f"lid{player.pk}@example.nl" if emails else ""
        )
        player.account = account
        player.save(update_fields=["account"])
    evening = services.create_evening(competition=competition, date=date or timezone.localdate())
    organiser = make_user(organiser_of=club)
    return club, competition, members, evening, organiser


def publish_next_round(evening, seed=1):
    if not evening.attendances.exists():
        services.register_attendance(evening=evening, players=list(evening.competition.club.players.all()))
    round = services.draw_next_round(evening=evening, seed=seed)
    services.publish_round(round=round)
    return round


def play_and_confirm(round, *, scorer, confirmer) -> None:
    """Every table entered (totals on its sides) by ``scorer``, then confirmed one by one by ``confirmer``
    through the scoring service (what fires the evening's result mails)."""
    for i, match in enumerate(round.matches.order_by("table")):
        for side in match.match_sides.all():
            MatchSide.objects.filter(pk=side.pk).update(total=900 + 40 * i + 120 * side.side, result="")
        Match.objects.filter(pk=match.pk).update(status=Match.Status.ENTERED, entered_by=scorer)
    for match in round.matches.order_by("table"):
        confirm_match(match=match, user=confirmer)


def compose_queued() -> int:
    """What the worker does with the members' mails first: run each compose task queued
    (members.mails.tasks), which queues the mails themselves in the outbox. Returns how many tasks."""
    from django_tasks_db.models import DBTaskResult

    from members.mails import tasks as member_tasks

    tasks = {
        t.module_path: t
        for t in (
            member_tasks.compose_draw_mails,
            member_tasks.compose_result_mails,
            member_tasks.write_draw_mail,
            member_tasks.write_result_mail,
        )
    }
    done = 0
    for row in DBTaskResult.objects.filter(status="READY", task_path__in=list(tasks)).order_by("enqueued_at"):
        tasks[row.task_path].func(**row.args_kwargs["kwargs"])
        DBTaskResult.objects.filter(pk=row.pk).update(status="SUCCESSFUL")
        done += 1
    return done


def outbox_mails() -> list[dict]:
    """Every mail in the outbox (after composing the queued ones), oldest first."""
    from django_tasks_db.models import DBTaskResult

    from core import outbox

    compose_queued()
    rows = DBTaskResult.objects.filter(task_path=outbox.deliver.module_path).order_by("enqueued_at", "pk")
    return [row.args_kwargs["kwargs"]["mail"] for row in rows]
