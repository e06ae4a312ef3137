"""QR codes drawn without an extra dependency: reportlab's encoder, a fixed mask, the dark modules
as runs — one PDF path (score sheets, the table list) or one SVG path (the organiser's page).

Choice: a fixed mask pattern. Any of the eight masks gives a valid code; reportlab's widget tries
all eight and draws each module as a shape, which made the QR code 80 % of the time of a sheet.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.graphics.barcode.qrencoder import QRCode, QRErrorCorrectLevel
from reportlab.platypus import Flowable

QR_MASK = 2
QUOTE = {'"': "&quot;"}  # escaped in the SVG's title as well as &, < and >
QUIET = 4  # modules of white border an SVG code keeps round it (the standard's quiet zone)


def qr_runs(text: str) -> tuple[int, list[tuple[int, int, int]]]:
    """The module count and the dark runs ``(row, first column, length)``, row 0 at the top."""
    qr = QRCode(None, QRErrorCorrectLevel.M)
    qr.addData(text)
    qr.version = qr.calculate_version()
    qr.makeImpl(False, QR_MASK)
    count = qr.getModuleCount()
    runs = []
    for r, row in enumerate(qr.modules):
        c = 0
        while c < count:
            if row[c]:
                start = c
                while c < count and row[c]:
                    c += 1
                runs.append((r, start, c - start))
            c += 1
    return count, runs


def draw_qr(canvas, text: str, x: float, y: float, size: float) -> None:
    """The code as one literal PDF path with its lower left corner at (x, y)."""
    count, runs = qr_runs(text)
    module = size / count
    ops = [f"q {module:.4f} 0 0 {module:.4f} {x:.2f} {y:.2f} cm 0 g"]
    ops += [f"{start} {count - 1 - r} {length} 1 re" for r, start, length in runs]
    ops.append("f Q")
    canvas.addLiteral(" ".join(ops))


def qr_svg(text: str, *, label: str = "") -> str:
    """A scalable SVG of the code (white quiet zone included); its size is set by CSS."""
    count, runs = qr_runs(text)
    side = count + 2 * QUIET
    path = "".join(f"M{start + QUIET} {r + QUIET}h{length}v1h-{length}z" for r, start, length in runs)
    title = f"<title>{escape(label or text, QUOTE)}</title>"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" shape-rendering="crispEdges" '
        f'role="img" class="qr">{title}<rect width="{side}" height="{side}" fill="#fff"/>'
        f'<path d="{path}" fill="#000"/></svg>'
    )


class QrFlowable(Flowable):
    """The code as a platypus flowable (a square of ``size`` points), for PDFs built as a story."""

    def __init__(self, text: str, size: float):
        super().__init__()
        self.text, self.size = text, size
        self.width = self.height = size

    def wrap(self, available_width, available_height):  # reportlab's name
        return self.size, self.size

    def draw(self) -> None:
        draw_qr(self.canv, self.text, 0, 0, self.size)
