"""RULES.md §8: tally symbols."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules import from_tally, to_tally

WRITABLE = [v for v in range(0, 2001, 10) if v not in (10, 30)]


@pytest.mark.parametrize(
    "roem, text",
    [
        (0, ""),
        (20, "|"),
        (40, "||"),
        (50, "V"),
        (70, "V|"),
        (100, "O"),
        (200, "OO"),
        (90, "V||"),
        (60, "|||"),
        (130, "V||||"),
        (80, "||||"),
        (110, "V|||"),
        (120, "O|"),
        (150, "OV"),
        (160, "O|||"),
        (170, "OV|"),
        (230, "OV||||"),
        (250, "OOV"),
        (1000, "O" * 10),
        (1010, "O" * 9 + "V|||"),
    ],
)
def test_known_tallies(roem, text):
    assert to_tally(roem) == text
    assert from_tally(text) == roem


@pytest.mark.parametrize("roem", [10, 30, 25, 5, -20, 15, 1, "20", 20.0, None])
def test_unwritable_values(roem):
    with pytest.raises(ValueError):
        to_tally(roem)


@pytest.mark.parametrize("text", ["x", "I", "|2", "0", "V|-"])
def test_unreadable_symbols(text):
    with pytest.raises(ValueError):
        from_tally(text)


def test_reading_is_lenient():
    assert from_tally("|V") == 70
    assert from_tally("o v |") == 170


def test_every_writable_value_round_trips():
    for value in WRITABLE:
        text = to_tally(value)
        assert from_tally(text) == value
        # O first, then V, then |
        assert text == "O" * text.count("O") + "V" * text.count("V") + "|" * text.count("|")
        # as many O as possible such that the rest can be written, then as many V likewise
        o = max(k for k in range(value // 100 + 1) if _writable(value - 100 * k))
        rest = value - 100 * o
        v = max(j for j in range(rest // 50 + 1) if (rest - 50 * j) % 20 == 0)
        assert text == "O" * o + "V" * v + "|" * ((rest - 50 * v) // 20)


def _writable(value):
    return any(20 * a + 50 * b == value for a in range(value // 20 + 1) for b in range(3))


@given(st.integers(0, 30), st.integers(0, 30), st.integers(0, 30))
def test_symbols_read_back_as_their_sum(o, v, bars):
    text = "O" * o + "V" * v + "|" * bars
    value = from_tally(text)
    assert value == 100 * o + 50 * v + 20 * bars
    assert from_tally(to_tally(value)) == value
