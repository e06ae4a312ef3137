"""``{% load compass %}``: ``{{ "E"|seat }}`` shows a stored seat code in the active language
(``O`` in Dutch: core.compass)."""

from django import template

from core.compass import seat_label

register = template.Library()


@register.filter
def seat(code: str) -> str:
    return seat_label(str(code))
