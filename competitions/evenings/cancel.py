"""The organiser calls a planned evening off ("avond afgelasten"), or puts it back on.

A planned evening is one with a date, today or later, and no round drawn yet. Cancelled, nobody can
sign up for it any more (``signups.check_open``), no reminder goes out for it (members.mails), the
calendar feeds show it as ``STATUS:CANCELLED``, and the members who said "ik kom" hear that it is off:
the moment ``notices.EVENING_CANCELLED`` is told inside this transaction, so their mails (the outbox,
core.outbox) commit or roll back with the cancellation itself. Putting it back on lets members answer
again; it tells nobody (they answer to the reminder as before). Each step writes a ``SettingsChange``
audit row (who, when, which evening, the reason). A refusal raises ``DrawError`` with a Dutch
sentence and changes nothing.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions import notices
from competitions.base.checks import DrawError
from competitions.models import Evening, SettingsChange
from competitions.pagecache.keys import bump_competition

REASON_MAX = 200


def _locked(evening: Evening) -> Evening:
    locked = Evening.objects.select_for_update(of=("self",)).select_related("competition__club").get(pk=evening.pk)
    bump_competition(locked.competition_id)  # public pages and feeds render afresh
    return locked


def _check_planned(evening: Evening, now: datetime.datetime) -> None:
    names = {"number": evening.number}
    if evening.date is None:
        raise DrawError(_("Evening %(number)s has no date; only a planned evening can be cancelled.") % names)
    if evening.date < timezone.localdate(now):
        raise DrawError(_("Evening %(number)s is in the past; it can no longer be cancelled or put back on.") % names)
    if evening.rounds.exists():
        raise DrawError(
            _("Evening %(number)s has begun: a round is drawn. Delete its rounds first to cancel it.") % names
        )


@transaction.atomic
def cancel_evening(*, evening: Evening, user, reason: str, now: datetime.datetime | None = None) -> Evening:
    """Call off ``evening`` with ``reason`` (told to the members who signed up)."""
    now = now or timezone.now()
    evening = _locked(evening)
    reason = " ".join((reason or "").split())
    if evening.cancelled:
        raise DrawError(_("Evening %(number)s is cancelled already.") % {"number": evening.number})
    if len(reason) > REASON_MAX:
        raise DrawError(_("Keep the reason under %(max)s characters.") % {"max": REASON_MAX})
    _check_planned(evening, now)
    evening.cancelled, evening.cancel_reason = True, reason
    evening.save(update_fields=["cancelled", "cancel_reason"])
    SettingsChange.objects.create(
        competition=evening.competition,
        user=user if getattr(user, "pk", None) else None,
        action=SettingsChange.Action.CANCEL_EVENING,
        via=SettingsChange.Via.PAGE,
        changes={"evening": [evening.number, evening.number], "cancelled": [False, True], "reason": ["", reason]},
    )
    notices.tell(notices.EVENING_CANCELLED, evening=evening)
    return evening


@transaction.atomic
def uncancel_evening(*, evening: Evening, user, now: datetime.datetime | None = None) -> Evening:
    """Put a cancelled ``evening`` back on: members may sign up again."""
    now = now or timezone.now()
    evening = _locked(evening)
    if not evening.cancelled:
        raise DrawError(
            _("Evening %(number)s is not cancelled; there is nothing to put back on.") % {"number": evening.number}
        )
    _check_planned(evening, now)
    before = evening.cancel_reason
    evening.cancelled, evening.cancel_reason = False, ""
    evening.save(update_fields=["cancelled", "cancel_reason"])
    SettingsChange.objects.create(
        competition=evening.competition,
        user=user if getattr(user, "pk", None) else None,
        action=SettingsChange.Action.UNCANCEL_EVENING,
        via=SettingsChange.Via.PAGE,
        changes={"evening": [evening.number, evening.number], "cancelled": [True, False], "reason": [before, ""]},
    )
    return evening
