"""The seats round a table as a person reads them: N/O/Z/W in Dutch (noord, oost, zuid, west),
N/E/S/W in English. The stored seat codes stay "N", "E", "S", "W" (models, the rules engine, the
draw); only what is shown goes through here. Partners sit opposite: "N + Z" and "O + W"."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import pgettext_lazy

SEAT_LABELS = {
    "N": pgettext_lazy("compass seat", "N"),
    "E": pgettext_lazy("compass seat", "E"),
    "S": pgettext_lazy("compass seat", "S"),
    "W": pgettext_lazy("compass seat", "W"),
}


def seat_label(seat: str) -> str:
    """The seat code ``"E"`` as shown in the active language (``"O"`` in Dutch)."""
    label = SEAT_LABELS.get(seat)
    return str(label) if label is not None else seat


def seats_label(seats: Iterable[str]) -> str:
    """Partners as shown: ``("N", "S")`` → ``"N + Z"`` in Dutch."""
    return " + ".join(seat_label(seat) for seat in seats)
