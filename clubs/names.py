"""Dutch name order: "Jan de Boer" sorts under B, "Piet van der Meer" under M (the tussenvoegsels
are skipped), as Dutch club lists and phone books do."""

from __future__ import annotations

PARTICLES = frozenset(
    {
        "van",
        "de",
        "der",
        "den",
        "het",
        "ter",
        "ten",
        "te",
        "in",
        "'t",
        "op",
        "la",
        "le",
        "du",
        "d'",
        "von",
        "vd",
        "v.d.",
    }
)


def surname_key(last_name: str) -> str:
    """The surname without its leading tussenvoegsels, for sorting: "van der Meer" → "meer"."""
    parts = last_name.split()
    while len(parts) > 1 and parts[0].lower() in PARTICLES:
        parts = parts[1:]
    return " ".join(parts).casefold()


def player_sort_key(player) -> tuple[str, str, int]:
    """Sort key of a Player (anything with first_name, last_name, pk)."""
    return (surname_key(player.last_name), player.first_name.casefold(), player.pk or 0)


def full_name_sort_key(name: str) -> tuple[str, str]:
    """Sort key of a full name "Jan van den Berg" (first name first, surname last)."""
    first, _, rest = name.strip().partition(" ")
    return (surname_key(rest) if rest else first.casefold(), first.casefold())


def with_sort_names(players):
    """Fill ``sort_name`` of Player objects about to be bulk-created (``save()`` does it otherwise)."""
    for player in players:
        player.sort_name = surname_key(player.last_name)[:80]
    return players
