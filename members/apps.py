from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MembersConfig(AppConfig):
    name = "members"
    verbose_name = _("Members")

    def ready(self) -> None:
        from competitions import notices
        from core import outbox
        from members import merge
        from members.mails.services import (
            evening_cancelled,
            result_awaits,
            round_seated,
            table_confirmed,
            write_reminders,
        )

        merge.connect()  # what a merge of two members does to their mail choices and notices

        notices.listen(notices.ROUND_SEATED, round_seated)  # the draw's mails (table, seat, partner)
        notices.listen(notices.TABLE_CONFIRMED, table_confirmed)  # the evening's result mails
        notices.listen(notices.EVENING_CANCELLED, evening_cancelled)  # "de avond gaat niet door"
        notices.listen(notices.RESULT_AWAITS, result_awaits)  # "uitslag wacht op jullie bevestiging"
        outbox.before_each_pass(write_reminders)  # the reminder before an evening, by the clock
