"""What the organiser's competition page offers, by what the format and the rounds allow."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag
def swiss_offer(competition, rounds) -> dict | None:
    """The "Next Swiss round" button: None where the format has no Swiss rounds (only pairs have
    them); ``{"ok": False, "reason": …}`` where it would refuse (a fixture list of round robin
    rounds still to play, or the last round not finished); ``{"ok": True}`` otherwise. ``rounds``
    carry ``tables`` and ``confirmed`` counts (``competitions.organiser.selectors.rounds_of``): no query here."""
    if competition.format != "pairs":
        return None
    unfinished = [r for r in rounds if not r.tables or r.confirmed < r.tables]
    if len(unfinished) > 1:
        return {"ok": False, "reason": _("This competition plays a fixture list (round robin): no Swiss rounds.")}
    if unfinished:
        return {
            "ok": False,
            "reason": _("The next Swiss round can be paired once round %(number)s is finished.")
            % {"number": unfinished[0].number},
        }
    return {"ok": True}
