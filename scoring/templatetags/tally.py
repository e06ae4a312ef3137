"""Roem in tally symbols (RULES.md §8): ``{{ 70|tally }}`` → ``V|``; ``{{ value|roem:tally_mode }}``."""

from django import template

from scoring.rules import to_tally

register = template.Library()


@register.filter
def tally(value):
    """Roem as tally symbols (| = 20, V = 50, O = 100); 0 and empty stay empty; a value no symbols
    can write is shown as the number."""
    if value in (None, ""):
        return ""
    try:
        return to_tally(int(value))
    except (TypeError, ValueError):
        return value


@register.filter
def roem(value, as_tally=False):
    """Roem as a number (0 left empty) or, when ``as_tally``, as tally symbols."""
    if as_tally:
        return tally(value)
    return "" if value in (None, "", 0) else value
