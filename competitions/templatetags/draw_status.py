"""``{% whist_status_line round %}``: the draw page's line about the competition's whist schedule —
which schedule round this round follows, or that it was drawn by lot because the group was not
complete. Nothing (and no query) for competitions that draw by lot; at most three queries else."""

from __future__ import annotations

from django import template

from competitions.draw_methods import DrawMethod
from competitions.draws_whist import whist_status

register = template.Library()


@register.inclusion_tag("staff/competitions/_whist_status.html")
def whist_status_line(round):
    if round.competition.draw_method != DrawMethod.WHIST or not round.matches.exists():
        return {"status": None, "round": round}  # by lot, or not drawn yet: nothing to say, no query
    return {"status": whist_status(round=round), "round": round}
