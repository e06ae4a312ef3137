"""The small reportlab base every PDF of the project is drawn on.

- Fonts: DejaVu Sans (regular and bold), vendored in ``static/fonts/`` with its licence and
  embedded (subset) in every PDF, so every Dutch character prints (ĳ, ë, é, ï...) and nothing
  depends on the fonts of the machine. Registered once, at import.
- :class:`FooterCanvas`: a canvas that knows the page count only at the end (reportlab's
  two-pass "page x of y" pattern) and prints "Page x of y" and the generation time on each page.
- :class:`PdfRenderer`: the pretix-style renderer with hook methods. Subclasses either draw on
  the canvas themselves (:meth:`PdfRenderer.draw`) or, through :class:`FlowableRenderer`, return
  a platypus story; :meth:`PdfRenderer.header` is called on every page.
"""

from __future__ import annotations

import io
import re
from functools import partial

from django.conf import settings
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from reportlab import rl_config
from reportlab.lib.pagesizes import A4, A5, landscape
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Table
from reportlab.platypus.paragraph import cleanBlockQuotedText

from documents.public_names import active as public_names_active
from documents.public_names import public

FONT = "KJSans"
FONT_BOLD = "KJSans-Bold"
FONT_DIR = settings.BASE_DIR / "static" / "fonts"
FONT_FILES = {FONT: "DejaVuSans.ttf", FONT_BOLD: "DejaVuSans-Bold.ttf"}

A4_PORTRAIT = A4
A4_LANDSCAPE = landscape(A4)
A5_PORTRAIT = A5  # a score sheet: two of them side by side on an A4 landscape page

INK = (0.11, 0.11, 0.11)
MUTED = (0.4, 0.4, 0.4)
GREEN = (0.114, 0.361, 0.227)  # the site's --green
GREEN_LIGHT = (0.91, 0.949, 0.925)


def register_fonts() -> None:
    """Register the embedded fonts once (idempotent: safe to call from anywhere)."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, filename in FONT_FILES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    from reportlab.lib.fonts import addMapping

    addMapping(FONT, 0, 0, FONT)
    addMapping(FONT, 1, 0, FONT_BOLD)
    addMapping(FONT, 0, 1, FONT)
    addMapping(FONT, 1, 1, FONT_BOLD)


register_fonts()
# Choice: streams are zlib-compressed but not ASCII85-armoured (a 7-bit transport nobody needs any
# more): PDFs are a fifth smaller and, without reportlab's C accelerator, render twice as fast.
rl_config.useA85 = 0


def fit_text(text: str, font: str, size: float, width: float, *, min_size: float = 5) -> tuple[str, float]:
    """Shrink ``size`` (down to ``min_size``) until ``text`` fits ``width``; then cut it with '…'.
    Members' names as public output shows them, before measuring (documents.public_names)."""
    text = public(text)
    while size > min_size and pdfmetrics.stringWidth(text, font, size) > width:
        size -= 0.5
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text, size
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…", size


def wrap_text(
    text: str, font: str, size: float, width: float, *, lines: int = 2, min_size: float = 6.5, url: bool = False
) -> tuple[list[str], float]:
    """``text`` on one line at ``size`` when it fits, else on up to ``lines`` lines, shrinking (down to
    ``min_size``, still readable) until it does. A ``url`` breaks after its '/', '.' and '-' (it has no
    spaces). Only what does not fit in ``lines`` lines at ``min_size`` is cut with '…'. Members'
    names as public output shows them, before splitting (documents.public_names)."""
    text = public(text)

    def split(at: float) -> list[str]:
        if not url:
            return simpleSplit(text, font, at, width) or [""]
        rows = [""]
        for piece in re.findall(r"[^/.-]*[/.-]?", text):
            if not piece:
                continue
            if rows[-1] and pdfmetrics.stringWidth(rows[-1] + piece, font, at) > width:
                rows.append(piece)
            else:
                rows[-1] += piece
        return rows

    at = size
    parts = split(at)
    while (len(parts) > lines or any(pdfmetrics.stringWidth(p, font, at) > width for p in parts)) and at > min_size:
        at = max(min_size, at - 0.5)
        parts = split(at)
    if len(parts) > lines:
        parts = parts[: lines - 1] + [("" if url else " ").join(parts[lines - 1 :])]
    return [fit_text(p, font, at, width, min_size=at)[0] for p in parts], at


