"""The phone's sheet: the entry form's rows as cards for a thumb (one card a deal, one column a side),
and the read-only summary the opponents check. Built from the entry form (``scoring.sheet.forms``) and
its live preview (``scoring.sheet.preview``): the same field names, validation and messages as the
desktop sheet; the rules engine on the server answers, the phone only shows it."""

from __future__ import annotations

from django.http import QueryDict

from competitions.base.rulesets import first_dealer_of, ruleset_for_match
from competitions.models import Match
from scoring.duplicate.selectors import board_numbers
from scoring.rules import RuleSet
from scoring.selectors import offender_seats
from scoring.services import stored_deals
from scoring.sheet.forms import SheetForm
from scoring.sheet.layout import (
    SIDE_SHOWN,
    SheetLayout,
    field_name,
    initial_from_deals,
    layout_for,
)
from scoring.sheet.offenders import offender_label
from scoring.sheet.preview import sheet_preview

TRUMPS = (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"))

#: The rule set's options that decide a deal's score: the phone scores offline with them
#: (static/js/deal_score.js, a port of ``scoring.rules.deal.score_deal``).
DEAL_OPTIONS = (
    "deal_total",
    "sides",
    "has_bidder",
    "pit_bonus",
    "slot_bonus",
    "no_nat",
    "nat_on_tie",
    "verzaakt_bonus",
    "verzaakt_penalty",
    "verzaakt_points",
    "nil_bid",
    "nil_bonus",
    "challenges",
    "spades_double",
    "needs_trump",
)


def rules_for_phone(rules: RuleSet) -> dict:
    """The rule set as the phone's deal scoring reads it (embedded in the page with json_script)."""
    return {name: getattr(rules, name) for name in DEAL_OPTIONS}


def phone_layout(match: Match, stored: list[dict]) -> SheetLayout:
    """As the desktop sheet, with a trump column where the rules need it or trumps are stored."""
    layout = layout_for(
        ruleset_for_match(match),
        first_dealer=first_dealer_of(match.round.competition),
        stored=match.deals_played,
        show_trump=any(d.get("trump") for d in stored),
    )
    layout.boards = board_numbers(match)  # duplicate: the wallet's board numbers
    return layout


def initial_form(match: Match, layout: SheetLayout, stored: list[dict]) -> SheetForm:
    data = QueryDict(mutable=True)
    for key, value in initial_from_deals(layout, stored, match.version).items():
        if value is True:
            data[key] = "on"
        elif value is not None and value is not False:
            data[key] = str(value)
    return SheetForm(data, layout=layout, seats=offender_seats(match))


def cards(form: SheetForm, words, seat_names: dict[str, str], preview: dict | None = None) -> list[dict]:
    """One card per deal: per side its inputs' names and values, and the engine's answer."""
    layout = form.layout
    preview = preview if preview is not None else sheet_preview(form)
    keys = SIDE_SHOWN[layout.sides]
    out = []
    for row in form.rows(preview):
        number = row.number

        def value(name, number=number):
            return str(form.data.get(field_name(number, name), "") or "").strip()

        chosen = {name: value(name).lower() for name in ("bidder", "pit", "verzaakt")}
        sides = []
        for i, (suffix, word) in enumerate(zip(layout.suffixes, words)):
            cell = row.cells[i] if i < len(row.cells) else {}
            sides.append(
                {
                    "index": i,
                    "key": keys[i],
                    "word": word,
                    "points_name": field_name(number, f"points_{suffix}"),
                    "points": value(f"points_{suffix}"),
                    "roem_name": field_name(number, f"roem_{suffix}"),
                    "roem": value(f"roem_{suffix}"),
                    "bid": chosen["bidder"] == keys[i],
                    "pit": chosen["pit"] == keys[i],
                    "verzaakt": chosen["verzaakt"] == keys[i],
                    "big_roem_name": field_name(number, f"big_roem_{suffix}"),
                    "big_roem": value(f"big_roem_{suffix}") in ("on", "true", "1", "True"),
                    "score": cell.get("score", ""),
                    "running": cell.get("running", ""),
                    "mark": cell.get("mark", ""),
                }
            )
        out.append(
            {
                "number": number,
                "board": form.layout.board(number),
                "dealer": row.dealer,
                "dealer_name": seat_names.get(row.dealer, "").split(" ")[0],
                "forced": row.forced,
                "state": row.state,
                "mark": row.mark,
                "errors": row.errors,
                "sides": sides,
                "trump": value("trump").upper(),
                "challenge": value("challenge") or "0",
                "nil": value("nil") in ("on", "true", "1"),
                "offender": row.offender,
                "verzaakt": chosen["verzaakt"],  # individual play: the select of the player who verzaakt
            }
        )
    return out


def summary(match: Match, seat_names: dict[str, str]) -> dict:
    """The stored sheet, deal by deal (scores, marks, bidder, who verzaakt where the sheet names them)
    with totals: what the opponents check."""
    deals = stored_deals(match)
    keys = SIDE_SHOWN[match.sides]
    boards = board_numbers(match)  # duplicate: the wallet's board numbers
    rows = []
    for deal in deals:
        rows.append(
            {
                "number": deal["number"],
                "board": boards.get(deal["number"], deal["number"]),
                "scores": deal["scores"],
                "mark": deal["mark"],
                "bidder": keys[deal["bidder"]] if deal["bidder"] is not None else "",
                "offender": offender_label(deal.get("verzaakt_seat") or "", seat_names),
                "offender_seat": deal.get("verzaakt_seat") or "",
            }
        )
    totals = [sum(d["scores"][i] for d in deals) for i in range(match.sides)]
    return {"rows": rows, "totals": totals, "count": len(deals)}
