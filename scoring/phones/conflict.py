"""Two versions of one sheet: what a phone is shown when its save is refused because the sheet was
saved meanwhile (409). Both versions deal by deal as the phone shows a deal (each side's points and
roem, the bid, pit and verzaakt, the score and the mark), the stored one (theirs: who saved it and
when) beside the refused one (mine), with the deals and fields that differ named, so the phone can
choose which one stands (``static/js/table_conflict.js`` shows it). Reads only."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import timezone

from competitions.base.rulesets import ruleset_for_match
from competitions.models import Match
from scoring.phones.selectors import side_label
from scoring.services import compare_sheets


def _side(match: Match, index) -> str:
    return side_label(match, index) if isinstance(index, int) and not isinstance(index, bool) else ""


def _deal(match: Match, deal: dict | None, answer: dict | None = None) -> dict | None:
    """One deal as the comparison shows it; ``answer`` is the engine's (scores, mark) for a typed deal."""
    if deal is None:
        return None
    answer = answer or deal
    return {
        "bidder": _side(match, deal.get("bidder")),
        "points": list(deal.get("points") or []),
        "roem": list(deal.get("roem") or []),
        "pit": _side(match, deal.get("pit")),
        "verzaakt": _side(match, deal.get("verzaakt")),
        "scores": list(answer.get("scores") or []),
        "mark": answer.get("mark") or "",
    }


def saved_by(match: Match) -> str:
    """Who saved the stored sheet: the side that typed it at the table, or the scorer's name."""
    if match.entered_by is not None:
        return match.entered_by.get_username()
    if match.table_entered_side is not None:
        return side_label(match, match.table_entered_side)
    return ""


def comparison(match: Match, theirs: Sequence[dict], mine: Sequence[dict], preview: dict) -> dict:
    """Both versions deal by deal: ``{"labels", "by", "by_side", "at", "deals": [{"number", "theirs", "mine",
    "differs": [field, …]}], "differing": [deal numbers]}``. ``match`` as it stands now (its saver);
    ``theirs`` the stored deals (``services.stored_deals``), ``mine`` the refused sheet's deals (the
    entry form's), ``preview`` the engine's answer for it (``sheet_preview``)."""
    differs: dict[int, list[str]] = {}
    for difference in compare_sheets(theirs, mine, rules=ruleset_for_match(match)):
        differs.setdefault(difference.deal, []).append(difference.field)
    answers = {d["number"]: d for d in preview.get("deals", [])}
    deals = []
    for number in range(1, max(len(theirs), len(mine)) + 1):
        their = theirs[number - 1] if number <= len(theirs) else None
        my = mine[number - 1] if number <= len(mine) else None
        deals.append(
            {
                "number": number,
                "theirs": _deal(match, their),
                "mine": _deal(match, my, answers.get(number)),
                "differs": differs.get(number, []),
            }
        )
    at = match.changed_at or match.entered_at
    return {
        "labels": [side_label(match, i) for i in range(match.sides)],
        "by": saved_by(match),
        # the side that saved it at the table: the phone names it from its names map (a reseat shows)
        "by_side": match.table_entered_side if match.entered_by is None else None,
        "at": timezone.localtime(at).strftime("%H:%M") if at else "",
        "deals": deals,
        "differing": sorted(differs),
        "totals": {
            "theirs": [sum((d.get("scores") or [0] * match.sides)[i] for d in theirs) for i in range(match.sides)],
            "mine": list(preview.get("totals") or []),
        },
    }
