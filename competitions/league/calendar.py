"""The fixture list as an iCalendar feed (RFC 5545, written by the ``icalendar`` library), so members
subscribe in their phone's calendar: one all-day event per fixture (or club evening) with a date,
the venue as its location, and the result in its title once it is in. Event UIDs stay the same from
one fetch to the next, so a phone updates an event instead of adding a second one.
"""

from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from competitions.league.results import FixtureLine
from competitions.models import Competition, Evening

DOMAIN = "klaverjas"


def _summary(line: FixtureLine) -> str:
    title = f"{line.home} – {line.away}"
    if line.result is not None:
        title += f" {line.result[0]}–{line.result[1]}"
        if line.match_points is not None:
            title += f", {line.match_points[0]}–{line.match_points[1]}"
    return title


def feed(
    competition: Competition, lines: list[FixtureLine], *, evenings: list[Evening] = (), url: str = "", name: str = ""
) -> bytes:
    calendar = Calendar()
    calendar.add("prodid", "-//Klaverjas club system//NL")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name or competition.name)
    calendar.add("x-wr-timezone", "Europe/Amsterdam")
    stamp = timezone.now()
    link = url.rstrip("/") + competition.get_absolute_url() if url else ""
    for line in lines:
        if line.date is None:
            continue
        event = Event()
        event.add("uid", f"{competition.slug}-r{line.round}-{line.home_id}-{line.away_id}@{DOMAIN}")
        event.add("dtstamp", stamp)
        event.add("dtstart", line.date)
        event.add("dtend", line.date + datetime.timedelta(days=1))
        event.add("summary", _summary(line))
        event.add("description", f"{competition.name} · {_('Round')} {line.round}" + (f"\n{link}" if link else ""))
        if line.venue:
            event.add("location", line.venue)
        calendar.add_component(event)
    for evening in evenings:
        if evening.date is None:
            continue
        event = Event()
        event.add("uid", f"{competition.slug}-e{evening.number}@{DOMAIN}")
        event.add("dtstamp", stamp)
        event.add("dtstart", evening.date)
        event.add("dtend", evening.date + datetime.timedelta(days=1))
        event.add("summary", f"{competition.name} · {_('evening')} {evening.number}")
        if competition.club.city:
            event.add("location", f"{competition.club.name}, {competition.club.city}")
        calendar.add_component(event)
    return calendar.to_ical()
