"""Tally symbols for roem (RULES.md §8): ``|`` = 20, ``V`` = 50, ``O`` = 100.

A value is written with as many O as possible such that the rest can still be written, then as
many V as possible likewise, then strokes: 90 is ``V||``, 60 is ``|||``, 130 is ``V||||``.
"""

from __future__ import annotations

SYMBOLS = {"O": 100, "V": 50, "|": 20}
_READ = {"O": 100, "o": 100, "V": 50, "v": 50, "|": 20}


def _writable(value: int) -> bool:
    """A rest can be written with V and | when it is a sum of 50s and 20s."""
    return value >= 0 and value % 10 == 0 and value not in (10, 30)


def to_tally(roem: int) -> str:
    """Write roem in tally symbols; raise ``ValueError`` for a value no symbols give.

    Choice: 0 is written as the empty string (a sheet leaves the box empty).
    """
    if type(roem) is not int or not _writable(roem):
        raise ValueError(
            f"roem {roem!r} cannot be written in tally symbols: use 0 or a sum of 20s and 50s (never 10 or 30)"
        )
    hundreds = roem // 100
    while not _writable(roem - 100 * hundreds):
        hundreds -= 1
    rest = roem - 100 * hundreds
    fifties = rest // 50
    while (rest - 50 * fifties) % 20:
        fifties -= 1
    strokes = (rest - 50 * fifties) // 20
    return "O" * hundreds + "V" * fifties + "|" * strokes


def from_tally(text: str) -> int:
    """Read tally symbols back into roem; raise ``ValueError`` for any other character.

    Choice: lower-case ``o`` and ``v`` and spaces are accepted, and the symbols may come in any
    order (``|V`` is 70), since reading them back only adds them up.
    """
    if not isinstance(text, str):
        raise ValueError(f"tally must be text, not {text!r}")
    total = 0
    for char in text:
        if char in _READ:
            total += _READ[char]
        elif not char.isspace():
            raise ValueError(f"{char!r} is not a tally symbol: use | (20), V (50) and O (100)")
    return total
