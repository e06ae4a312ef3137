"""Statistics that were not recorded: a result entered as totals only (``scoring.totals.services``)
stores NULL for every count the club did not write down (roem, nat, pits when left out; bids, made,
tegenpits and verzaakt always), so that "not recorded" is told apart from 0.

Choice (the standings' rule): a statistic is shown as "—" for an entrant when *any* of the matches
counted for it lacks that statistic, because a sum over only some matches would compare unequal
things. The number kept in the row is still the sum of what was recorded (0 if nothing was), so
tie-breakers and the API keep working on numbers; ranking by a statistic a club does not record is
the club's choice of tie-breakers.

No extra query: the aggregate queries (``pairs_teams.side_aggregates``, ``individual.evening_rows``)
add ``missing_counts()`` — per statistic the number of counted match sides where it is NULL — and
``mark`` puts the names of the statistics with any such side in ``row.unrecorded``.
"""

from __future__ import annotations

from django.db.models import Count, Q

#: The statistics of a match side (``MatchSide``), as the standings sum them.
STATS = ("roem", "nat", "pits", "tegenpits", "bids", "made", "verzaakt")
MISSING = tuple(f"{name}_missing" for name in STATS)
NOT_RECORDED = "—"


def missing_counts(counted="id") -> dict:
    """Aggregate annotations: per statistic, the match sides of the group without it. ``counted``:
    ``Value(1)`` where every row of the group is a match side (``COUNT(1)`` reads no column)."""
    return {f"{name}_missing": Count(counted, filter=Q(**{f"{name}__isnull": True})) for name in STATS}


def mark(row, values) -> None:
    """Add to ``row.unrecorded`` (a frozenset of statistic names) those an aggregate's ``*_missing``
    counts name (a mapping, or an object with those attributes); called once per aggregate row."""
    get = values.get if hasattr(values, "get") else (lambda key, default=0: getattr(values, key, default))
    row.unrecorded = getattr(row, "unrecorded", frozenset()) | {name for name in STATS if get(f"{name}_missing", 0)}


def unrecorded(row, key: str) -> bool:
    """Whether the standings should show ``key`` of ``row`` as not recorded. ``made_percent`` and
    ``made_share`` need both bids and made."""
    missing: frozenset[str] = getattr(row, "unrecorded", frozenset())
    if key in ("made_percent", "made_share"):
        return bool(missing & {"bids", "made"})
    return key in missing


def shown(row, key: str, value):
    """``value`` as the standings show it: "—" when not recorded."""
    return NOT_RECORDED if unrecorded(row, key) else value
