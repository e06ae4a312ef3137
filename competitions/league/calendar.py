"""The fixture list as an iCalendar feed (RFC 5545, written by the ``icalendar`` library), so members
subscribe in their phone's calendar: one all-day event per fixture (or club evening) with a date,
the venue as its location, and the result in its title once it is in; the season's planned evenings
(``Competition.evening_dates``) that have no evening yet are events too, under the UID the evening
will have. Event UIDs stay the same from one fetch to the next and whatever host name the feed was
asked at, so a phone updates an event instead of adding a second one; they end in the site's own
domain (``SITE_URL``), else in the fixed ``DOMAIN``.

Where the competition has a start time (``Competition.evening_start``) an event starts then, in
Amsterdam time (``TZID=Europe/Amsterdam`` with its VTIMEZONE in the feed, so a reader that knows no
time zone names, ical.js among them, does not take it as floating time), and lasts ``EVENING_HOURS``
(choice: a club evening of 16 deals a round takes about three hours); without one it stays an all-day
event. An evening the club called off stays, as ``STATUS:CANCELLED``. Texts are escaped as RFC 5545 asks (``;`` ``,`` ``\\``), the calendar's name too.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event, Timezone, TimezoneDaylight, TimezoneStandard, vText

from competitions.models import Competition, Evening
from competitions.standings.fixtures import FixtureLine
from core.text import single_line

DOMAIN = "klaverjas"  # the UIDs' domain when neither SITE_URL nor the asked address names a host
AMSTERDAM = ZoneInfo("Europe/Amsterdam")
EVENING_HOURS = 3
LAST_DAY = datetime.date.max - datetime.timedelta(days=1)  # an event needs the day after (its end)


def uid_domain() -> str:
    """The site's own domain for event UIDs: SITE_URL's host, else ``DOMAIN`` (never the host a feed
    was asked at: the same event asked at two names must keep one UID)."""
    address = getattr(settings, "SITE_URL", "")
    return (urlsplit(address).hostname if address else None) or DOMAIN


def webcal_url(request, competition: Competition, entrant_id: int | None = None) -> str:
    """The feed as a ``webcal:`` link: a phone subscribes to it (and keeps it up to date) in one tap;
    with ``entrant_id`` one team's feed."""
    if entrant_id is None:
        path = reverse("competitions:calendar", args=[competition.slug])
    else:
        path = reverse("competitions:team_calendar", args=[competition.slug, entrant_id])
    return "webcal://" + request.build_absolute_uri(path).split("://", 1)[-1]


def amsterdam_timezone() -> Timezone:
    """Europe/Amsterdam as a VTIMEZONE: CET, and CEST from the last Sunday of March to the last Sunday
    of October (the EU's rule since 1996), as two yearly rules."""
    zone = Timezone()
    zone.add("tzid", "Europe/Amsterdam")
    zone.add("x-lic-location", "Europe/Amsterdam")
    for part, name, before, after, start, month in (
        (TimezoneDaylight(), "CEST", 1, 2, datetime.datetime(1970, 3, 29, 2, 0), 3),
        (TimezoneStandard(), "CET", 2, 1, datetime.datetime(1970, 10, 25, 3, 0), 10),
    ):
        part.add("tzname", name)
        part.add("tzoffsetfrom", datetime.timedelta(hours=before))
        part.add("tzoffsetto", datetime.timedelta(hours=after))
        part.add("dtstart", start)
        part.add("rrule", {"freq": "yearly", "bymonth": month, "byday": "-1su"})
        zone.add_component(part)
    return zone


def planned(competition: Competition, evenings, lines) -> list[tuple[int, datetime.date]]:
    """The planned evenings (number, date) that have no evening (by number or date) nor fixture yet."""
    numbers = {e.number for e in evenings}
    taken = {e.date for e in evenings} | {line.date for line in lines}
    found = []
    for number, text in enumerate(competition.evening_dates or [], start=1):
        try:
            day = datetime.date.fromisoformat(str(text))
        except ValueError:
            continue
        if number not in numbers and day not in taken and day < LAST_DAY:
            found.append((number, day))
    return found


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
    competition: Competition,
    lines: list[FixtureLine],
    *,
    evenings: Sequence[Evening] = (),
    url: str = "",
    name: str = "",
    with_planned: bool = False,
) -> bytes:
    calendar = Calendar()
    calendar.add("prodid", "-//Klaverjas club system//NL")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    # vText: escaped like any text (an X- property is not by default); single_line: a name stored
    # before names were one line
    calendar.add("x-wr-calname", vText(single_line(name or competition.name)))
    calendar.add("x-wr-timezone", "Europe/Amsterdam")
    if competition.evening_start is not None:
        calendar.add_component(amsterdam_timezone())
    stamp = timezone.now()
    link = url.rstrip("/") + competition.get_absolute_url() if url else ""
    domain = uid_domain()
    for line in lines:
        if line.date is None or line.date >= LAST_DAY:
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
    days = [(e.number, e.date) for e in evenings if e.date is not None and e.date < LAST_DAY]
    called_off = {e.number for e in evenings if getattr(e, "cancelled", False)}
    if with_planned:
        days = sorted(days + planned(competition, evenings, lines), key=lambda day: (day[1], day[0]))
    for number, day in days:
        event = Event()
        event.add("uid", f"{competition.slug}-e{number}@{domain}")
        event.add("dtstamp", stamp)
        _when(event, competition, day)
        summary = f"{single_line(competition.name)} · {_('evening')} {number}"
        if number in called_off:  # the club called it off: kept, marked, so a phone strikes it through
            event.add("status", "CANCELLED")
            summary += f" ({_('cancelled')})"
        event.add("summary", summary)
        if competition.club.city:
            event.add("location", single_line(f"{competition.club.name}, {competition.club.city}"))
        calendar.add_component(event)
    return calendar.to_ical()
