""" "Het reglement in gewone taal" on every competition page: ``{% plain_rules competition tab %}``.

Open on the overview, folded (one click) on the other pages. No query: the sentences come from the
competition's own settings (``competitions.standings.plain``).
"""

from django import template

from competitions.standings.plain import plain_rules as sentences

register = template.Library()


@register.inclusion_tag("competitions/_plain_rules.html")
def plain_rules(competition, tab: str = "") -> dict:
    return {"sentences": sentences(competition), "open": tab == "overview"}
