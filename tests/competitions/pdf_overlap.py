"""Text overlap in a rendered PDF, from the words' boxes (``pdftotext -bbox``, poppler-utils)."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


def words(pdf: bytes) -> list[tuple[int, float, float, float, float, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "f.pdf"
        path.write_bytes(pdf)
        html = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    result = []
    for page, chunk in enumerate(html.split("<page ")[1:], start=1):
        for x0, y0, x1, y1, text in WORD.findall(chunk):
            result.append((page, float(x0), float(y0), float(x1), float(y1), text))
    return result


def overlaps(pdf: bytes, *, tolerance: float = 0.5, pages=None) -> list[tuple[str, str]]:
    """Pairs of words on one page whose boxes overlap by more than ``tolerance`` points each way
    (only on ``pages``, numbered from 1, when given)."""
    found = []
    ws = [w for w in words(pdf) if pages is None or w[0] in pages]
    for i, (p, ax0, ay0, ax1, ay1, a) in enumerate(ws):
        for q, bx0, by0, bx1, by1, b in ws[i + 1 :]:
            if p != q:
                continue
            dx = min(ax1, bx1) - max(ax0, bx0)
            dy = min(ay1, by1) - max(ay0, by0)
            if dx > tolerance and dy > tolerance:
                found.append((a, b))
    return found
