"""Server-rendered SVG pictures: the season's course, points per evening or round, and the nat, pit
and roem figures. Plain SVG text with a viewBox (it scales to a phone or a projector), the page's
own font, no script and nothing from outside; every label escaped. A picture carries a <title> and
<desc> for screen readers, and the numbers stay in the tables beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from core.numbers import number_text

#: Colours that stay apart on a projector and for the common colour blindnesses (Okabe–Ito).
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
WIDTH, HEIGHT = 480, 260
LEFT, RIGHT, TOP, BOTTOM = 52, 16, 14, 40
LEGEND_ROW = 24


@dataclass
class Series:
    label: str
    values: list[float | None]  # one per x position; None: no value there
    highlight: bool = False


def _step(value: float) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving at most five intervals up to ``value``."""
    step = 1.0
    while value / step > 5:
        for factor in (2, 2.5, 2):  # 1 → 2 → 5 → 10 → 20 …
            step *= factor
            if value / step <= 5:
                break
    return step


def _nice_top(value: float) -> float:
    if value <= 0:
        return 1
    step = _step(value)
    return step * -(-value // step)


def _ticks(top: float) -> list[float]:
    step = _step(top)
    return [step * i for i in range(int(round(top / step)) + 1)]


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else number_text(value, 1)


def _frame(title: str, description: str, body: list[str], height: int = HEIGHT) -> str:
    return (
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'preserveAspectRatio="xMidYMid meet" font-family="system-ui, sans-serif" font-size="15">'
        f"<title>{escape(title)}</title><desc>{escape(description)}</desc>" + "".join(body) + "</svg>"
    )


def line_chart(
    title: str, x_labels: list[str], series: list[Series], *, y_label: str = "", invert: bool = False
) -> str:
    """Lines over the x positions (evenings or rounds). ``invert``: 1 at the top (a rank)."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    values = [v for s in series for v in s.values if v is not None]
    if not x_labels or not values:
        return ""
    low = 1 if invert else 0
    top = max(values) if invert else _nice_top(max(values))
    span = (top - low) or 1
    n = len(x_labels)

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(v: float) -> float:
        fraction = (v - low) / span
        return TOP + (plot_h * fraction if invert else plot_h * (1 - fraction))

    body = []
    ticks = sorted({round(low + span * i / 4) for i in range(5)}) if invert else _ticks(top)
    for t in ticks:
        body.append(
            f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#ccc" stroke-width="1"/>'
        )
        body.append(f'<text x="{LEFT - 6}" y="{y(t) + 4:.1f}" text-anchor="end" fill="#444">{_number(t)}</text>')
    step = max(1, n // 12)
    for i, label in enumerate(x_labels):
        if i % step == 0 or i == n - 1:
            body.append(
                f'<text x="{x(i):.1f}" y="{TOP + plot_h + 18}" text-anchor="middle" fill="#444">{escape(label)}</text>'
            )
    if y_label:
        body.append(
            f'<text x="12" y="{TOP + plot_h / 2:.1f}" transform="rotate(-90 12 {TOP + plot_h / 2:.1f})" text-anchor="middle" fill="#444">{escape(y_label)}</text>'
        )
    for index, s in enumerate(series):
        colour = COLOURS[index % len(COLOURS)]
        width = 4 if s.highlight else 2.5
        points = [(x(i), y(v)) for i, v in enumerate(s.values) if v is not None]
        if not points:
            continue
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        dash = ' stroke-dasharray="7 4"' if s.highlight else ""
        body.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="{width}"{dash} stroke-linejoin="round"/>'
        )
        for px, py in points:
            body.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3.5" fill="{colour}"/>')
        legend_y = HEIGHT + index * LEGEND_ROW + 4  # the legend under the plot: the plot keeps the width
        body.append(f'<rect x="{LEFT}" y="{legend_y - 12}" width="22" height="12" fill="{colour}"/>')
        label = s.label if len(s.label) <= 40 else s.label[:39] + "…"
        weight = ' font-weight="bold"' if s.highlight else ""
        body.append(f'<text x="{LEFT + 30}" y="{legend_y}" fill="#222"{weight}>{escape(label)}</text>')
    description = "; ".join(
        f"{s.label}: " + ", ".join("–" if v is None else _number(v) for v in s.values) for s in series
    )
    return _frame(title, description, body, height=HEIGHT + len(series) * LEGEND_ROW)


def bar_chart(title: str, bars: list[tuple[str, float]], *, colour: str = COLOURS[0]) -> str:
    """Vertical bars with their value on top (points per evening or round)."""
    if not bars:
        return ""
    plot_w, plot_h = WIDTH - LEFT - 16, HEIGHT - TOP - BOTTOM
    top = _nice_top(max(max(v for _, v in bars), 1))
    n = len(bars)
    slot = plot_w / n
    body = []
    for t in _ticks(top):
        ty = TOP + plot_h * (1 - t / top)
        body.append(
            f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{ty:.1f}" y2="{ty:.1f}" stroke="#ccc" stroke-width="1"/>'
        )
        body.append(f'<text x="{LEFT - 6}" y="{ty + 4:.1f}" text-anchor="end" fill="#444">{_number(t)}</text>')
    step = max(1, n // 16)
    for i, (label, value) in enumerate(bars):
        h = plot_h * max(value, 0) / top
        bx = LEFT + slot * i + slot * 0.15
        body.append(
            f'<rect x="{bx:.1f}" y="{TOP + plot_h - h:.1f}" width="{slot * 0.7:.1f}" height="{h:.1f}" fill="{colour}"/>'
        )
        if n <= 12:
            body.append(
                f'<text x="{bx + slot * 0.35:.1f}" y="{TOP + plot_h - h - 4:.1f}" text-anchor="middle" fill="#222" font-size="13">{_number(value)}</text>'
            )
        if i % step == 0:
            body.append(
                f'<text x="{bx + slot * 0.35:.1f}" y="{TOP + plot_h + 18}" text-anchor="middle" fill="#444">{escape(label)}</text>'
            )
    description = ", ".join(f"{label}: {_number(value)}" for label, value in bars)
    return _frame(title, description, body)


def figure_bars(title: str, figures: list[tuple[str, float]]) -> str:
    """Horizontal bars for a few figures of different kinds (roem, nat, pits…), each its own colour."""
    if not figures:
        return ""
    row_h = 34
    height = TOP + row_h * len(figures) + 8
    label_w = 110
    top = max(max(v for _, v in figures), 1)
    body = []
    for i, (label, value) in enumerate(figures):
        y = TOP + i * row_h
        w = (WIDTH - label_w - 60) * max(value, 0) / top
        colour = COLOURS[i % len(COLOURS)]
        body.append(f'<text x="{label_w - 8}" y="{y + 19}" text-anchor="end" fill="#222">{escape(label)}</text>')
        body.append(f'<rect x="{label_w}" y="{y + 4}" width="{w:.1f}" height="22" fill="{colour}"/>')
        body.append(f'<text x="{label_w + w + 6:.1f}" y="{y + 20}" fill="#222">{_number(value)}</text>')
    description = ", ".join(f"{label}: {_number(value)}" for label, value in figures)
    return _frame(title, description, body, height=height)
