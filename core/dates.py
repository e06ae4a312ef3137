"""Dates a person types for a season, an evening or a round: within ``EARLIEST_DATE`` and
``LATEST_DATE``, so a typing error (9999-12-31) is refused where it is typed, with a message naming
it, instead of being stored and then breaking whatever adds a day or a year to it (issue 34 item 2:
the calendar feed and the next season's proposal answered 500)."""

from __future__ import annotations

import datetime

from django.utils.translation import gettext as _

EARLIEST_DATE = datetime.date(2000, 1, 1)
LATEST_DATE = datetime.date(2100, 12, 31)


def implausible_date(day: datetime.date) -> str | None:
    """Why ``day`` cannot be a date of a season (a typing error), or None."""
    if EARLIEST_DATE <= day <= LATEST_DATE:
        return None
    return _("%(value)s is not a date of a season: the dates lie between %(first)s and %(last)s.") % {
        "value": day.isoformat(),
        "first": EARLIEST_DATE.year,
        "last": LATEST_DATE.year,
    }
