"""A member's score card of an evening as an A4 PDF (``documents.pdf``): the title bar with the
member's name, then per round the table, partner and opponents, and every deal as the score sheet
shows it (points, roem, the mark, the deal's score per side), the round's totals, and the evening's
total at the end. The sides keep the sheet's order and names (wij/zij); a line says which is theirs."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from core.numbers import number_text
from documents.pdf import A4_PORTRAIT, FONT, FONT_BOLD, GREEN, GREEN_LIGHT, MUTED, FlowableRenderer, draw_title_bar
from members.card.selectors import CardRound, ScoreCard


class ScoreCardRenderer(FlowableRenderer):
    pagesize = A4_PORTRAIT

    def __init__(self, card: ScoreCard, **kwargs):
        super().__init__(**kwargs)
        self.card = card
        self.club = card.player.club
        self.title = _("Score card of %(name)s") % {"name": card.player.name}

    def header(self, canvas, page_number: int) -> None:
        evening = self.card.evening
        line = _("%(competition)s · evening %(number)s") % {
            "competition": evening.competition.name,
            "number": evening.number,
        }
        if evening.date:
            line += " · " + formats.date_format(evening.date, "DATE_FORMAT")
        subtitle = f"{self.club.name} · {line}"
        draw_title_bar(canvas, self.pagesize, self.get_title(), "", subtitle=subtitle, top=12 * mm, rule=19.5 * mm)

    def story(self) -> list:
        body = ParagraphStyle("b", fontName=FONT, fontSize=10, leading=13)
        heading = ParagraphStyle("h", fontName=FONT_BOLD, fontSize=12, leading=15, textColor=GREEN, spaceBefore=4 * mm)
        story: list = [Spacer(1, 6 * mm)]
        if not self.card.rounds:
            story.append(Paragraph(escape(_("No tables of yours this evening yet.")), body))
            return story
        for part in self.card.rounds:
            title = _("%(round)s · table %(table)s") % {"round": part.round.label, "table": part.match.table}
            who = [_("You play %(side)s") % {"side": part.sides[part.side].label}]
            if part.partners:
                who.append(_("Partner: %(names)s") % {"names": ", ".join(part.partners)})
            who.append(_("Opponents: %(names)s") % {"names": ", ".join(part.opponents)})
            story.append(
                KeepTogether(
                    [
                        Paragraph(escape(title), heading),
                        Paragraph(escape(" · ".join(who)), body),
                        Spacer(1, 2 * mm),
                        self._deals(part),
                    ]
                )
            )
        total = _("Your points this evening: %(points)s") % {"points": number_text(self.card.total, 0)}
        story += [Spacer(1, 5 * mm), Paragraph(escape(total), heading)]
        if self.card.hidden:
            note = ParagraphStyle("n", fontName=FONT, fontSize=8.5, textColor=MUTED)
            story.append(Paragraph(escape(_("Tables still being played elsewhere are shown later.")), note))
        return story

    def _deals(self, part: CardRound) -> Table:
        labels = [side.label for side in part.sides]
        n = len(labels)
        head = ["#"]
        if part.has_bidder:
            head.append(_("bidder"))
        head += [f"{_('points')}\n{label}" for label in labels]
        head += [f"{_('roem')}\n{label}" for label in labels]
        head.append(_("mark"))
        head += [f"{_('score')}\n{label}" for label in labels]
        data = [head]
        for cells in part.cells:
            row = [str(cells["number"])]
            if part.has_bidder:
                row.append(cells["bidder"])
            row += [str(v) for v in cells["points"]]
            row += [str(v) for v in cells["roem"]]
            mark = f"{cells['mark']} {cells['mark_side']}".strip() if cells["mark"] else ""
            row.append(mark)
            row += [str(v) for v in cells["scores"]]
            data.append(row)
        total = [_("total")] + ([""] if part.has_bidder else []) + [""] * (2 * n) + [""]
        total += [number_text(side.total, 0) for side in part.sides]
        data.append(total)
        width = self.pagesize[0] - 30 * mm
        first = 10 * mm + (12 * mm if part.has_bidder else 0)
        rest = (width - first - 16 * mm) / (3 * n)
        widths = [10 * mm] + ([12 * mm] if part.has_bidder else []) + [rest] * (2 * n) + [16 * mm] + [rest] * n
        table = Table(data, colWidths=widths, repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, 0), FONT_BOLD, 7.5),
                    ("FONT", (0, 1), (-1, -1), FONT, 8.5),
                    ("FONT", (0, -1), (-1, -1), FONT_BOLD, 8.5),
                    ("TEXTCOLOR", (0, 0), (-1, 0), (1, 1, 1)),
                    ("BACKGROUND", (0, 0), (-1, 0), GREEN),
                    ("BACKGROUND", (0, -1), (-1, -1), GREEN_LIGHT),
                    ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.25, (0.8, 0.8, 0.8)),
                ]
            )
        )
        return table
