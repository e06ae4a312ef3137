"""Numbers as the club counts them: rounded half up, never cut off, never banker's rounding.

Every number a page, PDF, xlsx or the API shows with fewer decimals than it has goes through here
(issue 24 item 5). Django's ``number_format`` cuts decimals off (16.15 → "16,1", 61.458 → "61,45"),
Python's ``round`` and ``f"{x:.1f}"`` round half to even on the binary float (2.5 → 2, 16.15 →
16.1); ``half_up`` rounds the number as written in decimal: 61.458 → 61.46, 4/6 → 66.67, 16.15 →
16.2, 2.5 → 3, −2.5 → −3 (half away from zero, as Decimal's ROUND_HALF_UP).

- ``half_up(value, places)`` → ``Decimal``: the rounded number (int, float, Fraction or Decimal in).
- ``rounded(value, places)`` → ``int | float``: for the API and xlsx cells (an int when ``places`` is 0).
- ``quotient(numerator, denominator, places)`` → ``int | float``: an average (a sum over a count)
  rounded half up, exact (no float on the way): the standings' averages and percentages.
- ``number_text(value, places)`` → ``str``: in the reader's notation (Dutch: decimal comma), for
  pages and PDFs; the template filter ``half_up`` (``{% load numbers %}``) is the same.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import overload

from django.utils.formats import number_format


def _decimal(value) -> Decimal:
    if isinstance(value, Decimal):
        return value
    if isinstance(value, bool):
        return Decimal(int(value))
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    if isinstance(value, float):
        return Decimal(repr(value))  # the decimal the float was written as: 16.15, not 16.1499999…
    return Decimal(str(value))


def half_up(value, places: int = 0) -> Decimal:
    """``value`` rounded half up to ``places`` decimals."""
    return _decimal(value).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


@overload
def rounded(value) -> int: ...
@overload
def rounded(value, places: int) -> int | float: ...


def rounded(value, places: int = 0) -> int | float:
    """The rounded number as JSON and openpyxl take it: an int with no decimals, else a float."""
    number = half_up(value, places)
    return int(number) if places == 0 else float(number)


@overload
def quotient(numerator, denominator) -> int: ...
@overload
def quotient(numerator, denominator, places: int) -> int | float: ...


def quotient(numerator, denominator, places: int = 0) -> int | float:
    """``numerator / denominator`` rounded half up, computed exactly: 7/2 → 4, −7/2 → −4, 2/3 → 1."""
    return rounded(Fraction(numerator) / Fraction(denominator), places)


def number_text(value, places: int = 0, *, grouping: bool = False) -> str:
    """The rounded number as shown, in the active language's notation (Dutch: 16,2)."""
    if value is None or value == "":
        return ""
    return number_format(half_up(value, places), places, force_grouping=grouping)
