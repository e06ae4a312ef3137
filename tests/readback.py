"""Reading files back in tests: a PDF's text per page, a page rendered by poppler, how much of it is ink."""

from __future__ import annotations

import io
import subprocess

from PIL import Image
from pypdf import PdfReader


def pdf_pages_text(content: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(content)).pages]


def render_png(content: bytes, tmp_path, *, page: int = 1, dpi: int = 60):
    """Render one page with poppler's pdftoppm; return the PNG path (fails if poppler refuses the PDF)."""
    pdf = tmp_path / "file.pdf"
    pdf.write_bytes(content)
    prefix = tmp_path / f"page{page}"
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", str(pdf), str(prefix)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return prefix.with_suffix(".png")


def ink_ratio(png_path) -> float:
    """The share of pixels that are not (nearly) white: 0 for a blank page."""
    image = Image.open(png_path).convert("L")
    histogram = image.histogram()
    dark = sum(histogram[:200])
    return dark / (image.width * image.height)
