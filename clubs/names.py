"""Dutch name order: "Jan de Boer" sorts under B, "Piet van der Meer" under M (the tussenvoegsels
are skipped), as Dutch club lists and phone books do; when two names are nearly one person's
("Henk Hebers" and "henk Hébers sr."), so that a walk-in or an import asks before making a second
member of one person; and how a member's name shows on public pages when they chose so ("Jan de V.",
"J.d.V.": :func:`shown_name`). All are how a name is read and written, so they are one idea."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

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


#: How a member's name shows on public pages (``Player.name_shown``; issue 32 item 6, AVG).
FULL, SHORT, INITIALS = "full", "short", "initials"


def _particles_and_core(last_name: str) -> tuple[list[str], list[str]]:
    """ "van der Meer" → (["van", "der"], ["Meer"]): the leading tussenvoegsels and the surname."""
    parts = last_name.split()
    particles = []
    while len(parts) > 1 and parts[0].lower() in PARTICLES:
        particles.append(parts.pop(0))
    return particles, parts


def _initial(word: str) -> str:
    letter = next((c for c in word if c.isalnum()), "")
    return f"{letter}." if letter else ""


def shown_name(first_name: str, last_name: str, choice: str) -> str:
    """A name as the member chose to show it on public pages: ``FULL`` "Jan de Vries", ``SHORT`` the
    first name and the surname's initial with its tussenvoegsels "Jan de V.", ``INITIALS`` "J.d.V."
    (every first name's initial, the tussenvoegsels' in lower case, the surname's)."""
    first, last = " ".join(first_name.split()), " ".join(last_name.split())
    if choice not in (SHORT, INITIALS) or not last:
        return f"{first} {last}".strip()
    particles, core = _particles_and_core(last)
    if choice == SHORT:
        return " ".join([first, *particles, _initial(core[0]) if core else ""]).strip()
    letters = [_initial(w).upper() for w in first.split()]
    letters += [_initial(w).lower() for w in particles]
    letters += [_initial(core[0]).upper()] if core else []
    return "".join(letters)


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


# --- near matches: the same person typed twice -------------------------------------------------
#
# "Henk Hebers" and "Henk Hebers sr.", "henk hébers", "H. Hebers", "Piet v.d. Meer" and "Piet van
# der Meer", "Gerrit Heebers": a walk-in or an import that would make a second member of one person
# is warned about first (issue 31 item 6). Pure functions, no database: the callers hand in the
# club's names. A near match only asks; it never refuses, so a false alarm costs one click, and
# "Jan de Vries" next to "Jan de Wit" (or "Kees Bos" next to "Kees Vos") never asks at all.

#: Words after a name that tell two people of one family apart in a club's list, not two persons.
SUFFIXES = frozenset({"sr", "senior", "sen", "jr", "junior", "jun", "jnr", "snr"})
#: A surname core at least this long may differ by one typo (and a first name at least FIRST_TYPO).
SURNAME_TYPO, FIRST_TYPO = 6, 5


@dataclass(frozen=True)
class NameKey:
    """A name as the near-match compares it: the first word of the first name and the last word of
    the surname ("sr."/"jr." left off), both case- and accent-free, "ij" read as "y"."""

    first: str
    surname: str


def fold(text: str) -> str:
    """Lower case, accents off ("Hébers" → "hebers"), "ij" as "y", dots and commas gone, one space."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    plain = plain.replace("ĳ", "y").replace("ij", "y")
    plain = re.sub(r"[.,;:()\"]+", " ", plain).replace("-", " ")
    return " ".join(plain.split())


def _words(text: str) -> list[str]:
    """The folded words of a name, "sr."/"jr." at its end left off."""
    words = fold(text).split()
    while len(words) > 1 and words[-1] in SUFFIXES:
        words = words[:-1]
    return words


def _key(first_words: list[str], last_words: list[str]) -> NameKey:
    # The first word of the first names and the last word of the surname: "Jan Willem" is "jan",
    # "van der Meer" is "meer", "Smit-Jansen" is "jansen" — so how a full name splits into first
    # name and surname (an import has one column) does not matter.
    return NameKey(first=first_words[0] if first_words else "", surname=last_words[-1] if last_words else "")


def name_key(first_name: str, last_name: str) -> NameKey:
    """The key of a member's first name and surname ("Henk", "Hebers sr.")."""
    return _key(_words(first_name), _words(last_name))


def full_name_key(name: str) -> NameKey:
    """The key of a full name as imports write it, first name first: "Jan van der Berg"; one word is
    a surname alone."""
    words = _words(name)
    return _key(words[:-1], words[-1:])


def typo_apart(a: str, b: str) -> int:
    """The edit distance of two short strings (an insertion, deletion, change or swap of two
    neighbours counts one), stopped at 2: enough to tell one typo from two."""
    if a == b:
        return 0
    if abs(len(a) - len(b)) > 1:
        return 2
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                value = min(value, previous2[j - 2] + 1)
            current.append(value)
        previous2, previous = previous, current
        if min(current) >= 2:
            return 2
    return min(previous[-1], 2)


def _first_names_agree(a: str, b: str) -> bool:
    if not a or not b or a == b:
        return True  # a surname alone ("Hebers") may be anyone of that name: ask
    first_a, first_b = a, b
    if len(first_a) == 1 or len(first_b) == 1:  # an initial: "H. Hebers"
        return first_a[0] == first_b[0]
    return min(len(first_a), len(first_b)) >= FIRST_TYPO and typo_apart(first_a, first_b) < 2


def nearly_same(a: NameKey, b: NameKey) -> bool:
    """Whether two names may well be one person (see the block comment above)."""
    if not a.surname or not b.surname:
        return False
    if a.surname != b.surname:
        if min(len(a.surname), len(b.surname)) < SURNAME_TYPO or typo_apart(a.surname, b.surname) >= 2:
            return False
        if a.first != b.first:  # a typo in the surname and another difference: two people
            return False
    return _first_names_agree(a.first, b.first)


def near_matches(key: NameKey, candidates) -> list:
    """The candidates (``(anything, NameKey)`` pairs) whose key nearly matches ``key``, in order."""
    return [item for item, other in candidates if nearly_same(key, other)]
