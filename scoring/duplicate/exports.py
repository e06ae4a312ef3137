"""PDFs of a duplicate evening, on the project's reportlab base (``documents.pdf``):

- the hand record: per board the four hands by seat, the dealer and (verplicht) the maker — what
  the organiser fills the wallets from — followed by the movement (which boards each table plays
  in which round, where the E–W pairs and the wallets go);
- the frequency sheets: per board the hands and every table's result with its matchpoints.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from documents.pdf import (
    A4_PORTRAIT,
    FONT,
    FONT_BOLD,
    GREEN,
    GREEN_LIGHT,
    FlowableRenderer,
    draw_title_bar,
    text_width,
)
from scoring.duplicate.hands import seat_name
from scoring.duplicate.selectors import (
    BoardSheet,
    DuplicateEvening,
    matchpoints_text,
    movement_lines,
    movement_note,
    percent,
)

RED = "#b3261e"


def signed(value) -> str:
    return f"+{value}" if value > 0 else str(value)


class _DuplicateRenderer(FlowableRenderer):
    pagesize = A4_PORTRAIT

    def __init__(self, evening: DuplicateEvening, *, boards: list[BoardSheet] | None = None, **kwargs):
        super().__init__(**kwargs)
        self.evening = evening
        self.competition = evening.setup.competition
        self.boards = evening.boards if boards is None else boards
        self.small = ParagraphStyle("s", fontName=FONT, fontSize=8.5, leading=10.5)
        self.heading = ParagraphStyle(
            "h", fontName=FONT_BOLD, fontSize=11.5, leading=14, textColor=GREEN, spaceBefore=3 * mm
        )

    def header(self, canvas, page_number: int) -> None:
        setup = self.evening.setup
        subtitle = _("%(club)s · %(name)s · %(tables)s tables, %(deals)s deals") % {
            "club": self.competition.club.name,
            "name": self.competition.name,
            "tables": setup.tables,
            "deals": setup.boards,
        }
        draw_title_bar(canvas, self.pagesize, self.get_title(), "", subtitle=subtitle, top=12 * mm, rule=19.5 * mm)

    def board_title(self, board: BoardSheet) -> str:
        text = _("Deal %(number)s · dealer %(dealer)s") % {"number": board.number, "dealer": seat_name(board.dealer)}
        if board.maker:
            text += " · " + _("must choose trump (verplicht): %(seat)s") % {"seat": seat_name(board.maker)}
        return text

    def hand_cell(self, seat: str, lines) -> Paragraph:
        text = f"<b>{escape(str(seat_name(seat)))}</b>"
        for line in lines:
            symbol = f'<font color="{RED}">{line.symbol}</font>' if line.red else line.symbol
            text += f"<br/>{symbol} {escape(str(line.cards))}"
        return Paragraph(text, self.small)

    def diagram(self, board: BoardSheet, width: float) -> Table:
        hands = board.hands
        cell = width / 3
        data = [
            ["", self.hand_cell("N", hands["N"]), ""],
            [
                self.hand_cell("W", hands["W"]),
                Paragraph(
                    f"<b>{board.number}</b>",
                    ParagraphStyle("c", fontName=FONT_BOLD, fontSize=16, alignment=1, textColor=GREEN),
                ),
                self.hand_cell("E", hands["E"]),
            ],
            ["", self.hand_cell("S", hands["S"]), ""],
        ]
        table = Table(data, colWidths=[cell] * 3)
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("BOX", (1, 1), (1, 1), 0.5, GREEN),
                    ("TOPPADDING", (0, 0), (-1, -1), 1),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ]
            )
        )
        return table

    def grid(self, data, widths, *, head_rows: int = 1) -> Table:
        table = Table(data, colWidths=widths, repeatRows=head_rows)
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, 0), FONT_BOLD, 8),
                    ("FONT", (0, 1), (-1, -1), FONT, 8.5),
                    ("TEXTCOLOR", (0, 0), (-1, 0), (1, 1, 1)),
                    ("BACKGROUND", (0, 0), (-1, 0), GREEN),
                    ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
                    ("ALIGN", (1, 0), (2, -1), "LEFT"),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.25, (0.8, 0.8, 0.8)),
                    ("ROWBACKGROUNDS", (0, 1), (-1, -1), [(1, 1, 1), GREEN_LIGHT]),
                ]
            )
        )
        return table


class HandRecordRenderer(_DuplicateRenderer):
    """The hand records (to fill the wallets) and the movement."""

    def get_title(self) -> str:
        return _("Hand records")

    def story(self) -> list:
        width = (self.pagesize[0] - 30 * mm) / 2 - 3 * mm
        story = [Spacer(1, 5 * mm)]
        pairs = []
        for board in self.boards:
            pairs.append([Paragraph(escape(str(self.board_title(board))), self.small), self.diagram(board, width)])
        for i in range(0, len(pairs), 2):
            left = pairs[i]
            right = pairs[i + 1] if i + 1 < len(pairs) else ["", ""]
            row = Table([[left[0], right[0]], [left[1], right[1]]], colWidths=[width + 3 * mm] * 2)
            row.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("BOTTOMPADDING", (0, 1), (-1, 1), 4 * mm)]))
            story.append(KeepTogether(row))
        story.append(Paragraph(escape(_("Movement")), self.heading))
        story.append(Paragraph(escape(str(self.movement_note())), self.small))
        story.append(Spacer(1, 2 * mm))
        head = ParagraphStyle("head", fontName=FONT_BOLD, fontSize=8, leading=9.5, textColor=(1, 1, 1))
        data = [
            [
                Paragraph(escape(str(text)), head)
                for text in (  # wrapped: the Dutch headers are long
                    _("Round"),
                    _("Table"),
                    _("N–S"),
                    _("E–W"),
                    _("Deals"),
                    _("E–W then to"),
                    _("Wallets then to"),
                )
            ]
        ]
        for line in movement_lines(self.evening.setup, self.evening.pairs):
            data.append(
                [
                    str(line.round),
                    str(line.table),
                    Paragraph(escape(f"{line.ns.label} {line.ns.name}" if line.ns else "—"), self.small),
                    Paragraph(escape(f"{line.ew.label} {line.ew.name}" if line.ew else "—"), self.small),
                    f"{line.boards.start}–{line.boards.stop - 1}",
                    "" if line.round == self.evening.setup.tables else str(line.ew_to),
                    "" if line.round == self.evening.setup.tables else str(line.wallets_to),
                ]
            )
        full = self.pagesize[0] - 30 * mm
        fixed = [14 * mm, 13 * mm, 18 * mm, 24 * mm, 26 * mm]
        # round and table as wide as their (Dutch) headers: "Ronde" broke as "Rond/e" (issue 34 item 3)
        for i, label in ((0, _("Round")), (1, _("Table"))):
            fixed[i] = max(fixed[i], text_width(label, 8, bold=True) + 2 * 6 + 1)
        name = (full - sum(fixed)) / 2
        story.append(self.grid(data, [fixed[0], fixed[1], name, name, fixed[2], fixed[3], fixed[4]]))
        return story

    def movement_note(self) -> str:
        return movement_note(self.evening.setup)


class FrequencyRenderer(_DuplicateRenderer):
    """The frequency sheets: per board the hands and every table's result."""

    def get_title(self) -> str:
        if len(self.boards) == 1:
            return _("Deal %(number)s: every table") % {"number": self.boards[0].number}
        return _("Frequency sheets")

    def story(self) -> list:
        story = [Spacer(1, 4 * mm)]
        full = self.pagesize[0] - 30 * mm
        for board in self.boards:
            story.append(
                KeepTogether(
                    [
                        Paragraph(escape(str(self.board_title(board))), self.heading),
                        self.diagram(board, full * 0.6),
                        Spacer(1, 2 * mm),
                        self.results_table(board, full),
                    ]
                )
            )
        return story

    def results_table(self, board: BoardSheet, width: float) -> Table:
        pairs = self.evening.pairs
        data = [
            [
                _("Table"),
                _("N–S"),
                _("E–W"),
                _("Score N–S"),
                _("Score E–W"),
                _("Result N–S"),
                _("MP N–S"),
                _("MP E–W"),
                _("% N–S"),
            ]
        ]
        for r in board.results:
            assert r.ns_score is not None and r.ew_score is not None  # a board's results are scored
            data.append(
                [
                    str(r.table),
                    Paragraph(escape(str(pairs[r.ns].label + " " + pairs[r.ns].name)), self.small),
                    Paragraph(escape(str(pairs[r.ew].label + " " + pairs[r.ew].name)), self.small),
                    str(r.deal.score_a) + (" " + _("nat") if r.deal.nat and r.deal.score_a == 0 else ""),
                    str(r.deal.score_b) + (" " + _("nat") if r.deal.nat and r.deal.score_b == 0 else ""),
                    signed(r.ns_result),
                    matchpoints_text(r.ns_score.matchpoints),
                    matchpoints_text(r.ew_score.matchpoints),
                    percent(r.ns_score.percentage),
                ]
            )
        if not board.results:
            data.append(["", _("No confirmed results yet."), "", "", "", "", "", "", ""])
        fixed = [12 * mm, 18 * mm, 18 * mm, 20 * mm, 15 * mm, 15 * mm, 15 * mm]
        name = (width - sum(fixed)) / 2
        return self.grid(data, [fixed[0], name, name, *fixed[1:]])
