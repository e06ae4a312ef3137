"""The standings as xlsx and PDF, with the columns of the standings page (``competitions.tables``).

Both read :func:`competitions.standings.standings` once; numbers stay numbers in the xlsx (the rank
as a number, averages with one decimal), and the PDF is an A4 list (landscape when wide) with the
prize places marked.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Table, TableStyle

from competitions.models import Competition
from competitions.standings.recorded import NOT_RECORDED, unrecorded
from documents.pdf import A4_LANDSCAPE, A4_PORTRAIT, FONT, FONT_BOLD, GREEN, GREEN_LIGHT, MUTED, FlowableRenderer
from documents.xlsx import Column, Exporter


@dataclass(frozen=True)
class StandingColumn:
    key: str  # a StandingRow attribute, or "evening_<n>"
    label: str  # English source, translated when shown
    width: float = 9  # xlsx width in characters
    number_format: str = "0"
    numeric: bool = True


def standing_columns(competition: Competition, rows) -> list[StandingColumn]:
    """The page's columns: what means nothing for the format is left out, as on the page."""
    individual = competition.format == Competition.Format.INDIVIDUAL
    cols = [StandingColumn("rank", gettext_noop("Rank"), 6), StandingColumn("name", gettext_noop("Name"), 30, "", False)]
    if any(r.division for r in rows):
        cols.append(StandingColumn("division", gettext_noop("Division"), 14, "", False))
    cols += [StandingColumn("played", gettext_noop("Played"))]
    if not individual:
        cols += [StandingColumn(k, label) for k, label in
                 (("won", gettext_noop("Won")), ("drawn", gettext_noop("Drawn")), ("lost", gettext_noop("Lost")))]
    if any(r.byes for r in rows):
        cols.append(StandingColumn("byes", gettext_noop("Byes")))
    if not individual or "match_points" in (competition.tie_breakers or []):
        cols.append(StandingColumn("match_points", gettext_noop("Match points"), 12))
    if individual:
        numbers = sorted({e.number for r in rows for e in r.evenings})
        cols += [StandingColumn(f"evening_{n}", str(n), 7) for n in numbers]
    cols += [
        StandingColumn("points_display", gettext_noop("Points"), 10, "General"),
        StandingColumn("average_display", gettext_noop("Average"), 10, "0.0"),
    ]
    if individual:
        cols.append(StandingColumn("evening_average_display", gettext_noop("Per evening"), 11, "0.0"))
    cols += [StandingColumn(k, label) for k, label in (
        ("roem", "roem"), ("nat", "nat"), ("pits", gettext_noop("pits")), ("tegenpits", gettext_noop("tegenpits")),
        ("bids", gettext_noop("Bids")))]
    cols.append(StandingColumn("made_percent", gettext_noop("Made %"), 9))
    return cols


def cell_value(row, key: str):
    if unrecorded(row, key):
        return NOT_RECORDED  # some of the row's matches did not record it (totals-only entry)
    if key.startswith("evening_") and key != "evening_average_display":
        score = row.evening_map.get(int(key.split("_")[1]))
        return None if score is None else score.points
    return getattr(row, key)


class StandingsExporter(Exporter):
    sheet_title = "standings"

    def __init__(self, competition: Competition, rows):
        self.competition = competition
        self.rows_ = rows
        self.cols = standing_columns(competition, rows)
        self.filename = f"{competition.slug}-standings.xlsx"

    def get_columns(self):
        return [Column(_(c.label), c.width, c.number_format if c.numeric else "") for c in self.cols]

    def title_rows(self):
        when = formats.date_format(timezone.localtime(), "DATETIME_FORMAT")
        return [[f"{self.competition.name} — {_('standings')}", None, f"{self.competition.club.name} · {when}"]]

    def rows(self):
        keys = [c.key for c in self.cols]
        for row in self.rows_:
            yield [cell_value(row, k) for k in keys]


class StandingsRenderer(FlowableRenderer):
    def __init__(self, competition: Competition, rows, **kwargs):
        super().__init__(**kwargs)
        self.competition, self.rows = competition, rows
        self.cols = standing_columns(competition, rows)
        self.pagesize = A4_LANDSCAPE if len(self.cols) > 12 else A4_PORTRAIT
        self.title = _("%(competition)s — standings") % {"competition": competition.name}

    def header(self, canvas, page_number: int) -> None:
        width, height = self.pagesize
        canvas.saveState()
        canvas.setFillColorRGB(*GREEN)
        canvas.setFont(FONT_BOLD, 15)
        canvas.drawString(15 * mm, height - 13 * mm, self.get_title())
        canvas.setFont(FONT, 9)
        canvas.setFillColorRGB(*MUTED)
        canvas.drawRightString(width - 15 * mm, height - 13 * mm, self.competition.club.name)
        canvas.setStrokeColorRGB(*GREEN)
        canvas.setLineWidth(1.5)
        canvas.line(15 * mm, height - 16 * mm, width - 15 * mm, height - 16 * mm)
        canvas.restoreState()

    def story(self) -> list:
        if not self.rows:
            return [Paragraph(_("No results yet."), ParagraphStyle("p", fontName=FONT, fontSize=12))]
        name_style = ParagraphStyle("name", fontName=FONT, fontSize=8.5, leading=10)
        data = [[_(c.label) for c in self.cols]]
        prize_rows = []
        for i, row in enumerate(self.rows, start=1):
            line = []
            for c in self.cols:
                if c.key == "rank":
                    line.append(row.rank_label or str(row.rank))
                elif c.key == "name":
                    line.append(Paragraph(_esc(row.name), name_style))
                elif c.key == "made_percent":
                    line.append(f"{row.made_percent}%" if row.bids and not unrecorded(row, c.key) else NOT_RECORDED)
                else:
                    value = cell_value(row, c.key)
                    line.append("" if value is None else value if value == NOT_RECORDED else _number(value))
            if row.prize:
                prize_rows.append(i)
            data.append(line)
        width = self.pagesize[0] - 30 * mm
        fixed = sum(c.width for c in self.cols if c.key != "name")
        unit = min(2.3 * mm, (width - 45 * mm) / fixed)
        widths = [(width - fixed * unit) if c.key == "name" else c.width * unit for c in self.cols]
        table = Table(data, colWidths=widths, repeatRows=1)
        style = [
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, 7.5), ("FONT", (0, 1), (-1, -1), FONT, 8.5),
            ("TEXTCOLOR", (0, 0), (-1, 0), (1, 1, 1)), ("BACKGROUND", (0, 0), (-1, 0), GREEN),
            ("ALIGN", (0, 0), (-1, -1), "RIGHT"), ("ALIGN", (1, 0), (1, -1), "LEFT"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [(1, 1, 1), (0.97, 0.97, 0.95)]),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, (0.8, 0.8, 0.8)),
        ]
        style += [("BACKGROUND", (0, i), (-1, i), GREEN_LIGHT) for i in prize_rows]
        style += [("FONT", (0, i), (0, i), FONT_BOLD, 8.5) for i in prize_rows]
        table.setStyle(TableStyle(style))
        return [table]


def _number(value) -> str:
    if isinstance(value, float):
        return formats.number_format(value, 1)
    return formats.number_format(value, 0, force_grouping=False)


def _esc(text: str) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
