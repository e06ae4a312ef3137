"""``{% whist_status_line round %}``: the draw page's line about the competition's whist schedule —
which schedule round this round follows, or that it was drawn by lot because the group was not
complete. Nothing for competitions that draw by lot (one query for the competition's method is
already loaded; at most two more)."""

from __future__ import annotations

from django import template

from competitions.draws_whist import whist_status

register = template.Library()


@register.inclusion_tag("staff/competitions/_whist_status.html")
def whist_status_line(round):
    return {"status": whist_status(round=round) if round.matches.exists() else None, "round": round}
