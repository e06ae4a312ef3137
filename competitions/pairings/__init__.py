"""The pairing engine (DESIGN.md, contract 2): pure Python over entrant indexes, no Django.

- :func:`round_robin` — a league's fixture list (single or double round robin);
- :func:`swiss_round` — the next round of a Swiss-system pairs event;
- :func:`individual_round` — the draw of one round of an individual club evening;
- :func:`whist_schedule` — a complete schedule: everyone partners everyone once, opposes twice;
- :func:`pair_movement` — fixed pairs on one evening: who meets whom at which table, who moves.

Pair counters are ``collections.Counter`` keyed by ``frozenset({a, b})`` (see :mod:`.counters`).
"""

from .counters import (
    PairKey,
    count_pairs,
    normalise_counter,
    pair_key,
    record_round,
    table_opponents,
    table_partners,
)
from .individual import choose_byes, individual_round, table_plan
from .movement import Movement, pair_movement
from .round_robin import round_robin
from .swiss import swiss_round
from .whist import whist_schedule

__all__ = [
    "Movement",
    "PairKey",
    "choose_byes",
    "count_pairs",
    "individual_round",
    "normalise_counter",
    "pair_key",
    "pair_movement",
    "record_round",
    "round_robin",
    "swiss_round",
    "table_opponents",
    "table_partners",
    "table_plan",
    "whist_schedule",
]
