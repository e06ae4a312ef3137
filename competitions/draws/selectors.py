"""Reads for the draw page: the fair-rotation counts of the present players (RULES.md §9)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from clubs.models import Player
from competitions.base.pairing import odd_counts
from competitions.models import Round


@dataclass(frozen=True)
class RotationRow:
    """One present player: tables of three and rounds out, this evening and this season (tonight included)."""

    name: str
    threes_tonight: int
    threes_season: int
    out_tonight: int
    out_season: int


def rotation_rows(*, round: Round, players: Iterable[Player]) -> list[RotationRow]:
    """A row per player in ``players`` (the evening's present players, in the page's order), counted
    up to and including ``round``: one query (:func:`~competitions.base.pairing.odd_counts`)."""
    odd = odd_counts(round=round, through_round=True)
    return [
        RotationRow(
            name=player.name,
            threes_tonight=odd.threes_tonight[player.pk],
            threes_season=odd.threes_season[player.pk] + odd.threes_tonight[player.pk],
            out_tonight=odd.out_tonight[player.pk],
            out_season=odd.out_season[player.pk] + odd.out_tonight[player.pk],
        )
        for player in players
    ]
