"""The movement card as an A4 PDF: one block per table (to lay on the table: who sits where each
round and where they go after it), then every pair's route. Built on ``documents.pdf``."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from competitions.movement.cards import MovementCard
from documents.pdf import A4_PORTRAIT, FONT, FONT_BOLD, GREEN, GREEN_LIGHT, FlowableRenderer, draw_title_bar, text_width


class MovementRenderer(FlowableRenderer):
    pagesize = A4_PORTRAIT

    def __init__(self, card: MovementCard, **kwargs):
        super().__init__(**kwargs)
        self.card = card
        self.title = _("Movement card")

    def header(self, canvas, page_number: int) -> None:
        draw_title_bar(canvas, self.pagesize, self.get_title(), self.card.competition.name)

    def _table(self, rows: list[list], widths: list[float]) -> Table:
        table = Table(rows, colWidths=widths, repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 9),
                    ("FONT", (0, 0), (-1, 0), FONT_BOLD, 9),
                    ("BACKGROUND", (0, 0), (-1, 0), GREEN_LIGHT),
                    ("GRID", (0, 0), (-1, -1), 0.4, (0.7, 0.7, 0.7)),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        return table

    @staticmethod
    def _widths() -> list[float]:
        """The round column as wide as its header ("Ronde" broke as "Rond/e": issue 34 item 3), taken
        from the two "after the round" columns."""
        first = max(14 * mm, text_width(_("Round"), 9, bold=True) + 2 * 6 + 1)
        after = 35 * mm - (first - 14 * mm) / 2
        return [first, 48 * mm, 48 * mm, after, after]

    def story(self) -> list:
        card = self.card
        cell = ParagraphStyle("c", fontName=FONT, fontSize=9, leading=11)
        heading = ParagraphStyle("h", fontName=FONT_BOLD, fontSize=12, leading=15, textColor=GREEN, spaceBefore=3 * mm)
        movement = card.movement
        intro = _("%(pairs)s pairs, %(tables)s tables, %(rounds)s rounds: every pair meets every other pair once.") % {
            "pairs": movement.pairs,
            "tables": movement.tables,
            "rounds": len(movement.rounds),
        }
        if movement.stationary is not None:
            intro += " " + _("Pair %(pair)s stays at table 1 N–S all evening.") % {"pair": movement.stationary + 1}
        story = [Spacer(1, 4 * mm), Paragraph(escape(str(intro)), cell)]
        p = lambda text: Paragraph(escape(str(text)), cell)  # noqa: E731
        for number, lines in enumerate(card.tables, start=1):
            head = ParagraphStyle("th", fontName=FONT_BOLD, fontSize=9, leading=11)
            rows = [
                [
                    Paragraph(escape(str(t)), head)
                    for t in (_("Round"), _("N–S"), _("E–W"), _("N–S after the round"), _("E–W after the round"))
                ]
            ]
            rows += [
                [str(x.round), p(f"{x.ns} {x.ns_name}"), p(f"{x.ew} {x.ew_name}"), p(x.ns_next), p(x.ew_next)]
                for x in lines
            ]
            block = [
                Paragraph(escape(_("Table %(table)s") % {"table": number}), heading),
                self._table(rows, self._widths()),
            ]
            story.append(KeepTogether(block))
        story.append(Paragraph(escape(_("Route of each pair")), heading))
        rows = [[_("Pair"), _("Rounds")]]
        rows += [
            [p(f"{number} {name}"), p(" · ".join(f"{r}: {stop}" for r, stop in enumerate(stops, start=1)))]
            for number, name, stops in card.routes
        ]
        story.append(self._table(rows, [45 * mm, 135 * mm]))
        return story
