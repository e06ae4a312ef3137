"""Reading the members' mails back: compose what the worker would, then list the outbox.

(The club evening with members who have accounts is ``tests.factories.club_evening``.)"""

from __future__ import annotations


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
