"""The standings as xlsx and PDF, with the columns of the standings page (``competitions.tables``).

Both read :func:`competitions.standings.standings` once; numbers stay numbers in the xlsx (the rank
as a number, averages with one decimal), and the PDF is an A4 list (landscape when wide) with the
prize places marked.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext

from competitions.models import Competition
from competitions.standings import season_rules
from competitions.standings.notes import IMPORTED_MARK, best_label, imported_evenings
from competitions.standings.recorded import NOT_RECORDED, unrecorded
from core.numbers import number_text
from documents.xlsx import Column, Exporter, Noted, Struck


@dataclass(frozen=True)
class StandingColumn:
    key: str  # a StandingRow attribute, or "evening_<n>"
    label: str  # English source, translated when shown
    width: float = 9  # xlsx width in characters
    number_format: str = "0"
    numeric: bool = True


def duplicate_labels(competition: Competition) -> dict[str, str]:
    """A duplicate evening's columns as a duplicate club reads them (issue 34 item 4): ``played`` counts
    boards, ``match_points`` holds matchpoints (MP) and ``points`` the matchpoint percentage (or, ranked
    by the difference to each board's average, that difference); won, drawn and lost mean nothing."""
    setup = getattr(competition, "duplicate", None)
    by_difference = setup is not None and setup.method == "difference"
    return {
        "played": gettext_noop("Boards"),
        "match_points": gettext_noop("MP"),
        "points_display": gettext_noop("Difference") if by_difference else gettext_noop("MP %"),
    }


def standing_columns(competition: Competition, rows) -> list[StandingColumn]:
    """The page's columns: what means nothing for the format is left out, as on the page."""
    if competition.format == Competition.Format.DUPLICATE:
        labels = duplicate_labels(competition)
        return [
            StandingColumn(c.key, labels.get(c.key, c.label), c.width, c.number_format, c.numeric)
            for c in _standing_columns(competition, rows)
            if c.key not in ("won", "drawn", "lost")
        ]
    return _standing_columns(competition, rows)


def _standing_columns(competition: Competition, rows) -> list[StandingColumn]:
    individual = competition.format == Competition.Format.INDIVIDUAL
    running = individual and season_rules.running_total(rows)  # contract 3: the minimum not decided yet
    cols = [
        StandingColumn(
            "rank", gettext_noop("Rank (running total)") if running else gettext_noop("Rank"), 8 if running else 6
        ),
        StandingColumn("name", gettext_noop("Name"), 30, "", False),
    ]
    if any(r.division for r in rows):
        cols.append(StandingColumn("division", gettext_noop("Division"), 14, "", False))
    cols += [StandingColumn("played", gettext_noop("Played"))]
    if not individual:
        cols += [
            StandingColumn(k, label)
            for k, label in (
                ("won", gettext_noop("Won")),
                ("drawn", gettext_noop("Drawn")),
                ("lost", gettext_noop("Lost")),
            )
        ]
    if any(r.byes for r in rows):
        cols.append(StandingColumn("byes", gettext_noop("Byes")))
    if not individual or "match_points" in (competition.tie_breakers or []):
        cols.append(StandingColumn("match_points", gettext_noop("Match points"), 12))
    if individual:
        numbers = sorted({e.number for r in rows for e in r.evenings})
        imported = set(imported_evenings(rows))
        cols += [StandingColumn(f"evening_{n}", f"{n}{IMPORTED_MARK}" if n in imported else str(n), 7) for n in numbers]
    cols.append(StandingColumn("points_display", gettext_noop("Points"), 10, "General"))
    if any(r.best_points is not None for r in rows):  # best N struck only at the season's end
        cols.append(StandingColumn("best_points_display", best_label(competition), 10, "General"))
    if individual and competition.points_champion:  # the points championship: every evening added up
        cols.append(StandingColumn("points_total", gettext_noop("All evenings"), 12))
        cols.append(StandingColumn("total_rank", gettext_noop("Place (all evenings)"), 12))
    cols.append(StandingColumn("average_display", gettext_noop("Average"), 10, "0.0"))
    if individual:
        cols.append(StandingColumn("evening_average_display", gettext_noop("Per evening"), 11, "0.0"))
    cols += [
        StandingColumn(k, label)
        for k, label in (
            ("roem", "roem"),
            ("nat", "nat"),
            ("pits", gettext_noop("pits")),
            ("tegenpits", gettext_noop("tegenpits")),
            ("bids", gettext_noop("Bids")),
        )
    ]
    cols.append(StandingColumn("made_percent", gettext_noop("Made %"), 9))
    return cols


def cell_value(row, key: str):
    if unrecorded(row, key) or (key == "made_percent" and not row.bids):
        return NOT_RECORDED  # not recorded (totals-only entry), or no bids to make: "—" as on the page
    if key == "rank" and row.rank is None:
        return row.place_label  # not qualified: "n.g."
    if key.startswith("evening_") and key != "evening_average_display":
        score = row.evening_map.get(int(key.split("_")[1]))
        return None if score is None else score.points
    return getattr(row, key)


TEXT_KEYS = frozenset({"rank", "name", "division"})


class StandingsExporter(Exporter):
    """The standings as a spreadsheet opens them (issue 24 item 8): the header in row 1 (the title in
    the workbook's properties), a filter on it, the sheet named in the reader's language, and an
    evening that does not count struck through with a "does not count" note, as the page and PDF do."""

    autofilter = True

    def __init__(self, competition: Competition, rows):
        self.competition = competition
        self.rows_ = rows
        self.cols = standing_columns(competition, rows)
        self.filename = "-".join([competition.slug, pgettext("file name", "standings")]) + ".xlsx"

    def get_columns(self):
        return [Column(_(c.label), c.width, c.number_format if c.numeric else "") for c in self.cols]

    @property
    def sheet_title(self) -> str:
        return _("standings")

    def document_title(self) -> str:
        when = formats.date_format(timezone.localtime(), "DATETIME_FORMAT")
        return f"{self.competition.name} — {_('standings')} · {self.competition.club.name} · {when}"

    def rows(self):
        keys = [c.key for c in self.cols]
        for row in self.rows_:
            yield [self._cell(row, k) for k in keys]

    def extra_sheets(self):
        """The evenings' dates on a sheet of their own (issue 24 item 8: a date per round), so the main
        sheet keeps its one header row with the evenings' numbers as the page shows them."""
        if not any(c.key.startswith("evening_") and c.key != "evening_average_display" for c in self.cols):
            return []
        evenings = self.competition.evenings.order_by("number").values_list("number", "date", "imported")
        columns = [Column(_("Evening"), 8, "0"), Column(_("Date"), 12), Column(_("Imported"), 30)]
        rows = [
            [number, date, _("imported from the club's own records") if imported else None]
            for number, date, imported in evenings
        ]
        return [(_("evenings"), columns, rows)]

    def _cell(self, row, key: str):
        value = cell_value(row, key)
        if value == NOT_RECORDED and key not in TEXT_KEYS:
            return None  # a figure not recorded (or no bids to make): an empty cell, never "—" text (issue 34 item 6)
        if key.startswith("evening_") and key != "evening_average_display" and value is not None:
            score = row.evening_map.get(int(key.split("_")[1]))
            absent = score is not None and score.absent
            if score is not None and not score.counted:
                note = _("absent; does not count") if absent else _("does not count")
                return Struck(value, note)
            if absent:  # points the reglement gives for an absence, read as such (the page marks them *)
                return Noted(value, _("absent: points given for the absence"))
            if score is not None and score.imported:
                return Noted(value, _("imported from the club's own records"))
        return value


def _number(value) -> str:
    if isinstance(value, float):
        return number_text(value, 1)
    return number_text(value, 0)
