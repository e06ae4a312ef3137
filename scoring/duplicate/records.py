"""The rows of the duplicate pages' tables, built from a loaded evening (no queries)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from competitions.standings.metrics import StandingRow
from core.numbers import number_text
from scoring.duplicate.selectors import (
    EW,
    NS,
    BoardSheet,
    DuplicateEvening,
    line_name,
    matchpoints_text,
    movement_lines,
    percent,
)
from scoring.rules import Suit
from scoring.rules.matchpoints import PairTotal

SIDE_OF_LINE = {NS: "A", EW: "B"}


def signed(value) -> str:
    """+12, −3 or 0; a fraction (a difference to an average) with one decimal: +7.3."""
    number = float(value)
    text = str(int(number)) if number.is_integer() else number_text(value, 1)
    return f"+{text}" if number > 0 else text


def pair_url(slug: str, entrant_id: int) -> str:
    return reverse("duplicate:pair", kwargs={"slug": slug, "entrant_id": entrant_id})


def board_url(slug: str, number: int) -> str:
    return reverse("duplicate:board", kwargs={"slug": slug, "number": number})


def standings_records(evening: DuplicateEvening, rows: list[StandingRow], slug: str) -> list[dict]:
    records = []
    for row in rows:
        assert row.entrant_id is not None  # a duplicate evening's rows are its pairs
        pair = evening.pairs[row.entrant_id]
        total = evening.totals.get(row.entrant_id, PairTotal())
        records.append(
            {
                "rank": row.rank_label,
                "name": f"{pair.label} · {pair.name}",
                "url": pair_url(slug, row.entrant_id),
                "line": line_name(pair.line),
                "percentage": percent(total.percentage),
                "matchpoints": matchpoints_text(total.matchpoints),
                "top": total.top,
                "boards": total.boards + total.missed,
                "difference": signed(total.difference),
            }
        )
    return records


def _contract(deal) -> str:
    if deal.bidder is None:
        return ""
    text = _("N–S") if deal.bidder == 0 else _("E–W")
    if deal.trump:
        text += f" {Suit.parse(deal.trump).symbol}"
    marks = []
    if deal.nat:
        marks.append(_("nat"))
    if deal.pit is not None:
        marks.append(_("pit"))
    return f"{text} ({', '.join(marks)})" if marks else text


def frequency_records(evening: DuplicateEvening, board: BoardSheet, slug: str) -> list[dict]:
    pairs = evening.pairs
    records = []
    for r in board.results:
        assert r.ns_score is not None and r.ew_score is not None  # a board's results are scored
        records.append(
            {
                "table": r.table,
                "ns": f"{pairs[r.ns].label} · {pairs[r.ns].name}",
                "ns_url": pair_url(slug, r.ns),
                "ew": f"{pairs[r.ew].label} · {pairs[r.ew].name}",
                "ew_url": pair_url(slug, r.ew),
                "contract": _contract(r.deal),
                "score_ns": r.deal.score_a,
                "score_ew": r.deal.score_b,
                "result": signed(r.ns_result),
                "mp_ns": f"{matchpoints_text(r.ns_score.matchpoints)}/{r.ns_score.top}",
                "mp_ew": f"{matchpoints_text(r.ew_score.matchpoints)}/{r.ew_score.top}",
                "difference": signed(r.ns_score.difference),
            }
        )
    return records


def pair_records(evening: DuplicateEvening, entrant_id: int, slug: str) -> list[dict]:
    pair = evening.pairs[entrant_id]
    boards = {b.number: b for b in evening.boards}
    records: list[dict] = []
    for r in sorted(evening.pair_results(entrant_id), key=lambda r: r.board):
        own_side_ns = entrant_id == r.ns
        score = r.score_of(entrant_id)
        assert score is not None  # scored: the pair's own results
        opponents = evening.pairs[r.ew if own_side_ns else r.ns]
        own, against = (r.deal.score_a, r.deal.score_b) if own_side_ns else (r.deal.score_b, r.deal.score_a)
        line = sorted((x.ns_result if pair.line == NS else -x.ns_result for x in boards[r.board].results), reverse=True)
        records.append(
            {
                "board": r.board,
                "url": board_url(slug, r.board),
                "round": r.round,
                "table": r.table,
                "opponents": f"{opponents.label} · {opponents.name}",
                "own": own,
                "against": against,
                "result": signed(score.result),
                "field": " ".join(signed(v) for v in line),
                "matchpoints": f"{matchpoints_text(score.matchpoints)}/{score.top}",
                "percentage": percent(score.percentage),
                "difference": signed(score.difference),
            }
        )
    for number, scores in sorted(evening.missed.items()):
        score = scores.get(entrant_id)
        if score is None:
            continue
        records.append(
            {
                "board": number,
                "url": board_url(slug, number),
                "round": "",
                "table": "",
                "opponents": _("missed: the club's average"),
                "own": "",
                "against": "",
                "result": "",
                "field": "",
                "matchpoints": f"{matchpoints_text(score.matchpoints)}/{score.top}",
                "percentage": percent(score.percentage),
                "difference": signed(score.difference),
            }
        )
    records.sort(key=lambda record: record["board"])
    return records


def movement_records(evening: DuplicateEvening) -> list[dict]:
    last = evening.setup.tables
    return [
        {
            "round": m.round,
            "table": m.table,
            "boards": f"{m.boards.start}–{m.boards.stop - 1}",
            "ns": f"{m.ns.label} · {m.ns.name}" if m.ns else "—",
            "ew": f"{m.ew.label} · {m.ew.name}" if m.ew else "—",
            "ew_to": "" if m.round == last else m.ew_to,
            "wallets_to": "" if m.round == last else m.wallets_to,
        }
        for m in movement_lines(evening.setup, evening.pairs)
    ]
