"""A member's private calendar feed (``/me/calendar/<token>.ics``): every planned evening of their club
with its start time in Europe/Amsterdam (a VTIMEZONE included) and whether they signed up; an evening
the club called off stays in the feed as ``STATUS:CANCELLED`` (a phone then strikes it through
instead of silently dropping it). The secret
token in the address is the only key: no login, so a phone's calendar can subscribe to it."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from clubs.models import Player
from competitions.evenings.signups import DEFAULT_START
from competitions.league.calendar import EVENING_HOURS, uid_domain
from competitions.models import Evening, SignUp
from core.text import single_line

AMSTERDAM = ZoneInfo("Europe/Amsterdam")


def member_feed(player: Player, *, url: str = "") -> bytes:
    calendar = Calendar()
    calendar.add("prodid", "-//Klaverjas club system//NL")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", single_line(f"{player.club.name} · {player.name}"))
    calendar.add("x-wr-timezone", "Europe/Amsterdam")
    answers = {s.evening_id: s for s in SignUp.objects.filter(player=player)}
    evenings = (
        Evening.objects.filter(competition__club=player.club, date__isnull=False)
        .select_related("competition__club")
        .order_by("date")
    )
    stamp = timezone.now()
    domain = uid_domain()  # SITE_URL's host, never the one asked at (issue 34 item 2)
    for evening in evenings:
        competition = evening.competition
        assert evening.date is not None  # date__isnull=False above
        begins = datetime.datetime.combine(evening.date, competition.evening_start or DEFAULT_START, tzinfo=AMSTERDAM)
        answer = answers.get(evening.pk)
        status = (
            _("you come") if answer and answer.coming else _("you sent apologies") if answer else _("no answer yet")
        )
        event = Event()
        event.add("uid", f"{competition.slug}-e{evening.number}-p{player.pk}@{domain}")
        event.add("dtstamp", stamp)
        event.add("dtstart", begins)
        event.add("dtend", begins + datetime.timedelta(hours=EVENING_HOURS))
        if evening.cancelled:
            status = _("cancelled")
            event.add("status", "CANCELLED")
            if evening.cancel_reason:
                event.add("description", single_line(evening.cancel_reason))
        event.add("summary", f"{single_line(competition.name)} · {_('evening')} {evening.number} ({status})")
        if competition.club.city:
            event.add("location", single_line(f"{competition.club.name}, {competition.club.city}"))
        calendar.add_component(event)
    calendar.add_missing_timezones()
    return calendar.to_ical()
