"""``{{ value|half_up:1 }}``: a number rounded half up in the reader's notation (``core.numbers``)."""

from __future__ import annotations

from django import template

from core.numbers import number_text

register = template.Library()


@register.filter
def half_up(value, places=0):
    try:
        return number_text(value, int(places))
    except (TypeError, ValueError, ArithmeticError):
        return value
