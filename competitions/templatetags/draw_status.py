"""``{% whist_status_line round %}``: the draw page's line about the competition's whist schedule —
which schedule round this round follows, or that it was drawn by lot because the group was not
complete. Nothing (and no query) for competitions that draw by lot; at most three queries else."""

from __future__ import annotations

from django import template

from clubs.models import ApartPair
from competitions.draws.whist import whist_status
from competitions.models import Competition, DrawMethod

register = template.Library()


@register.inclusion_tag("competitions/organiser/_whist_status.html")
def whist_status_line(round):
    if round.competition.draw_method != DrawMethod.WHIST or not round.matches.exists():
        return {"status": None, "round": round}  # by lot, or not drawn yet: nothing to say, no query
    return {"status": whist_status(round=round), "round": round}


@register.inclusion_tag("competitions/organiser/_apart_pairs.html")
def apart_pairs_line(round):
    """For an individual draw: the club's members who never share a table (``clubs.ApartPair``), and
    where the organiser sets them (the club's pairs in the admin). One query."""

    competition = round.competition
    if competition.format != Competition.Format.INDIVIDUAL:
        return {"show": False}
    pairs = list(
        ApartPair.objects.filter(club_id=competition.club_id)
        .select_related("player_a", "player_b")
        .order_by("player_a__last_name", "player_a__first_name")
    )
    return {"show": True, "pairs": pairs, "club_id": competition.club_id}
