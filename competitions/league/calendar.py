"""The fixture list as an iCalendar feed (RFC 5545, written by the ``icalendar`` library), so members
subscribe in their phone's calendar: one all-day event per fixture (or club evening) with a date,
the venue as its location, and the result in its title once it is in. Event UIDs stay the same from
one fetch to the next, so a phone updates an event instead of adding a second one; they end in the
site's own domain (``SITE_URL``, else the address the feed was asked at), as RFC 5545 asks.

Where the competition has a start time (``Competition.evening_start``) an event starts then, in
Amsterdam time, and lasts ``EVENING_HOURS`` (choice: a club evening of 16 deals a round takes about
three hours); without one it stays an all-day event.
"""

from __future__ import annotations

import datetime
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from competitions.models import Competition, Evening
from competitions.standings.fixtures import FixtureLine
from core.text import single_line

DOMAIN = "klaverjas"  # the UIDs' domain when neither SITE_URL nor the asked address names a host
AMSTERDAM = ZoneInfo("Europe/Amsterdam")
EVENING_HOURS = 3


def uid_domain(url: str = "") -> str:
    """The site's own domain for event UIDs: SITE_URL's host, else the host of ``url``."""
    for address in (getattr(settings, "SITE_URL", ""), url):
        host = urlsplit(address).hostname if address else None
        if host:
            return host
    return DOMAIN


def webcal_url(request, competition: Competition) -> str:
    """The feed as a ``webcal:`` link: a phone subscribes to it (and keeps it up to date) in one tap."""
    address = request.build_absolute_uri(reverse("competitions:calendar", args=[competition.slug]))
    return "webcal://" + address.split("://", 1)[-1]


def _when(event: Event, competition: Competition, day: datetime.date) -> None:
    start = competition.evening_start
    if start is None:
        event.add("dtstart", day)
        event.add("dtend", day + datetime.timedelta(days=1))
        return
    begins = datetime.datetime.combine(day, start, tzinfo=AMSTERDAM)
    event.add("dtstart", begins)
    event.add("dtend", begins + datetime.timedelta(hours=EVENING_HOURS))


def _summary(line: FixtureLine) -> str:
    title = f"{single_line(line.home)} – {single_line(line.away)}"
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
    calendar.add("x-wr-calname", single_line(name or competition.name))  # a name stored before names were one line
    calendar.add("x-wr-timezone", "Europe/Amsterdam")
    stamp = timezone.now()
    link = url.rstrip("/") + competition.get_absolute_url() if url else ""
    domain = uid_domain(url)
    for line in lines:
        if line.date is None:
            continue
        event = Event()
        event.add("uid", f"{competition.slug}-r{line.round}-{line.home_id}-{line.away_id}@{domain}")
        event.add("dtstamp", stamp)
        _when(event, competition, line.date)
        event.add("summary", _summary(line))
        event.add(
            "description",
            f"{single_line(competition.name)} · {_('Round')} {line.round}" + (f"\n{link}" if link else ""),
        )
        if line.venue:
            event.add("location", single_line(line.venue))
        calendar.add_component(event)
    for evening in evenings:
        if evening.date is None:
            continue
        event = Event()
        event.add("uid", f"{competition.slug}-e{evening.number}@{domain}")
        event.add("dtstamp", stamp)
        _when(event, competition, evening.date)
        event.add("summary", f"{single_line(competition.name)} · {_('evening')} {evening.number}")
        if competition.club.city:
            event.add("location", single_line(f"{competition.club.name}, {competition.club.city}"))
        calendar.add_component(event)
    return calendar.to_ical()
