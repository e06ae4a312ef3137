"""Drawing score sheets: two A5 sheets side by side on an A4 landscape page, ready to cut.

The traditional layout: a header with club, competition, round, date and a big table number; the
seats round the table; the rules in one line; the deal rows with the dealer and a column to mark
the bidder per side ("wij"/"zij": points and roem side by side); subtotals and totals; signature
boxes; and a QR code to the table's entry page with its short address printed under it.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics

from core.compass import seat_label, seats_label
from documents.pdf import (
    A4_LANDSCAPE,
    FONT,
    FONT_BOLD,
    GREEN,
    GREEN_LIGHT,
    INK,
    MUTED,
    PdfRenderer,
    fit_text,
    wrap_text,
)
from documents.qr import draw_qr
from scoring.prints.sheets import Sheet
from scoring.rules.tally import to_tally

SHEET_W, SHEET_H = A4_LANDSCAPE[0] / 2, A4_LANDSCAPE[1]
# the bottom margin leaves room for the address under the QR code on two lines above the page's
# "Page x of y" (issue 34 item 3)
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 9 * mm, 8 * mm, 15 * mm
LINE = (0.55, 0.55, 0.55)


class ScoreSheetRenderer(PdfRenderer):
    pagesize = A4_LANDSCAPE

    def __init__(self, sheets: list[Sheet], *, title: str = "", **kwargs):
        super().__init__(**kwargs)
        self.sheets = sheets
        self.title = title or _("Score sheets")

    def draw(self, canvas) -> None:
        if not self.sheets:
            canvas.setFont(FONT, 14)
            canvas.drawCentredString(A4_LANDSCAPE[0] / 2, A4_LANDSCAPE[1] / 2, _("This round has no tables yet."))
            canvas.showPage()
            return
        for start in range(0, len(self.sheets), 2):
            self.header(canvas, start // 2 + 1)
            for offset, sheet in enumerate(self.sheets[start : start + 2]):
                SheetLayout(canvas, sheet, x0=offset * SHEET_W).draw()
            self.cut_line(canvas)
            canvas.showPage()

    @staticmethod
    def cut_line(canvas) -> None:
        canvas.saveState()
        canvas.setStrokeColorRGB(*LINE)
        canvas.setLineWidth(0.3)
        canvas.setDash(2, 3)
        canvas.line(SHEET_W, 4 * mm, SHEET_W, SHEET_H - 4 * mm)
        canvas.restoreState()


def side_heading(text: str, width: float, *, bold: bool = True, lines: int = 2) -> tuple[list[str], float, bool]:
    """A side's name over its columns: bold on one or two lines down to 7 pt; else regular (narrower)
    down to 6.5 pt on up to ``lines`` lines, so a long name is whole (issue 34 item 3). (lines, size, bold)"""
    if bold:
        rows, size = wrap_text(text, FONT_BOLD, 8, width, min_size=7)
        if "".join(rows).replace(" ", "") == text.replace(" ", ""):
            return rows, size, True
    rows, size = wrap_text(text, FONT, 8, width, lines=lines, min_size=6.5)
    return rows, size, False


class SheetLayout:
    """One A5 sheet drawn at ``x0`` on the page, from the top down."""

    def __init__(self, canvas, sheet: Sheet, *, x0: float):
        self.c = canvas
        self.s = sheet
        self.left = x0 + MARGIN_X
        self.width = SHEET_W - 2 * MARGIN_X
        self.top = SHEET_H - MARGIN_TOP
        self.n = len(sheet.sides)
        self._font = self._fill = None  # the canvas's current font and fill colour, as last set here
        self.head1 = 5.5 * mm  # the grid's header of the sides: taller when a name takes more lines

    # --- small helpers
    def text(self, x, y, text, *, size=8, bold=False, color=INK, width=None, align="left"):
        font = FONT_BOLD if bold else FONT
        if width is not None:
            text, size = fit_text(str(text), font, size, width)
        if self._font != (font, size):  # each change is written to the PDF: skip the repeats
            self.c.setFont(font, size)
            self._font = (font, size)
        if self._fill != color:
            self.c.setFillColorRGB(*color)
            self._fill = color
        draw = {"left": self.c.drawString, "right": self.c.drawRightString, "center": self.c.drawCentredString}[align]
        draw(x, y, str(text))

    def box(self, x, y, w, h, *, fill=None, stroke=LINE, width=0.5):
        self.c.setLineWidth(width)
        self.c.setStrokeColorRGB(*stroke)
        if fill:
            self.c.setFillColorRGB(*fill)
            self._fill = fill
        self.c.rect(x, y, w, h, stroke=1, fill=1 if fill else 0)

    # --- the sheet
    def draw(self) -> None:
        y = self.draw_header(self.top)
        y = self.draw_seats(y - 2 * mm)
        y = self.draw_rules(y - 1.5 * mm)
        bottom = MARGIN_BOTTOM + 27 * mm
        y = self.draw_grid(y - 1.5 * mm, bottom)
        self.draw_footer(bottom - 2 * mm)

    def draw_header(self, top: float) -> float:
        s = self.s
        table_w, table_h = 25 * mm, 16 * mm
        self.box(
            self.left + self.width - table_w, top - table_h, table_w, table_h, fill=GREEN_LIGHT, stroke=GREEN, width=1
        )
        cx = self.left + self.width - table_w / 2
        self.text(cx, top - 4.5 * mm, _("TABLE"), size=7, bold=True, color=GREEN, align="center")
        self.text(cx, top - 13.5 * mm, s.table, size=24, bold=True, color=GREEN, align="center")
        text_w = self.width - table_w - 3 * mm
        self.text(self.left, top - 4.5 * mm, "♣ ♦ ♥ ♠  " + s.club, size=11, bold=True, width=text_w)
        self.text(self.left, top - 9.5 * mm, s.competition, size=9, width=text_w)
        line = s.round_label or _("Round %(number)s") % {"number": s.round_number}
        if s.date:
            line += " · " + s.date
        self.text(self.left, top - 14 * mm, line, size=8.5, color=MUTED, width=text_w)
        y = top - table_h - 1.5 * mm
        self.c.setStrokeColorRGB(*GREEN)
        self.c.setLineWidth(1.2)
        self.c.line(self.left, y, self.left + self.width, y)
        return y

    def draw_seats(self, top: float) -> float:
        """Left: the sides with their team names; right: the seats round the table. A long name goes
        on two lines at a readable size (not shrunk to 5 pt and cut: issue 34 item 3); the block is
        then taller."""
        s = self.s
        compass_w = 64 * mm
        sides_w = self.width - compass_w - 3 * mm
        name_w = sides_w - (4 if self.n == 2 else 9) * mm
        names = [wrap_text(side.name or "—", FONT, 8.5, name_w, min_size=7) for side in s.sides]
        wrapped = any(len(lines) > 1 for lines, _size in names)
        line_h = (13.5 if self.n == 2 else 9.5) * mm if wrapped else 21 * mm / self.n
        height = line_h * self.n
        for i, (side, (lines, size)) in enumerate(zip(s.sides, names)):
            y = top - (i + 1) * line_h
            lead = size * 1.2
            self.box(self.left, y + 0.6 * mm, sides_w, line_h - 1.2 * mm, fill=(1, 1, 1))
            if self.n == 2:
                self.text(self.left + 2 * mm, y + line_h - 4.6 * mm, side.label, size=9, bold=True, color=GREEN)
                seats = seats_label(side.seats)
                self.text(
                    self.left + sides_w - 2 * mm, y + line_h - 4.6 * mm, seats, size=7, color=MUTED, align="right"
                )
                last = y + (2.2 if len(lines) == 1 else 1.6) * mm  # two lines: clear of the label above
                for k, line in enumerate(lines):
                    self.text(self.left + 2 * mm, last + (len(lines) - 1 - k) * lead, line, size=size)
            else:  # three players: one line each, the seat then the name
                middle = y + line_h / 2 - 1.3 * mm
                self.text(self.left + 2 * mm, middle, side.label, size=9, bold=True, color=GREEN)
                for k, line in enumerate(lines):
                    self.text(self.left + 7 * mm, middle + ((len(lines) - 1) / 2 - k) * lead, line, size=size)
        # the table seen from above
        cx = self.left + self.width - compass_w / 2
        cy = top - height / 2
        square = 11 * mm
        self.box(cx - square / 2, cy - square / 2, square, square, fill=GREEN_LIGHT, stroke=GREEN)
        seat_w = (compass_w - square) / 2 - 1.5 * mm
        positions = {
            "N": (cx, cy + square / 2 + 1.8 * mm, "center", compass_w),
            "S": (cx, cy - square / 2 - 4.2 * mm, "center", compass_w),
            "W": (cx - square / 2 - 1.5 * mm, cy - 1.2 * mm, "right", seat_w),
            "E": (cx + square / 2 + 1.5 * mm, cy - 1.2 * mm, "left", seat_w),
        }
        for seat, name in s.seat_names.items():
            x, y, align, w = positions[seat]
            self.text(x, y, name or "…", size=8, align=align, width=w)
        for seat, (dx, dy) in {"N": (0, 2.9), "S": (0, -4.6), "W": (-3.8, -0.85), "E": (3.8, -0.85)}.items():
            if seat in s.seat_names:
                self.text(
                    cx + dx * mm, cy + dy * mm, seat_label(seat), size=6.5, bold=True, color=GREEN, align="center"
                )
        return top - height

    def draw_rules(self, top: float) -> float:
        s = self.s
        line = f"{s.rules_name} · " + " · ".join(s.rules_options)
        self.text(self.left, top - 3 * mm, line, size=7, color=MUTED, width=self.width)
        return top - 4 * mm

    # --- the grid of deals
    def columns(self):
        """x positions: number, dealer, per side (bid, points, roem), mark."""
        num_w, mark_w = 7 * mm, 10 * mm
        dealer_w = 21 * mm if self.n == 2 else 17 * mm
        side_w = (self.width - num_w - dealer_w - mark_w) / self.n
        x = self.left
        cols = {"num": (x, num_w)}
        x += num_w
        cols["dealer"] = (x, dealer_w)
        x += dealer_w
        sides = []
        # the bid column as wide as its header at 6 pt (on a table of three "speelt" was cut to "spe…":
        # issue 34 item 3), taken from the points column
        bid_w = max(side_w * 0.18, pdfmetrics.stringWidth(_("bid"), FONT, 6) + 1.2 * mm)
        points_w = side_w * 0.62 - bid_w
        for _i in range(self.n):
            sides.append(
                {
                    "bid": (x, bid_w),
                    "points": (x + bid_w, points_w),
                    "roem": (x + bid_w + points_w, side_w - bid_w - points_w),
                    "all": (x, side_w),
                }
            )
            x += side_w
        cols["sides"] = sides
        cols["mark"] = (x, mark_w)
        return cols

    def draw_grid(self, top: float, bottom: float) -> float:
        s, cols = self.s, self.columns()
        head2, total_h = 4.5 * mm, 6 * mm
        # the sides over their columns: a long name on two lines at a readable size (issue 34 item 3)
        headings = [
            (side.label if not side.name else f"{side.label} — {side.name}", sc["all"][1] - 2 * mm)
            for side, sc in zip(s.sides, cols["sides"])
        ]
        labels = [side_heading(text, width) for text, width in headings]
        if not all(bold for _lines, _size, bold in labels):  # one weight over all the sides
            # a table of three's narrow columns: a player's long name on up to three lines
            labels = [side_heading(text, width, bold=False, lines=self.n) for text, width in headings]
        size = min(size for _lines, size, _bold in labels)
        lead = size * 1.2
        lines_n = max(len(lines) for lines, _size, _bold in labels)
        head1 = 5.5 * mm if lines_n == 1 else 1.5 * mm + (lines_n - 1) * lead + size * 0.93 + 1.2 * mm
        self.head1 = head1
        rows = len(s.rows)
        row_h = min(7 * mm, (top - head1 - head2 - 2 * total_h - bottom) / max(rows, 1))
        # header: the sides, then the column names
        y = top - head1
        self.box(self.left, y, self.width, head1, fill=GREEN, stroke=GREEN)
        for (lines, _size, bold), sc in zip(labels, cols["sides"]):
            x, w = sc["all"]
            last = y + (1.7 if lines_n == 1 else 1.5) * mm
            for k, line in enumerate(lines):
                self.text(
                    x + w / 2,
                    last + (len(lines) - 1 - k) * lead,
                    line,
                    size=size,
                    bold=bold,
                    color=(1, 1, 1),
                    align="center",
                )
        y -= head2
        self.box(self.left, y, self.width, head2, fill=GREEN_LIGHT)
        names = [("num", "#"), ("dealer", _("dealer"))]
        for sc in cols["sides"]:
            names += [(sc["bid"], _("bid")), (sc["points"], _("points")), (sc["roem"], _("roem"))]
        names.append(("mark", _("N/P/TP")))
        for key, label in names:
            x, w = cols[key] if isinstance(key, str) else key
            self.text(x + w / 2, y + 1.4 * mm, label, size=6, color=INK, align="center", width=w - 0.8 * mm)
        # rows
        for i, row in enumerate(s.rows):
            y -= row_h
            if (i // self.s.players) % 2:
                self.box(self.left, y, self.width, row_h, fill=(0.97, 0.97, 0.95), stroke=(0.97, 0.97, 0.95), width=0)
            self.draw_row(row, y, row_h, cols)
        grid_bottom = y
        # subtotal and total
        y -= total_h
        self.draw_totals(y, total_h, cols, subtotal=True)
        y -= total_h
        self.draw_totals(y, total_h, cols, subtotal=False)
        self.draw_rules_lines(top - head1, grid_bottom, y, cols, row_h)
        return y

    def draw_row(self, row, y, h, cols) -> None:
        s = self.s
        mid = y + h / 2 - 1.1 * mm
        x, w = cols["num"]
        self.text(x + w / 2, mid, row.board or row.number, size=8, bold=True, align="center")
        x, w = cols["dealer"]
        self.text(x + 1.2 * mm, mid, seat_label(row.dealer_seat), size=8, bold=True, color=GREEN)
        self.text(x + 5.4 * mm, mid, row.dealer_name, size=7, color=MUTED, width=w - 6.2 * mm)
        for side, sc in enumerate(cols["sides"]):
            bx, bw = sc["bid"]
            marked = row.bidder == side if s.filled and row.scores else row.forced_bidder == side
            # circles as glyphs of the embedded font: two numbers in the PDF instead of a bezier path
            self.text(
                bx + bw / 2,
                y + h / 2 - 1.2 * mm,
                "●" if marked else "○",
                size=10 if marked else 9,
                color=GREEN if marked else LINE,
                align="center",
            )
            if s.filled and row.scores:
                px, pw = sc["points"]
                self.text(px + pw - 1.5 * mm, mid, row.points[side], size=8.5, align="right")
                rx, rw = sc["roem"]
                roem = row.roem[side]
                if roem:
                    self.text(rx + rw - 1.5 * mm, mid, self.roem_text(roem), size=8.5, align="right", width=rw - 2 * mm)
        if row.mark:
            x, w = cols["mark"]
            mark = f"{row.mark} {seat_label(row.offender)}" if row.offender else row.mark  # "V O": who verzaakt
            self.text(
                x + w / 2, mid, mark, size=8, bold=True, color=(0.7, 0.15, 0.12), align="center", width=w - 1 * mm
            )

    def roem_text(self, roem: int) -> str:
        if self.s.tally:
            try:
                return to_tally(roem)
            except ValueError:
                return str(roem)
        return str(roem)

    def draw_totals(self, y, h, cols, *, subtotal: bool) -> None:
        s = self.s
        self.box(self.left, y, self.width, h, fill=GREEN_LIGHT if not subtotal else (1, 1, 1))
        label = _("subtotal") if subtotal else _("total")
        self.text(cols["num"][0] + 1.5 * mm, y + h / 2 - 1.2 * mm, label, size=8 if subtotal else 9, bold=not subtotal)
        if not s.filled:
            return
        for side, sc in enumerate(cols["sides"]):
            if subtotal:
                px, pw = sc["points"]
                self.text(px + pw - 1.5 * mm, y + h / 2 - 1.2 * mm, s.points_totals[side], size=8.5, align="right")
                rx, rw = sc["roem"]
                self.text(rx + rw - 1.5 * mm, y + h / 2 - 1.2 * mm, s.roem_totals[side], size=8.5, align="right")
            else:
                ax, aw = sc["all"]
                self.text(ax + aw - 1.5 * mm, y + h / 2 - 1.5 * mm, s.totals[side], size=11, bold=True, align="right")

    def draw_rules_lines(self, grid_top, rows_bottom, bottom, cols, row_h) -> None:
        """The grid lines: thin between rows, thick after each round of dealers and round the sides."""
        c = self.c
        c.setStrokeColorRGB(*LINE)
        c.setLineWidth(0.35)
        for i in range(1, len(self.s.rows) + 1):
            y = grid_top - 4.5 * mm - i * row_h
            thick = i % self.s.players == 0
            c.setLineWidth(0.9 if thick else 0.3)
            c.setStrokeColorRGB(*(INK if thick else LINE))
            c.line(self.left, y, self.left + self.width, y)
        c.setStrokeColorRGB(*LINE)
        c.setLineWidth(0.3)
        for sc in cols["sides"]:
            for key in ("points", "roem"):
                x = sc[key][0]
                c.line(x, rows_bottom - 6 * mm, x, grid_top - 4.5 * mm)  # down through the subtotal
        c.line(cols["dealer"][0], rows_bottom, cols["dealer"][0], grid_top - 4.5 * mm)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.9)
        for sc in cols["sides"]:
            x = sc["all"][0]
            c.line(x, bottom, x, grid_top)
        c.line(cols["mark"][0], bottom, cols["mark"][0], grid_top)
        c.rect(self.left, bottom, self.width, grid_top - bottom + self.head1, stroke=1, fill=0)

    # --- signatures, status and QR code
    def draw_footer(self, top: float) -> None:
        s = self.s
        qr_size = 21 * mm
        if s.filled and s.status:
            self.text(
                self.left,
                top - 3 * mm,
                _("Status: %(status)s") % {"status": s.status},
                size=7.5,
                bold=True,
                color=GREEN,
                width=self.width - qr_size - 3 * mm,
            )
        if s.filled and s.offenders:
            self.text(
                self.left,
                top - 6.2 * mm,
                _("Verzaakt by: %(who)s")
                % {
                    "who": "; ".join(
                        _("deal %(n)s %(seat)s (%(name)s)") % {"n": n, "seat": seat_label(seat), "name": name}
                        for n, seat, name in s.offenders
                    )
                },
                size=6.5,
                color=(0.7, 0.15, 0.12),
                width=self.width - qr_size - 3 * mm,
            )
        boxes_w = self.width - qr_size - 4 * mm
        box_w = (boxes_w - (self.n - 1) * 2 * mm) / self.n
        box_h = 15 * mm
        y = MARGIN_BOTTOM + 2.5 * mm
        for i, side in enumerate(s.sides):
            x = self.left + i * (box_w + 2 * mm)
            self.box(x, y, box_w, box_h, fill=(1, 1, 1))
            self.text(
                x + 1.5 * mm,
                y + box_h - 3.2 * mm,
                _("signature %(side)s") % {"side": side.label},
                size=6.5,
                color=MUTED,
                width=box_w - 3 * mm,
            )
            if i < len(s.pins):  # this side's acceptance code: the opponents of the typing side type it
                self.text(
                    x + 1.5 * mm,
                    y + 1.6 * mm,
                    _("acceptance code %(side)s: %(pin)s") % {"side": side.label, "pin": s.pins[i]},
                    size=6.5,
                    bold=True,
                    width=box_w - 3 * mm,
                )
        if s.entry_url:
            self.draw_qr(self.left + self.width - qr_size, y + 1 * mm, qr_size)
            if s.code:  # the table link: its code big enough to type, the address under it
                self.text(
                    self.left + self.width - qr_size / 2,
                    y - 2.8 * mm,
                    s.code,
                    size=8,
                    bold=True,
                    align="center",
                    width=qr_size + 8 * mm,
                )
            # the address whole, clear of "Page x of y" under it (MARGIN_BOTTOM leaves the room; issue 34
            # item 3): centred under the QR code when one line holds it, else on two lines (broken after a
            # '/', '.' or '-') ending at the QR code's right edge and reaching under the signature boxes
            first = y - (5.8 if s.code else 2.4) * mm
            lines, size = wrap_text(s.short_url, FONT, 6.5, qr_size + 8 * mm, lines=1, min_size=5.5, url=True)
            x, align = self.left + self.width - qr_size / 2, "center"
            if lines[0] != s.short_url:
                lines, size = wrap_text(s.short_url, FONT, 6.5, qr_size + 20 * mm, min_size=5.5, url=True)
                x, align = self.left + self.width, "right"
            for k, line in enumerate(lines):
                self.text(x, first - k * size * 1.2, line, size=size, color=MUTED, align=align)

        elif s.short_url:  # no QR code: phones cannot reach the site (scoring.prints.views.unreachable_notice)
            lines = simpleSplit(s.short_url, FONT_BOLD, 6.5, qr_size + 2 * mm)
            for i, line in enumerate(lines[:6]):
                self.text(
                    self.left + self.width - qr_size / 2 - 1 * mm,
                    y + box_h - 3.2 * mm - i * 2.8 * mm,
                    line,
                    size=6.5,
                    bold=True,
                    color=(0.7, 0.15, 0.12),
                    align="center",
                    width=qr_size + 2 * mm,
                )

    def draw_qr(self, x, y, size) -> None:
        """The table's entry link as a QR code (``documents.qr``: one PDF path of dark runs)."""
        draw_qr(self.c, self.s.entry_url, x, y, size)
