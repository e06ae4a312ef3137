"""The sides of a saved sheet: their totals and statistics (roem, bids made, nat, pit, verzaakt) and
the match result, written in the save's transaction (``scoring.services.write_sheet``)."""

from __future__ import annotations

from competitions.models import Match, MatchSide
from core.prepared import as_prefetched, update_row
from scoring.rules import DealInput, RuleSet
from scoring.selectors import sides_of_match


def side_statistics(rules: RuleSet, inputs: list[DealInput], results: list, sides: int) -> list[dict]:
    stats = [dict(total=0, roem=0, bids=0, made=0, nat=0, pits=0, tegenpits=0, verzaakt=0) for _ in range(sides)]
    for deal, result in zip(inputs, results):
        for side in range(sides):
            s = stats[side]
            s["total"] += result.scores[side]
            s["roem"] += deal.roem[side]
            if deal.bidder == side:
                s["bids"] += 1
                if result.nat:
                    s["nat"] += 1
                elif deal.verzaakt != side:
                    s["made"] += 1
            if result.pit == side:
                if deal.bidder is None or deal.bidder == side:
                    s["pits"] += 1
                else:
                    s["tegenpits"] += 1
            if deal.verzaakt == side:
                s["verzaakt"] += 1
    return stats


def _outcome(totals: list[int], side: int, complete: bool) -> str:
    if not complete:
        return MatchSide.Result.NONE
    best = max(totals)
    if totals[side] < best:
        return MatchSide.Result.LOSS
    return MatchSide.Result.DRAW if totals.count(best) > 1 else MatchSide.Result.WIN


SIDE_FIELDS = ("total", "opponents_total", "roem", "bids", "made", "nat", "pits", "tegenpits", "verzaakt", "result")


def store_sides(match: Match, stats: list[dict], complete: bool) -> list[MatchSide]:
    """Write the sides' totals, statistics and results of a saved sheet; the rows, with their
    entrants, as they now stand."""
    existing = {s.side: s for s in sides_of_match(match.pk)}
    totals = [s["total"] for s in stats]
    rows = []
    for side, s in enumerate(stats):
        row = existing.get(side) or MatchSide(match=match, side=side)
        for key, value in s.items():
            setattr(row, key, value)
        row.opponents_total = sum(totals) - s["total"]
        row.result = _outcome(totals, side, complete)
        rows.append(row)
    new = [r for r in rows if r.pk is None]
    old = [r for r in rows if r.pk is not None]
    if new:
        MatchSide.objects.bulk_create(new)
    for row in old:  # a plain UPDATE per side, its SQL built once: no CASEs as in bulk_update, no signal
        update_row(MatchSide, row.pk, {name: getattr(row, name) for name in SIDE_FIELDS})
    return rows


def remember_rows(match: Match, **rows: list) -> None:
    """Hand rows just written to ``match`` as if prefetched, so the answer to a save does not read
    back what it wrote."""
    as_prefetched(match, **rows)
