"""Pictures on the public player page: points per evening (club evenings) or per round, and the
nat/pit/roem figures, drawn by ``competitions.standings.charts`` as inline SVG."""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from competitions.standings import charts

register = template.Library()


@register.simple_tag
def evening_points_chart(evenings) -> str:
    """``evenings``: the player summary's rows (number, points)."""
    bars = [(str(e["number"]), e["points"]) for e in evenings if e.get("number") is not None]
    return mark_safe(charts.bar_chart(_("Points per evening"), bars))  # built from escaped parts


@register.simple_tag
def round_points_chart(matches) -> str:
    """``matches``: the player's matches (PlayerMatch) in round order: their side's total per round."""
    per_round: dict[int, int] = {}
    for pm in matches:
        if pm.result and pm.total is not None:
            number = pm.match.round.number
            per_round[number] = per_round.get(number, 0) + pm.total
    return mark_safe(
        charts.bar_chart(_("Points per round"), [(str(n), p) for n, p in sorted(per_round.items())])
    )  # built from escaped parts


@register.simple_tag
def figures_chart(stats) -> str:
    """roem, nat, pits, tegenpits and verzaakt of a player's confirmed matches."""
    if not stats or not stats.get("played"):
        return ""
    figures = [
        ("roem", stats["roem"]),
        ("nat", stats["nat"]),
        (_("pits"), stats["pits"]),
        (_("tegenpits"), stats["tegenpits"]),
        ("verzaakt", stats["verzaakt"]),
    ]
    return mark_safe(charts.figure_bars(_("roem, nat and pits"), figures))  # built from escaped parts
