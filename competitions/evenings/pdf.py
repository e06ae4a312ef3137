"""The evening's result as an A4 PDF to hang up ("uitslag van de avond"): the ranking with the
prizes (★) and the booby prize (▼, "poedel": the lowest score), the day winner named at the top,
then each round's tables with their totals. Every glyph is in the embedded DejaVu font.

At the end, where phones reach the site (``members_url`` given), a small QR code to the members' own
page (/me/): their results and score card at home; "no account yet? ask the organiser for your
invitation". Not an invitation itself: an invitation is one member's one-time link, which cannot hang
on the wall for all (the member list prints those, ``clubs.people.pdf``)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from competitions.evenings.selectors import evening_complete
from competitions.standings.prizes import prize_rule_text
from core.numbers import number_text
from documents.pdf import A4_PORTRAIT, FONT, FONT_BOLD, GREEN, GREEN_LIGHT, MUTED, FlowableRenderer, draw_title_bar
from documents.qr import QrFlowable

PRIZE_MARK = "★"
BOOBY_MARK = "▼"


def _n(value) -> str:
    return number_text(value, 0)


class EveningResultRenderer(FlowableRenderer):
    pagesize = A4_PORTRAIT

    def __init__(self, competition, evening, rows, rounds, *, statistics=(), members_url: str = "", **kwargs):
        super().__init__(**kwargs)
        self.members_url = members_url  # the members' own page, for the QR code at the end ("": none)
        self.competition, self.evening, self.rows, self.rounds = competition, evening, rows, rounds
        self.statistics = list(statistics)  # the evening's statistics (competitions.standings.report)
        self.title = _("Result of evening %(number)s") % {"number": evening.number}

    def header(self, canvas, page_number: int) -> None:
        line = self.competition.name
        if self.evening.date:
            line += " · " + formats.date_format(self.evening.date, "DATE_FORMAT")
        subtitle = f"{self.competition.club.name} · {line}"
        draw_title_bar(canvas, self.pagesize, self.get_title(), "", subtitle=subtitle, top=12 * mm, rule=19.5 * mm)

    def story(self) -> list:
        body = ParagraphStyle("b", fontName=FONT, fontSize=10, leading=13)
        heading = ParagraphStyle("h", fontName=FONT_BOLD, fontSize=12, leading=15, textColor=GREEN, spaceBefore=4 * mm)
        story = [Spacer(1, 6 * mm)]
        if not self.rows:
            return story + [Paragraph(_("No confirmed results this evening yet."), body)]
        winners = [r.name for r in self.rows if r.rank == 1]
        # an evening with tables still to confirm: its winner and booby prize may change (issue 34 item 5)
        provisional = not evening_complete(self.rounds, self.competition.rounds_per_evening)
        day = _("Day winner (provisional): %(names)s") if provisional else _("Day winner: %(names)s")
        story.append(Paragraph(escape(day % {"names": ", ".join(winners)}), heading))
        booby = [r.name for r in self.rows if getattr(r, "booby", False)]
        if booby:
            poedel = _("Booby prize (provisional): %(names)s") if provisional else _("Booby prize (poedel): %(names)s")
            story.append(Paragraph(escape(poedel % {"names": ", ".join(booby)}), body))
        story += [Spacer(1, 3 * mm), self._ranking(), Spacer(1, 1.5 * mm)]
        key = f"{PRIZE_MARK} {_('prize')} · {BOOBY_MARK} {_('booby prize: the lowest score of the evening')}"
        rule = prize_rule_text(self.competition, len(self.rows))
        story.append(
            Paragraph(
                escape(f"{key} · {rule}" if rule else key),
                ParagraphStyle("k", fontName=FONT, fontSize=8, textColor=MUTED),
            )
        )
        if self.statistics:
            story.append(Paragraph(escape(_("Statistics")), heading))
            story += [Paragraph(escape(line), body) for line in self.statistics]
        for lines in self.rounds:
            story.append(KeepTogether([Paragraph(escape(str(lines.round.label)), heading), self._tables(lines)]))
        if self.members_url:
            story += [Spacer(1, 6 * mm), self._follow()]
        return story

    def _follow(self):
        """A small QR code to the members' own page, with what it gives and how to get an account."""
        text = ParagraphStyle("f", fontName=FONT, fontSize=9, leading=12)
        words = _(
            "Follow your own results and score card on your phone: scan the code and log in. "
            "No account yet? Ask the organiser for your invitation."
        )
        table = Table(
            [
                [
                    QrFlowable(self.members_url, 22 * mm),
                    [Paragraph(escape(words), text), Paragraph(escape(self.members_url), text)],
                ]
            ],
            colWidths=[26 * mm, self.pagesize[0] - 30 * mm - 26 * mm],
        )
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 9),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("LEFTPADDING", (0, 0), (0, 0), 0),
                ]
            )
        )
        return KeepTogether([table])

    def _ranking(self):
        numbers = sorted({n for r in self.rows for n in r.rounds})
        labels = {lines.round.number: lines.round.evening_round or lines.round.number for lines in self.rounds}
        head = ["#", _("Name"), *[_("R%(number)s") % {"number": labels.get(n, n)} for n in numbers], _("Points"), ""]
        name_style = ParagraphStyle("n", fontName=FONT, fontSize=9, leading=11)
        data = [head]
        prize_rows = []
        for i, row in enumerate(self.rows, start=1):
            mark = (PRIZE_MARK if row.prize else "") + (BOOBY_MARK if getattr(row, "booby", False) else "")
            data.append(
                [
                    row.rank_label or str(row.rank),
                    Paragraph(escape(str(row.name)), name_style),
                    *[_n(row.rounds[n]) if n in row.rounds else "–" for n in numbers],
                    _n(row.points),
                    mark,
                ]
            )
            if row.prize:
                prize_rows.append(i)
        width = self.pagesize[0] - 30 * mm
        fixed = [10 * mm] + [16 * mm] * len(numbers) + [20 * mm, 10 * mm]
        widths = [fixed[0], width - sum(fixed), *fixed[1:]]
        table = Table(data, colWidths=widths, repeatRows=1)
        style = [
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, 8.5),
            ("FONT", (0, 1), (-1, -1), FONT, 9),
            ("TEXTCOLOR", (0, 0), (-1, 0), (1, 1, 1)),
            ("BACKGROUND", (0, 0), (-1, 0), GREEN),
            ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
            ("ALIGN", (1, 0), (1, -1), "LEFT"),
            ("ALIGN", (-1, 0), (-1, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, (0.8, 0.8, 0.8)),
        ]
        style += [("BACKGROUND", (0, i), (-1, i), GREEN_LIGHT) for i in prize_rows]
        table.setStyle(TableStyle(style))
        return table

    def _tables(self, lines):
        style_p = ParagraphStyle("p", fontName=FONT, fontSize=8.5, leading=10.5)
        data = []
        for t in lines.tables:
            cells = [f"{_('Table')} {t.table}"]
            for side in t.sides[:3]:
                cells += [
                    Paragraph(escape(str(" & ".join(side.players))), style_p),
                    "" if side.total is None else _n(side.total),
                ]
            cells += ["", ""] * (3 - len(t.sides[:3]))
            data.append(cells)
        width = self.pagesize[0] - 30 * mm
        name_w = (width - 18 * mm - 3 * 14 * mm) / 3
        table = Table(data or [[""] * 7], colWidths=[18 * mm] + [name_w, 14 * mm] * 3)
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 8.5),
                    ("FONT", (0, 0), (0, -1), FONT_BOLD, 8.5),
                    ("ALIGN", (2, 0), (2, -1), "RIGHT"),
                    ("ALIGN", (4, 0), (4, -1), "RIGHT"),
                    ("ALIGN", (6, 0), (6, -1), "RIGHT"),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("ROWBACKGROUNDS", (0, 0), (-1, -1), [(1, 1, 1), (0.97, 0.97, 0.95)]),
                ]
            )
        )
        return table
