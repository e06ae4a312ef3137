"""The standings as an A4 PDF (``standings.pdf``): the page's columns, each as wide as its header and
its widest figure. Portrait when that fits, else landscape; when even landscape is too narrow the
headers are abbreviated with a key under the table, and at worst the type shrinks. Evenings that
do not count (best N, periods) are struck through and absences marked, as on the web page; prize
places carry a ★ and the prize rule is printed under the table."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from competitions.models import Competition
from competitions.standings.exports import cell_value, standing_columns
from competitions.standings.notes import season_notes
from competitions.standings.plain import plain_rules
from competitions.standings.prizes import prize_rule_text
from competitions.standings.recorded import NOT_RECORDED, unrecorded
from core.numbers import number_text
from documents.pdf import (
    A4_LANDSCAPE,
    A4_PORTRAIT,
    FONT,
    FONT_BOLD,
    GREEN,
    GREEN_LIGHT,
    MUTED,
    FlowableRenderer,
    draw_title_bar,
    text_width,
)

HEAD_SIZE, BODY_SIZE = 7.5, 8.5
PAD = 3  # points left and right of a cell
NAME_MIN = 38 * mm
NAME_MAX = 75 * mm
MARGIN = 15 * mm
PRIZE_MARK = "★"
ABSENT_COLOUR = "#8a6d00"  # the web page's .absent
DROPPED_COLOUR = "#888888"


def short_labels() -> dict[str, str]:
    """Abbreviated headers (explained in the key under the table)."""
    return {
        "rank": pgettext("column abbreviation", "#"),
        "played": pgettext("column abbreviation", "Pl"),
        "won": pgettext("column abbreviation", "W"),
        "drawn": pgettext("column abbreviation", "D"),
        "lost": pgettext("column abbreviation", "L"),
        "byes": pgettext("column abbreviation", "Bye"),
        "match_points": pgettext("column abbreviation", "MP"),
        "points_display": pgettext("column abbreviation", "Pts"),
        "points_total": pgettext("column abbreviation", "All"),
        "total_rank": pgettext("column abbreviation", "#all"),
        "average_display": pgettext("column abbreviation", "Avg"),
        "evening_average_display": pgettext("column abbreviation", "/ev"),
        "pits": pgettext("column abbreviation", "P"),
        "tegenpits": pgettext("column abbreviation", "TP"),
        "bids": pgettext("column abbreviation", "Bid"),
        "made_percent": pgettext("column abbreviation", "M%"),
        "division": pgettext("column abbreviation", "Div"),
    }


class StandingsRenderer(FlowableRenderer):
    margins = (MARGIN, MARGIN, 22 * mm, 14 * mm)

    def __init__(self, competition: Competition, rows, **kwargs):
        super().__init__(**kwargs)
        self.competition, self.rows = competition, rows
        self.cols = standing_columns(competition, rows)
        self.title = _("%(competition)s — standings") % {"competition": competition.name}
        self.body = [self._cells(row) for row in rows]
        self.pagesize, self.labels, self.widths, self.scale = self._layout()

    # --- layout -------------------------------------------------------------------------------
    def _cells(self, row) -> list[tuple[str, str]]:
        """(plain text for measuring, markup or text for the cell) per column."""
        cells = []
        for c in self.cols:
            if c.key == "rank":
                text = row.place_label
                cells.append((text + (" " + PRIZE_MARK if row.prize else ""),) * 2)
            elif c.key == "name":
                cells.append((row.name, escape(str(row.name))))
            elif c.key == "made_percent":
                text = f"{row.made_percent}%" if row.bids and not unrecorded(row, c.key) else NOT_RECORDED
                cells.append((text, text))
            elif c.key.startswith("evening_") and c.key != "evening_average_display":
                score = row.evening_map.get(int(c.key.split("_")[1]))
                if score is None:
                    cells.append(("", ""))
                    continue
                text = _number(score.points)
                markup = escape(str(text))
                if score.absent:
                    markup = f'<font color="{ABSENT_COLOUR}">{markup}*</font>'
                    text += "*"
                if not score.counted:
                    markup = f'<strike><font color="{DROPPED_COLOUR}">{markup}</font></strike>'
                cells.append((text, markup))
            else:
                value = cell_value(row, c.key)
                text = "" if value is None else value if value == NOT_RECORDED else _number(value)
                cells.append((text, text))
        return cells

    def _natural(self, labels: dict[str, str], scale: float) -> list[float]:
        widths = []
        for i, c in enumerate(self.cols):
            head = text_width(labels.get(c.key, _(c.label)), HEAD_SIZE * scale, bold=True)
            body = max(
                (text_width(cells[i][0], BODY_SIZE * scale, bold=c.key == "rank") for cells in self.body), default=0
            )
            widths.append(max(head, body) + 2 * PAD + 0.5)
        return widths

    def _layout(self):
        full = {c.key: _(c.label) for c in self.cols}
        short = {**full, **short_labels()}
        for scale in (1.0, 0.9, 0.8, 0.7):
            for pagesize, labels in ((A4_PORTRAIT, full), (A4_LANDSCAPE, full), (A4_LANDSCAPE, short)):
                if True:
                    widths = self._natural(labels, scale)
                    available = pagesize[0] - 2 * MARGIN
                    name_at = next(i for i, c in enumerate(self.cols) if c.key == "name")
                    others = sum(w for i, w in enumerate(widths) if i != name_at)
                    if others + NAME_MIN * scale <= available:
                        widths[name_at] = min(available - others, max(NAME_MAX, widths[name_at]))
                        if widths[name_at] < available - others:  # spare room: spread over the figures
                            spare = available - others - widths[name_at]
                            widths = [
                                w if i == name_at else w + spare / (len(widths) - 1) for i, w in enumerate(widths)
                            ]
                        return pagesize, labels, widths, scale
        return A4_LANDSCAPE, short, self._natural(short, 0.7), 0.7  # unreachable in practice: still no overlap checks

    # --- drawing ------------------------------------------------------------------------------
    def header(self, canvas, page_number: int) -> None:
        draw_title_bar(canvas, self.pagesize, self.get_title(), self.competition.club.name)

    def story(self) -> list:
        small = ParagraphStyle("key", fontName=FONT, fontSize=7.5, leading=9.5, textColor=MUTED)
        if not self.rows:
            return [Paragraph(_("No results yet."), ParagraphStyle("p", fontName=FONT, fontSize=12)), *self.reglement()]
        size = BODY_SIZE * self.scale
        cell_style = ParagraphStyle("cell", fontName=FONT, fontSize=size, leading=size + 1.5, alignment=2)
        name_style = ParagraphStyle("name", fontName=FONT, fontSize=size, leading=size + 1.5)
        data = [[self.labels.get(c.key, _(c.label)) for c in self.cols]]
        prize_rows = []
        for i, (row, cells) in enumerate(zip(self.rows, self.body), start=1):
            line = []
            for c, (text, markup) in zip(self.cols, cells):
                if c.key == "name":
                    line.append(Paragraph(markup, name_style))
                elif markup != escape(str(text)):  # struck through or marked absent
                    line.append(Paragraph(markup, cell_style))
                else:
                    line.append(text)
            if row.prize:
                prize_rows.append(i)
            data.append(line)
        table = Table(data, colWidths=self.widths, repeatRows=1)
        style = [
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, HEAD_SIZE * self.scale),
            ("FONT", (0, 1), (-1, -1), FONT, size),
            ("LEFTPADDING", (0, 0), (-1, -1), PAD),
            ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
            ("TEXTCOLOR", (0, 0), (-1, 0), (1, 1, 1)),
            ("BACKGROUND", (0, 0), (-1, 0), GREEN),
            ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
            ("ALIGN", (1, 0), (1, -1), "LEFT"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [(1, 1, 1), (0.97, 0.97, 0.95)]),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, (0.8, 0.8, 0.8)),
        ]
        style += [("BACKGROUND", (0, i), (-1, i), GREEN_LIGHT) for i in prize_rows]
        style += [("FONT", (0, i), (0, i), FONT_BOLD, size) for i in prize_rows]
        table.setStyle(TableStyle(style))
        return [
            table,
            Spacer(1, 3 * mm),
            *(Paragraph(escape(str(line)), small) for line in self.key_lines()),
            *self.reglement(),
        ]

    def reglement(self) -> list:
        """ "Het reglement in gewone taal" at the foot (competitions/standings/plain.py)."""
        head = ParagraphStyle("reglement-head", fontName=FONT_BOLD, fontSize=8.5, leading=11, spaceBefore=8)
        body = ParagraphStyle("reglement", fontName=FONT, fontSize=8, leading=10.5)
        sentences = plain_rules(self.competition)
        if not sentences:
            return []
        return [
            Paragraph(escape(_("The reglement in plain words")), head),
            *(Paragraph(escape(str(sentence)), body) for sentence in sentences),
        ]

    def key_lines(self) -> list[str]:
        lines = []
        shortened = [
            (self.labels[c.key], _(c.label))
            for c in self.cols
            if c.key in self.labels and self.labels[c.key] != _(c.label)
        ]
        if shortened:
            lines.append(" · ".join(f"{a} = {b}" for a, b in shortened))
        marks = [f"{PRIZE_MARK} {_('prize')}"]
        evenings = [e for r in self.rows for e in r.evenings]
        if any(not e.counted for e in evenings):
            marks.append(_("struck through: does not count"))
        if any(e.absent for e in evenings):
            marks.append(_("* absent (compensated)"))
        lines.append(" · ".join(marks))
        rule = prize_rule_text(self.competition, len(self.rows))
        if rule:
            lines.append(rule)
        lines += season_notes(self.competition, self.rows)
        lines.append(_("Ties share a place (3=) unless a tie-breaker separates them."))
        return lines


def _number(value) -> str:
    if isinstance(value, str):  # a text column (the division's name, "n.g."): never a number to format
        return value
    if isinstance(value, float):
        return number_text(value, 1)
    return number_text(value, 0)