def generated_text(when=None) -> str:
    when = timezone.localtime(when or timezone.now())
    return _("Generated %(when)s") % {"when": formats.date_format(when, "DATETIME_FORMAT")}


def publicise(flowables) -> None:
    """Members' names in a platypus story as public output shows them (documents.public_names), before it
    is laid out: a paragraph that wraps a name over two lines draws it in two pieces, which the
    canvas (below) would not recognise. Reads reportlab's ``Paragraph.text``/``_setup``, a table's
    ``_cellvalues`` and a container's ``_content`` (internals, kept here; the crawl in
    tests/members/test_name_on_public_pages.py fails loudly when an upgrade changes them)."""
    for flowable in flowables:
        if isinstance(flowable, Paragraph):
            text = public(flowable.text)
            if text != flowable.text:
                flowable._setup(text, flowable.style, flowable.bulletText, None, cleanBlockQuotedText)
        elif isinstance(flowable, Table):
            for row in flowable._cellvalues:
                for index, cell in enumerate(row):
                    if isinstance(cell, str):
                        row[index] = public(cell)
                    elif isinstance(cell, list | tuple):
                        publicise(cell)
                    elif isinstance(cell, Flowable):
                        publicise([cell])
        elif isinstance(getattr(flowable, "_content", None), list):
            publicise(flowable._content)


class PublicTextObject(PDFTextObject):
    """A text object that writes members' names as public output shows them (documents.public_names)."""

    def _formatText(self, text):  # reportlab's name: every string drawn passes here
        return super()._formatText(public(text))


class FooterCanvas(Canvas):
    """Prints "Page x of y" and the generation time on every page, once the count is known; every
    string is drawn with members' names as public output shows them (documents.public_names: right-aligned
    and centred strings are measured after that, so they stay aligned)."""

    def beginText(self, x=0, y=0, direction=None):  # reportlab's name
        if not public_names_active():
            return super().beginText(x, y, direction)
        return PublicTextObject(self, x, y, direction)

    def drawString(self, x, y, text, *args, **kwargs):  # reportlab's name
        super().drawString(x, y, public(text), *args, **kwargs)

    def drawRightString(self, x, y, text, *args, **kwargs):  # reportlab's name
        super().drawRightString(x, y, public(text), *args, **kwargs)

    def drawCentredString(self, x, y, text, *args, **kwargs):  # reportlab's name
        super().drawCentredString(x, y, public(text), *args, **kwargs)

    def __init__(self, *args, footer_left: str = "", footer_margin: float = 5 * mm, **kwargs):
        # the embedded DejaVu from the first page on: reportlab's default Helvetica would otherwise be
        # listed, unembedded and unused, in every PDF (issue 34 item 3); registered at import, above
        kwargs.setdefault("initialFontName", FONT)
        kwargs.setdefault("initialFontSize", 10)
        super().__init__(*args, **kwargs)
        self._footer_left = footer_left
        self._footer_margin = footer_margin
        self._pages: list[dict] = []

    def showPage(self):  # reportlab's name
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self._draw_footer(total)
            super().showPage()
        super().save()

    def _draw_footer(self, total: int) -> None:
        width, _height = self._pagesize
        y = self._footer_margin
        self.saveState()
        self.setFont(FONT, 6.5)
        self.setFillColorRGB(*MUTED)
        self.drawString(self._footer_margin * 2, y, self._footer_left)
        self.drawRightString(
            width - self._footer_margin * 2,
            y,
            _("Page %(page)s of %(pages)s") % {"page": self._pageNumber, "pages": total},
        )
        self.restoreState()


