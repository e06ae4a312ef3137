"""Fair rotation of the odd seats: who sits at a table of three, who is drawn out (RULES.md §9).

A club evening whose attendance is not a multiple of four seats some players at tables of three
(or draws some out for a round: a bye). Both go round: within an evening nobody gets a second one
while another present player has had none, and over the season they go to those who have had them
least. The evening comes first, the season second.

Each player gets a *rotation key* ``(this evening, this season)``: how often they had it in the
earlier rounds of tonight, and in the earlier evenings of the season. The ``seats`` odd places of
a round go to the players with the lowest keys ("water filling"): every player whose key is below
the cut-off gets one (*must*), nobody above it gets one (*never*), and among the players exactly at
the cut-off (*tied*) the draw chooses freely — that freedom is what the table search uses to avoid
repeat table-mates. Choosing this way, within an evening the counts never differ by more than one
when they started equal, whatever the draw does with the ties.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

RotationKey = tuple[int, int]


def rotation_keys(
    players: Iterable[int], evening: Mapping[int, int] | None, season: Mapping[int, int] | None
) -> dict[int, RotationKey]:
    """``player -> (count this evening, count this season before tonight)``; missing counts are 0."""
    tonight, before = evening or {}, season or {}
    return {p: (tonight.get(p, 0), before.get(p, 0)) for p in players}


@dataclass(frozen=True)
class OddSeats:
    """Who gets the ``seats`` odd places of one round: all of ``must`` and ``free_seats`` of ``tied``."""

    must: frozenset[int]
    tied: frozenset[int]
    never: frozenset[int]
    free_seats: int

    def allows(self, player: int, odd: bool) -> bool:
        """May ``player`` take an odd place (``odd``) or an ordinary one (not ``odd``)?"""
        return player in self.tied or (player in self.must) == odd


def split_odd_seats(keys: Mapping[int, tuple[float, int]], seats: int) -> OddSeats:
    """The water-filling split of the ``seats`` odd places over the players of ``keys``.

    ``0 <= seats <= len(keys)``, else a ``ValueError``.
    """
    if not 0 <= seats <= len(keys):
        raise ValueError(f"rotation: {seats} odd place(s) for {len(keys)} player(s)")
    if seats == 0:
        return OddSeats(frozenset(), frozenset(), frozenset(keys), 0)
    if seats == len(keys):
        return OddSeats(frozenset(keys), frozenset(), frozenset(), 0)
    cut = sorted(keys.values())[seats - 1]
    must = frozenset(p for p, k in keys.items() if k < cut)
    tied = frozenset(p for p, k in keys.items() if k == cut)
    never = frozenset(p for p, k in keys.items() if k > cut)
    if len(tied) == seats - len(must):  # no choice left among the tied: they all take one
        return OddSeats(must | tied, frozenset(), never, 0)
    return OddSeats(must, tied, never, seats - len(must))


def is_fair(chosen: Iterable[int], keys: Mapping[int, RotationKey]) -> bool:
    """Did the odd places go to the lowest keys? (No chosen player's key above an unchosen one's.)"""
    picked = set(chosen)
    inside = [k for p, k in keys.items() if p in picked]
    outside = [k for p, k in keys.items() if p not in picked]
    return not inside or not outside or max(inside) <= min(outside)


def predicted_keys(keys: Mapping[int, RotationKey], split: OddSeats) -> dict[int, tuple[float, int]]:
    """The keys one round later as far as they are known before the round is searched.

    ``must`` players will have one more this evening; of the ``tied`` players an equal share each
    (the search picks which): a forecast for planning a round ahead, not a rule.
    """
    share = split.free_seats / len(split.tied) if split.tied else 0.0
    return {p: (e + (1.0 if p in split.must else share if p in split.tied else 0.0), s) for p, (e, s) in keys.items()}


def order_by_rotation(
    players: Sequence[int], keys: Mapping[int, Sequence[float]], tiebreak: Mapping[int, float]
) -> list[int]:
    """``players`` sorted by key, then ``tiebreak`` (e.g. a random number per player)."""
    return sorted(players, key=lambda p: (tuple(keys[p]), tiebreak[p], p))
