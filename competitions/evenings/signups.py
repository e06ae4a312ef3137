"""Members answer for an evening themselves: "ik kom" or "ik kom niet" (an apology).

An answer may change until the club's deadline (``Club.signup_closes_hours`` before the
competition's ``evening_start``, else ``DEFAULT_START``, on the evening's date, in the site's time zone); after it the answer is still
taken, marked late. An apology in time makes the member "afgemeld" for the reglement (a ``CallOff``,
which ``competitions.standings.season_rules`` compensates); a late one does not, and "ik kom" takes
an earlier apology back. The organiser's attendance page starts from the sign-ups
(``competitions.organiser.selectors``) and can still change everything.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Player
from competitions.evenings.models import CallOff, Evening, SignUp

DEFAULT_START = datetime.time(20, 0)  #: when a competition names no start time


class SignUpRefused(ValueError):
    """The answer cannot be taken; the message says why, in the member's words."""


def starts_at(evening: Evening) -> datetime.datetime | None:
    """When ``evening`` starts (aware, in the site's time zone); None without a date."""
    if evening.date is None:
        return None
    start = evening.competition.evening_start or DEFAULT_START
    return timezone.make_aware(datetime.datetime.combine(evening.date, start))


def deadline(evening: Evening) -> datetime.datetime | None:
    start = starts_at(evening)
    return None if start is None else start - datetime.timedelta(hours=evening.competition.club.signup_closes_hours)


def check_open(evening: Evening, player: Player, now: datetime.datetime) -> None:
    """Raise ``SignUpRefused`` when ``player`` cannot answer for ``evening`` at all."""
    if evening.competition.club_id != player.club_id:
        raise SignUpRefused(_("This evening belongs to another club; you can only sign up for your own club's."))
    if evening.cancelled:
        raise SignUpRefused(_("Evening %(number)s is cancelled: there is nothing to sign up for.") % _n(evening))
    if evening.date is None:  # no start either (starts_at)
        raise SignUpRefused(_("Evening %(number)s has no date yet; sign up once it has one.") % _n(evening))
    if evening.date < timezone.localdate(now) or evening.rounds.exists():
        raise SignUpRefused(
            _("Evening %(number)s has begun or is over; you can no longer answer for it.") % _n(evening)
        )


def _n(evening: Evening) -> dict:
    return {"number": evening.number}


@transaction.atomic
def answer(*, evening: Evening, player: Player, coming: bool, now: datetime.datetime | None = None) -> SignUp:
    """Record ``player``'s answer for ``evening`` (see the module): ``SignUpRefused`` changes nothing."""
    now = now or timezone.now()
    evening = Evening.objects.select_for_update(of=("self",)).select_related("competition__club").get(pk=evening.pk)
    check_open(evening, player, now)
    closes = deadline(evening)
    assert closes is not None  # check_open refused an evening without a date
    late = now > closes
    sign_up, _created = SignUp.objects.update_or_create(
        evening=evening, player=player, defaults={"coming": coming, "answered_at": now, "late": late}
    )
    if coming:
        CallOff.objects.filter(evening=evening, player=player).delete()
    elif not late:
        CallOff.objects.get_or_create(evening=evening, player=player)
    return sign_up
