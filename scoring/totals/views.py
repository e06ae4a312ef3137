"""Totals-only entry (``Competition.entry_mode == "totals"``): ``/matches/<id>/enter/`` shows one
row per side — the total, and roem, nat and pit counts where the club keeps them — instead of the
sheet; in individual play also "verzaakt by": per seat the deals its player verzaakt (issue 33 item
11), so the club's personal penalty is charged as from a deal-by-deal sheet. Thin: the form reads what was typed, ``services_totals.save_totals`` checks and writes, and
its errors come back at the side and field they name (400), a stale version as a conflict (409).
Works without JavaScript.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from competitions import permissions
from competitions.base.rulesets import ruleset_for_match
from competitions.models import Match
from competitions.season.entry_modes import totals_refusal
from core.compass import seat_label
from scoring import selectors, services
from scoring.sheet.layout import whole_number
from scoring.totals import services as services_totals

FIELDS = ("total", *services_totals.COUNTS)  # form field prefixes, in column order
HEADINGS = {"total": gettext_lazy("total"), "roem": "roem", "nat": "nat", "pits": gettext_lazy("pits")}
SERVICE_FIELD = {"total": "totals", "roem": "roem", "nat": "nat", "pits": "pits"}


class TotalsForm(forms.Form):
    """``version`` and ``<field>-<side>`` for every side: text boxes, read by ``typed``."""

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args, sides: int, seats: tuple[str, ...] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.sides, self.seats = sides, seats
        for seat in seats:  # "verzaakt by": the deals the player at this seat verzaakt
            self.fields[f"verzaakt-{seat}"] = forms.CharField(
                required=False,
                max_length=12,
                strip=True,
                widget=forms.TextInput(
                    attrs={"inputmode": "numeric", "autocomplete": "off", "size": 3, "class": "totals-verzaakt"}
                ),
            )
        for name in FIELDS:
            for side in range(sides):
                self.fields[f"{name}-{side}"] = forms.CharField(
                    required=False,
                    max_length=12,
                    strip=True,
                    widget=forms.TextInput(
                        attrs={"inputmode": "numeric", "autocomplete": "off", "size": 6, "class": f"totals-{name}"}
                    ),
                )

    def typed(self) -> dict[str, Any]:
        """Per service field one value per side: a whole number, None when empty, or the text as
        typed (the service names it as not a whole number); "verzaakt" one count per seat."""
        out: dict[str, Any] = {}
        for name in FIELDS:
            values = []
            for side in range(self.sides):
                text = self.cleaned_data.get(f"{name}-{side}", "")
                values.append(None if text == "" else _number(text))
            out[SERVICE_FIELD[name]] = values
        typed = {seat: self.cleaned_data.get(f"verzaakt-{seat}", "") for seat in self.seats}
        if any(typed.values()):
            out["verzaakt"] = {seat: None if text == "" else _number(text) for seat, text in typed.items()}
        return out

    def add_totals_errors(self, errors) -> None:
        for error in errors:
            prefix = {v: k for k, v in SERVICE_FIELD.items()}.get(error.field)
            if error.field == "verzaakt" and error.seat in self.seats:
                self.add_error(f"verzaakt-{error.seat}", error.message)
            elif prefix and error.side is not None:
                self.add_error(f"{prefix}-{error.side}", error.message)
            else:
                self.add_error(None, error.message)


def _number(text: str) -> int | str:
    """A typed whole number (a minus sign kept, so the service can say "below 0"), else the text."""
    number = whole_number(text[1:] if text.startswith("-") else text)
    if number is None:
        return text
    return -number if text.startswith("-") else number


def _initial(match: Match) -> dict:
    initial: dict[str, int | str] = {"version": match.version}
    stored = services_totals.stored_totals(match)
    if stored is None:
        return initial
    for name in FIELDS:
        values = stored.get(SERVICE_FIELD[name])
        for side, value in enumerate(values or ()):
            initial[f"{name}-{side}"] = "" if value is None else str(value)
    for seat, count in (stored.get("verzaakt") or {}).items():
        initial[f"verzaakt-{seat}"] = str(count)
    return initial


def enter_totals(request, match: Match):
    """GET shows the form with what is stored; POST saves through ``save_totals``."""
    status, conflict = 200, None
    offenders = selectors.offender_seats(match) or []  # individual play: who may have verzaakt
    seats = tuple(seat for seat, _side, _name in offenders)
    if request.method == "POST":
        form = TotalsForm(request.POST, sides=match.sides, seats=seats)
        if form.is_valid():
            version = form.cleaned_data["version"]
            overwrite = whole_number(request.POST.get("overwrite", ""))
            if overwrite is not None:
                version = overwrite  # the user saw the conflict and chose to save over it
            try:
                saved = services_totals.save_totals(match=match, user=request.user, version=version, **form.typed())
            except services_totals.TotalsInvalid as refused:
                form.add_totals_errors(refused.errors)
                status = 400
            except services.StaleVersion as stale:
                conflict = {
                    "version": stale.current_version,
                    "by": Match.objects.select_related("entered_by").get(pk=match.pk).entered_by,
                }
                status = 409
            except services.NotAllowed as refused:
                messages.error(request, str(refused))
                status = 403
            else:
                if saved.status == Match.Status.CONFIRMED:
                    messages.success(request, _("Saved; the result counts at once (the organiser's entry)."))
                else:
                    messages.success(request, _("Saved. A second person must confirm the result before it counts."))
                return redirect("scoring:match", pk=saved.pk)
        else:
            status = 400
    else:
        form = TotalsForm(initial=_initial(match), sides=match.sides, seats=seats)
    rules = ruleset_for_match(match)
    sides = selectors.sides_of(match)
    rows = [
        {"side": side, "cells": [(name, HEADINGS[name], form[f"{name}-{side.index}"]) for name in FIELDS]}
        for side in sides
    ]
    context = {
        "match": match,
        "competition": match.round.competition,
        "sides": sides,
        "form": form,
        "rows": rows,
        "headings": [(name, HEADINGS[name]) for name in FIELDS],
        "offenders": [(seat_label(seat), name, form[f"verzaakt-{seat}"]) for seat, _side, name in offenders],
        "penalty": match.round.competition.verzaakt_player_penalty,
        "deals": rules.deals_per_match,
        "refusal": totals_refusal(rules),
        "has_deals": match.deals.exists(),
        "conflict": conflict,
        "can_correct": permissions.can_correct_confirmed(request.user, match),
        "is_confirmed": match.status == Match.Status.CONFIRMED,
    }
    return render(request, "scoring/totals/enter_totals.html", context, status=status)
