"""Which rule sets a competition may enter as totals only (``Competition.entry_mode == "totals"``).

A totals-only result is "each side's total after the match's fixed number of deals". Two kinds of
match have no such total: one played to a target score (it ends when a side reaches it, the number
of deals is not fixed) and the South African boom (strokes and plays, not points, decide it). Both
the competition admin and ``scoring.totals.services`` refuse totals-only entry for them, with the
message below.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


def totals_refusal(rules) -> str | None:
    """Why a match under ``rules`` (a ``scoring.rules.RuleSet``) cannot be entered as totals only;
    None when it can."""
    if rules.boom:
        return _("South African klawerjas is decided by strokes (the boom), not by a total: enter it deal by deal.")
    if rules.target_score is not None:
        return _(
            "A match played to a target score (%(target)s) has no fixed number of deals: enter it deal by deal."
        ) % {"target": rules.target_score}
    return None
