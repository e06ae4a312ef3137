"""The organiser's printed sheet of members' invitations: one card per member without an account, eight
to an A4 page, ready to cut and hand out at the club evening. Each card names the member, says what the
account gives them, and carries the QR code of their own one-time invitation link (``documents.qr``)
with the link written under it and the date it expires.

Choice (issue 32, "a QR code printed on the evening's result and the member list"): an invitation is
one person's one-time link, so it cannot stand on a result that hangs on the wall for everyone. The
member list therefore prints this sheet (a new invitation per member, made when it is printed), and
the evening's result carries only a small QR to the members' own page with "no account yet? ask the
organiser for your invitation" (``competitions.evenings.pdf``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit

from clubs.models import Club
from documents.pdf import (
    A4_PORTRAIT,
    FONT,
    FONT_BOLD,
    GREEN,
    INK,
    MUTED,
    PdfRenderer,
    draw_title_bar,
    fit_text,
    wrap_text,
)
from documents.qr import draw_qr

COLUMNS, ROWS = 2, 4
TOP, BOTTOM, SIDE = 22 * mm, 12 * mm, 12 * mm
QR_SIZE = 34 * mm


@dataclass(frozen=True)
class InvitationCard:
    name: str
    link: str
    expires_at: datetime


class InvitationSheetRenderer(PdfRenderer):
    pagesize = A4_PORTRAIT

    def __init__(self, club: Club, cards: list[InvitationCard], **kwargs):
        super().__init__(**kwargs)
        self.club = club
        self.cards = cards
        self.title = _("Invitations for members")

    def header(self, canvas, page_number: int) -> None:
        draw_title_bar(canvas, self.pagesize, self.get_title(), self.club.name, top=12 * mm, rule=15 * mm)

    def draw(self, canvas) -> None:
        width, height = self.pagesize
        card_w = (width - 2 * SIDE) / COLUMNS
        card_h = (height - TOP - BOTTOM) / ROWS
        per_page = COLUMNS * ROWS
        for start in range(0, max(len(self.cards), 1), per_page):
            self.header(canvas, start // per_page + 1)
            for i, card in enumerate(self.cards[start : start + per_page]):
                column, row = i % COLUMNS, i // COLUMNS
                x = SIDE + column * card_w
                y = height - TOP - (row + 1) * card_h
                self.draw_card(canvas, card, x, y, card_w, card_h)
            self.cut_lines(canvas, card_w, card_h)
            canvas.showPage()

    def cut_lines(self, canvas, card_w: float, card_h: float) -> None:
        width, height = self.pagesize
        canvas.saveState()
        canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
        canvas.setLineWidth(0.3)
        canvas.setDash(2, 3)
        for column in range(1, COLUMNS):
            canvas.line(SIDE + column * card_w, BOTTOM, SIDE + column * card_w, height - TOP)
        for row in range(0, ROWS + 1):
            y = height - TOP - row * card_h
            canvas.line(SIDE, y, width - SIDE, y)
        canvas.restoreState()

    def draw_card(self, canvas, card: InvitationCard, x: float, y: float, w: float, h: float) -> None:
        pad = 4 * mm
        text_w = w - QR_SIZE - 3 * pad
        top = y + h - pad
        canvas.saveState()
        name, size = fit_text(card.name, FONT_BOLD, 12, text_w, min_size=8)
        canvas.setFillColorRGB(*GREEN)
        canvas.setFont(FONT_BOLD, size)
        canvas.drawString(x + pad, top - 4 * mm, name)
        club, club_size = fit_text(self.club.name, FONT, 8.5, text_w, min_size=6.5)
        canvas.setFillColorRGB(*MUTED)
        canvas.setFont(FONT, club_size)
        canvas.drawString(x + pad, top - 8.5 * mm, club)
        canvas.setFillColorRGB(*INK)
        canvas.setFont(FONT, 8)
        text = _(
            "Scan the code with your phone and choose a password: you follow your own results and score "
            "cards, get the draw by mail and say whether you come."
        )
        line_y = top - 14 * mm
        for line in simpleSplit(text, FONT, 8, text_w)[:6]:
            canvas.drawString(x + pad, line_y, line)
            line_y -= 3.6 * mm
        expires = formats.date_format(timezone.localtime(card.expires_at), "DATE_FORMAT")
        canvas.setFillColorRGB(*MUTED)
        canvas.setFont(FONT, 7)
        canvas.drawString(x + pad, line_y - 1 * mm, _("For you alone, once; valid until %(date)s.") % {"date": expires})
        qr_x, qr_y = x + w - pad - QR_SIZE, top - QR_SIZE
        draw_qr(canvas, card.link, qr_x, qr_y, QR_SIZE)
        lines, link_size = wrap_text(card.link, FONT, 6.5, w - 2 * pad, lines=2, min_size=5, url=True)
        canvas.setFont(FONT, link_size)
        link_y = y + pad + (len(lines) - 1) * link_size * 1.2
        for line in lines:
            canvas.drawString(x + pad, link_y, line)
            link_y -= link_size * 1.2
        canvas.restoreState()
