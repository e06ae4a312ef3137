"""The live preview of a score sheet as typed so far: per deal the rules engine's scores and marks
(or its errors), the running totals and the match totals — the entry page's script only shows it."""

from __future__ import annotations

from typing import Any

from scoring.rules import InvalidDeal, score_match
from scoring.sheet.deal_input import DealError, check_deal, to_deal_input, translate_engine_message
from scoring.sheet.forms import SheetForm
from scoring.sheet.layout import field_name


def sheet_preview(form: SheetForm) -> dict:
    """Per deal the engine's scores and marks (or the errors), the running totals, and the match
    totals — for the entry page's script, which only displays it."""
    form.is_valid()
    layout = form.layout
    rules = layout.rules
    sides = layout.sides
    running = [0] * sides
    deals = []
    inputs = []
    all_valid = True
    for state in form.row_states:
        row: dict = {
            "number": state.number,
            "state": "empty",
            "scores": None,
            "marks": None,
            "mark": "",
            "nat": False,
            "errors": [],
            "running": None,
        }
        errors = list(state.errors)
        if not state.empty and state.data is not None:
            parsed = to_deal_input(state.data, number=state.number, rules=rules)
            if isinstance(parsed, DealError):
                errors.append(parsed)
            else:
                result = check_deal(parsed, number=state.number, rules=rules)
                if isinstance(result, DealError):
                    errors.append(result)
                else:
                    inputs.append(parsed)
                    running = [t + s for t, s in zip(running, result.scores)]
                    row.update(
                        state="ok",
                        scores=list(result.scores),
                        marks=list(result.marks),
                        mark=result.mark,
                        nat=result.nat,
                    )
        if errors:
            all_valid = False
            row["state"] = "error"
        if row["state"] == "ok":
            row["running"] = list(running)
        if state.data is not None:
            row["points"] = state.data["points"]
            row["roem"] = state.data["roem"]
        row["errors"] = [{"field": e.field, "input": form._input_for(e), "message": e.message} for e in errors]
        deals.append(row)
    answer: dict[str, Any] = {"deals": deals, "totals": running, "valid": all_valid, "finished": False, "errors": []}
    if all_valid and inputs:
        try:
            result = score_match(rules, inputs)
        except InvalidDeal as exc:
            answer["valid"] = False
            number = exc.deal or len(inputs)
            message = translate_engine_message(exc)
            answer["errors"].append({"deal": number, "field": exc.field, "message": message})
            if 0 < number <= len(deals):
                deals[number - 1]["state"] = "error"
                deals[number - 1]["errors"].append(
                    {"field": exc.field, "input": field_name(number, "points_a"), "message": message}
                )
        else:
            answer["finished"] = result.finished
            answer["winner"] = result.winner
            if result.strokes is not None:
                answer["strokes"] = list(result.strokes)
    return answer
