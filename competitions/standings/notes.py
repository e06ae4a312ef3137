"""The season's rules in a line or two under the standings (page, projector, PDF): who is not
ranked and why, whether the worst evenings are struck yet, and who leads the points championship."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from competitions.models import Competition
from competitions.standings.metrics import NOT_RANKED, StandingRow

#: Marks an imported evening (issue 26 item 12: brought in from the club's own spreadsheet) beside
#: its number on the standings page, the player's page, standings.pdf and standings.xlsx.
IMPORTED_MARK = "°"


def imported_evenings(rows: list[StandingRow]) -> list[int]:
    """The numbers of the evenings whose scores came in through the evening-totals import."""
    return sorted({e.number for r in rows for e in r.evenings if e.imported and e.number is not None})


def imported_note(numbers: list[int]) -> str:
    return ngettext(
        "%(mark)s = imported from the club's own records (evening %(numbers)s).",
        "%(mark)s = imported from the club's own records (evenings %(numbers)s).",
        len(numbers),
    ) % {"mark": IMPORTED_MARK, "numbers": ", ".join(str(n) for n in numbers)}


def season_notes(competition: Competition, rows: list[StandingRow]) -> list[str]:
    notes = []
    imported = imported_evenings(rows)
    if imported:
        notes.append(imported_note(imported))
    if competition.min_evenings and any(r.qualified is None for r in rows):
        notes.append(
            ngettext(
                "Running total: the minimum of %(count)s evening played applies only after the last planned "
                "evening (%(planned)s); until then everyone has a place.",
                "Running total: the minimum of %(count)s evenings played applies only after the last planned "
                "evening (%(planned)s); until then everyone has a place.",
                competition.min_evenings,
            )
            % {"count": competition.min_evenings, "planned": competition.planned_evenings}
        )
    if competition.min_evenings and any(r.qualified is False for r in rows):
        notes.append(
            ngettext(
                "%(mark)s = not ranked: fewer than %(count)s evening played.",
                "%(mark)s = not ranked: fewer than %(count)s evenings played.",
                competition.min_evenings,
            )
            % {"mark": NOT_RANKED, "count": competition.min_evenings}
        )
    if any(r.best_points is not None for r in rows):
        notes.append(
            _(
                "The worst evenings are struck only after the last planned evening (%(planned)s); until then the "
                "total of all evenings ranks, and “best %(best)s” shows what would count now."
            )
            % {"planned": competition.planned_evenings, "best": competition.count_best}
        )
    champions = [r for r in rows if r.points_champion]
    if competition.points_champion and champions:
        notes.append(
            _("Points champion (every evening added up): %(names)s, %(points)s points.")
            % {"names": ", ".join(r.name for r in champions), "points": champions[0].points_total}
        )
    return notes


def best_label(competition: Competition) -> str:
    return _("Best %(count)s") % {"count": competition.count_best}