class PdfRenderer:
    """Render one PDF. Subclasses set ``pagesize`` and ``title`` and implement :meth:`draw`."""

    pagesize = A4_PORTRAIT
    title = ""
    footer_margin = 5 * mm

    def __init__(self, *, generated_at=None):
        self.generated_at = generated_at or timezone.now()

    # --- hooks
    def get_title(self) -> str:
        return str(self.title)

    def get_author(self) -> str:
        """The PDF's Author: the club whose document it is (not reportlab's "(anonymous)")."""
        competition = getattr(self, "competition", None) or getattr(getattr(self, "round", None), "competition", None)
        club = getattr(competition, "club", None) or getattr(self, "club", None)
        sheets = getattr(self, "sheets", None)  # score sheets carry their club's name
        name = getattr(club, "name", "") or (getattr(sheets[0], "club", "") if sheets else "")
        return str(name or "Klaverjas club system")

    def footer_left(self) -> str:
        return generated_text(self.generated_at)

    def header(self, canvas: Canvas, page_number: int) -> None:
        """Called on every page before its content; draws nothing by default."""

    def draw(self, canvas: Canvas) -> None:
        raise NotImplementedError

    # --- the machinery
    def canvas_maker(self):
        return partial(FooterCanvas, footer_left=self.footer_left(), footer_margin=self.footer_margin)

    def render(self) -> bytes:
        buffer = io.BytesIO()
        canvas = self.canvas_maker()(buffer, pagesize=self.pagesize, pageCompression=1)
        canvas.setTitle(self.get_title())
        canvas.setAuthor(self.get_author())
        canvas.setCreator("Klaverjas club system")
        self.draw(canvas)
        canvas.save()
        return buffer.getvalue()


class FlowableRenderer(PdfRenderer):
    """A renderer whose content is a platypus story (tables, paragraphs) flowing over pages."""

    margins = (15 * mm, 15 * mm, 22 * mm, 14 * mm)  # left, right, top, bottom

    def story(self) -> list:
        raise NotImplementedError

    def render(self) -> bytes:
        buffer = io.BytesIO()
        left, right, top, bottom = self.margins
        story = self.story()
        if public_names_active():
            publicise(story)
        doc = SimpleDocTemplate(
            buffer,
            pagesize=self.pagesize,
            leftMargin=left,
            rightMargin=right,
            topMargin=top,
            bottomMargin=bottom,
            title=self.get_title(),
            author=self.get_author(),
            creator="Klaverjas club system",
            initialFontName=FONT,  # not reportlab's Helvetica, unembedded (issue 34 item 3)
            initialFontSize=10,
        )

        def on_page(canvas, doc):
            self.header(canvas, doc.page)

        doc.build(story, onFirstPage=on_page, onLaterPages=on_page, canvasmaker=self.canvas_maker())
        return buffer.getvalue()


def pdf_response(content: bytes, filename: str, *, inline: bool = True):
    from django.http import HttpResponse

    response = HttpResponse(content, content_type="application/pdf")
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response


def draw_title_bar(
    canvas,
    pagesize,
    title: str,
    right: str,
    *,
    size: float = 15,
    top: float = 13 * mm,
    rule: float = 16 * mm,
    margin: float = 15 * mm,
    font: str = FONT_BOLD,
    subtitle: str = "",
) -> None:
    """A page's title on the left and (small, muted) the club on the right, above a green rule; a
    ``subtitle`` (small, muted) goes on a line of its own under the title.
    The title shrinks, then is cut with '…', so it never runs into the right-hand text."""
    width, height = pagesize
    right_size = 9
    right_w = pdfmetrics.stringWidth(right, FONT, right_size) if right else 0
    room = width - 2 * margin - right_w - (4 * mm if right else 0)
    text, fitted = fit_text(title, font, size, room, min_size=min(size, 10))
    canvas.saveState()
    canvas.setFillColorRGB(*GREEN)
    canvas.setFont(font, fitted)
    canvas.drawString(margin, height - top, text)
    if right:
        canvas.setFont(FONT, right_size)
        canvas.setFillColorRGB(*MUTED)
        canvas.drawRightString(width - margin, height - top, right)
    if subtitle:
        canvas.setFont(FONT, right_size)
        canvas.setFillColorRGB(*MUTED)
        canvas.drawString(margin, height - top - 5 * mm, subtitle)
    canvas.setStrokeColorRGB(*GREEN)
    canvas.setLineWidth(1.5)
    canvas.line(margin, height - rule, width - margin, height - rule)
    canvas.restoreState()


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    return pdfmetrics.stringWidth(str(text), FONT_BOLD if bold else FONT, size)
