"""Which places win a prize, as the club chose (RULES.md §9 "Prizes"):

- places 1 to ``prize_places``, then every ``prize_every``-th place after them ("formule van 4":
  places 1–4, then 8, 12, 16 …);
- or, with ``prize_per_players`` set, one prize per N players present (on an evening: who played;
  in the season: who is ranked): places 1 to ⌊present / N⌋, and at least one prize when anyone
  played. This replaces the places above.

Tied entrants share a place: a group of tied rows wins a prize when any place it spans does
(``tiebreak.rank_rows``). The day prize of an evening is its winner (rank 1); the booby prize
("poedel", ▼) its lowest score.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def prize_places(competition, present: int) -> tuple[int, int]:
    """(places 1..n win, then every m-th place) for this many players present or ranked."""
    per = getattr(competition, "prize_per_players", None)
    if per:
        return (max(1, present // per) if present else 0), 0
    return competition.prize_places, competition.prize_every


def is_prize_place(position: int, places: int, every: int) -> bool:
    return position <= places or bool(every and position > places and position % every == 0)


def prize_rule_text(competition, present: int) -> str:
    """The prize rule in words, for the pages and the PDFs."""
    places, every = prize_places(competition, present)
    per = getattr(competition, "prize_per_players", None)
    if per:
        return ngettext(
            "One prize per %(per)s players: %(count)s prize for %(present)s players.",
            "One prize per %(per)s players: %(count)s prizes for %(present)s players.",
            places,
        ) % {"per": per, "count": places, "present": present}
    if not places and not every:
        return ""
    text = _("Prizes: places 1 to %(places)s") % {"places": places}
    if every:
        text += _(", then every %(every)s-th place (%(examples)s …)") % {
            "every": every,
            "examples": ", ".join(
                str(p) for p in [q for q in range(places + 1, places + 4 * every + 1) if q % every == 0][:3]
            ),
        }
    return text + "."


def prize_rule(competition, present: int) -> dict[str, int]:
    """``rank_rows``'s prize arguments for this many players present (or entrants ranked)."""
    places, every = prize_places(competition, present)
    return {"prize_places": places, "prize_every": every}
