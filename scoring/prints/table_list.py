"""The round's table list (``tables.pdf``): who sits where at every table, the table links' codes for the
staff, and the title that never runs into the club's name: the
title shrinks, then is cut, to leave the club its room (``documents.pdf.draw_title_bar``)."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from competitions.evenings.selectors import OffTable
from competitions.models import Round
from core.compass import seat_label
from documents.pdf import FONT, FONT_BOLD, GREEN, GREEN_LIGHT, MUTED, FlowableRenderer, draw_title_bar
from documents.qr import draw_qr


class TableListRenderer(FlowableRenderer):
    """Big type: per table who sits where; then every player in alphabetical order with a table."""

    def __init__(self, round_: Round, sheets: list, off_table: Sequence[OffTable] = (), *, notice: str = "", **kwargs):
        super().__init__(**kwargs)
        self.notice = notice  # phones cannot reach the site: said instead of the tables' QR codes
        self.round = round_
        self.sheets = sheets
        self.off_table = list(off_table)  # the bye, the late arrival: listed under "Where do I sit?" too
        self.title = _("%(competition)s — %(round)s — tables") % {
            "competition": round_.competition.name,
            "round": round_.label,
        }

    def header(self, canvas, page_number: int) -> None:
        width, height = self.pagesize
        competition = self.round.competition
        canvas.saveState()
        canvas.setFillColorRGB(*GREEN)
        canvas.setFont(FONT_BOLD, 16)
        line = self.round.label
        if self.round.date:
            from django.utils import formats

            line += " · " + formats.date_format(self.round.date, "DATE_FORMAT")
        canvas.drawString(15 * mm, height - 13 * mm, f"{competition.name} — {line}")
        canvas.setFont(FONT, 9)
        canvas.setFillColorRGB(*MUTED)
        canvas.drawRightString(width - 15 * mm, height - 13 * mm, competition.club.name)
        canvas.setStrokeColorRGB(*GREEN)
        canvas.setLineWidth(1.5)
        canvas.line(15 * mm, height - 16 * mm, width - 15 * mm, height - 16 * mm)
        canvas.restoreState()

    def story(self) -> list:
        style = ParagraphStyle("cell", fontName=FONT, fontSize=15, leading=19)
        small = ParagraphStyle("small", fontName=FONT, fontSize=10, leading=12, textColor=MUTED)
        heading = ParagraphStyle("h", fontName=FONT_BOLD, fontSize=20, leading=26, spaceAfter=4 * mm)
        number_style = ParagraphStyle("table", fontName=FONT_BOLD, fontSize=30, leading=34, alignment=1)
        if not self.sheets:
            return [Paragraph(_("This round has no tables yet."), heading)]
        story = [Paragraph(_("Tables"), heading)]
        if self.notice:
            warning = ParagraphStyle("notice", fontName=FONT_BOLD, fontSize=12, leading=15, textColor=(0.7, 0.15, 0.12))
            story += [Paragraph(escape(self.notice), warning), Spacer(1, 3 * mm)]
        codes = any(sheet.code for sheet in self.sheets)  # the staff's print: each table's link
        rows = [[_("Table"), _("Seats"), ""] + ([_("Phone")] if codes else [])]
        for sheet in self.sheets:
            markup = []
            for side in sheet.sides:
                players = [sheet.seat_names[seat] for seat in side.seats]
                names = "<br/>".join(
                    f"<font color='#1d5c3a'><b>{seat_label(seat)}</b></font> {escape(str(name or '…'))}"
                    for seat, name in zip(side.seats, players)
                )
                is_team = side.name and side.name != " & ".join(p for p in players if p)
                team = (
                    f"<br/><font size=10 color='#666666'>{side.label} · {escape(str(side.name))}</font>"
                    if is_team
                    else ""
                )
                markup.append(f"{names}{team}")
            if len(markup) == 3:  # a table of three: the third player under the second
                markup = [markup[0], markup[1] + "<br/>" + markup[2]]
            rows.append(
                [Paragraph(str(sheet.table), number_style), *(Paragraph(m, style) for m in markup)]
                + ([QrCell(sheet.entry_url, sheet.code)] if codes else [])
            )
        widths = [22 * mm, 62 * mm, 62 * mm, 34 * mm] if codes else [28 * mm, 76 * mm, 76 * mm]
        table = Table(rows, colWidths=widths, repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 11),  # an empty cell too: no unembedded Helvetica
                    ("FONT", (0, 0), (-1, 0), FONT_BOLD, 11),
                    ("TEXTCOLOR", (0, 0), (-1, 0), (1, 1, 1)),
                    ("BACKGROUND", (0, 0), (-1, 0), GREEN),
                    ("SPAN", (1, 0), (2, 0)),
                    ("VALIGN", (0, 1), (-1, -1), "MIDDLE"),
                    ("ROWBACKGROUNDS", (0, 1), (-1, -1), [(1, 1, 1), GREEN_LIGHT]),
                    ("LINEBELOW", (0, 1), (-1, -1), 0.5, (0.7, 0.7, 0.7)),
                    ("TOPPADDING", (0, 1), (-1, -1), 3 * mm),
                    ("BOTTOMPADDING", (0, 1), (-1, -1), 3 * mm),
                ]
            )
        )
        story += [table, PageBreak(), Paragraph(_("Where do I sit?"), heading)]
        people = [
            (
                str(name),
                sheet.table,
                _("table <b>%(table)s</b>, seat %(seat)s") % {"table": sheet.table, "seat": seat_label(seat)},
            )
            for sheet in self.sheets
            for seat, name in sheet.seat_names.items()
            if name
        ]
        away = [(person.name, 0, _OFF_TABLE[person.why]()) for person in self.off_table]
        index = [
            [Paragraph(escape(name), style), Paragraph(where, style)]
            for name, _table, where in sorted(people + away, key=lambda p: (_sort_name(p[0]), p[1]))
        ]
        listing = Table(index, colWidths=[105 * mm, 75 * mm], repeatRows=0)
        listing.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 10),  # reportlab's default size, in the embedded font
                    ("ROWBACKGROUNDS", (0, 0), (-1, -1), [(1, 1, 1), GREEN_LIGHT]),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ]
            )
        )
        story += [
            listing,
            Spacer(1, 4 * mm),
            Paragraph(
                _("%(count)s players at %(tables)s tables") % {"count": len(people), "tables": len(self.sheets)}, small
            ),
        ]
        return story


#: What "Where do I sit?" says for someone without a seat this round (``OffTable.why``).
_OFF_TABLE = {
    "bye": lambda: _("<i>bye this round</i>"),
    "late": lambda: _("<i>arrives late: sits this round out</i>"),
    "out": lambda: _("<i>sits this round out</i>"),
}


class QrCell(Flowable):
    """A table's link in the table list: its QR code with the code printed under it."""

    def __init__(self, url: str, code: str, size: float = 24 * mm):
        super().__init__()
        self.url, self.code, self.size = url, code, size

    def wrap(self, available_width, available_height):
        return self.size, self.size + 5 * mm

    def draw(self) -> None:
        if not self.url:
            return
        draw_qr(self.canv, self.url, 0, 5 * mm, self.size)
        self.canv.setFont(FONT_BOLD, 9)
        self.canv.drawCentredString(self.size / 2, 1 * mm, self.code)


def _sort_name(name: str) -> str:
    """Sort "Jan van den Berg" under B, as Dutch lists do: skip the tussenvoegsels."""
    parts = name.split()
    particles = {"van", "de", "der", "den", "het", "ter", "ten", "te", "in", "'t", "op", "la", "le", "du", "d'"}
    last = [p for p in parts[1:] if p.lower() not in particles]
    return (" ".join(last[-1:] + parts[:1]) if last else name).casefold()


class TableListPdf(TableListRenderer):
    def header(self, canvas, page_number: int) -> None:
        competition = self.round.competition
        line = self.round.label
        if self.round.date:
            line += " · " + formats.date_format(self.round.date, "DATE_FORMAT")
        draw_title_bar(canvas, self.pagesize, f"{competition.name} — {line}", competition.club.name, size=16)
