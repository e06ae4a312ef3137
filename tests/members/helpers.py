"""Reading the members' mails back: compose what the worker would, then list the outbox.

(The club evening with members who have accounts is ``tests.factories.club_evening``.)"""

from __future__ import annotations


def compose_queued() -> int:
    """What the worker does with the members' mails first: render each one queued as a compose task
    (members.mails.tasks), which queues the mail itself in the outbox. Returns how many."""
    from django_tasks_db.models import DBTaskResult

    from members.mails.tasks import write_draw_mail, write_result_mail

    tasks = {t.module_path: t for t in (write_draw_mail, write_result_mail)}
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
