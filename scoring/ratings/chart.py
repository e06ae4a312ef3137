"""Server-rendered SVG of a player's rating over time: plain SVG with a viewBox (it scales to a
390 px phone), the page's font, no script, nothing from outside, every label escaped; a <title> and
<desc> for screen readers, the numbers stay in the table beside it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date
from html import escape

from core.numbers import number_text

WIDTH, HEIGHT = 480, 300
LEFT, RIGHT, TOP, BOTTOM = 44, 14, 14, 86
RATING_COLOUR, SKILL_COLOUR = "#0072B2", "#888888"  # Okabe–Ito blue, grey


def _step(span: float) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving at most five intervals over ``span``."""
    power = 10 ** math.floor(math.log10(span)) if span > 0 else 1
    for factor in (0.1, 0.2, 0.5, 1, 2, 5, 10):
        if span / (factor * power) <= 5:
            return factor * power
    return 10 * power


def _number(value: float) -> str:
    return str(int(round(value))) if abs(value - round(value)) < 1e-9 else number_text(value, 1)


def _axis(values: Sequence[float]) -> tuple[float, float, list[float]]:
    low, high = min(min(values), 0.0), max(max(values), 1.0)
    step = _step(high - low)
    low, high = step * math.floor(low / step), step * math.ceil(high / step)
    ticks = [low + step * i for i in range(int(round((high - low) / step)) + 1)]
    return low, high, ticks


def _label(day: date | None, index: int) -> str:
    return f"{day.day}-{day.month}" if day else str(index + 1)


def course_svg(
    days: Sequence[date | None],
    ratings: Sequence[float],
    skills: Sequence[float],
    *,
    title: str,
    description: str,
    rating_label: str,
    skill_label: str,
) -> str:
    """The rating (solid) and the estimated skill mu (dashed) after each evening or round."""
    count = len(ratings)
    low, high, ticks = _axis([*ratings, *skills])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (count - 1) if count > 1 else plot_w / 2)

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / (high - low)

    body = []
    for tick in ticks:
        body.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#ddd" '
            f'stroke-width="{2 if tick == 0 else 1}"/>'
            f'<text x="{LEFT - 6}" y="{y(tick) + 5:.1f}" text-anchor="end">{escape(_number(tick))}</text>'
        )
    shown = sorted({0, count - 1, *(round(k * (count - 1) / 3) for k in (1, 2))}) if count > 1 else [0]
    for i in shown:
        anchor = "start" if i == 0 and count > 1 else "end" if i == count - 1 and count > 1 else "middle"
        body.append(
            f'<text x="{x(i):.1f}" y="{TOP + plot_h + 20}" text-anchor="{anchor}">{escape(_label(days[i], i))}</text>'
        )
    for values, colour, dash in ((skills, SKILL_COLOUR, ' stroke-dasharray="6 4"'), (ratings, RATING_COLOUR, "")):
        path = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        body.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5"{dash}/>')
    if count <= 40:
        body += [
            f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3.5" fill="{RATING_COLOUR}"/>' for i, v in enumerate(ratings)
        ]
    for row, (label, colour, dash) in enumerate(
        ((rating_label, RATING_COLOUR, ""), (skill_label, SKILL_COLOUR, ' stroke-dasharray="6 4"'))
    ):
        legend_y = HEIGHT - 34 + 24 * row
        body.append(
            f'<line x1="{LEFT}" x2="{LEFT + 28}" y1="{legend_y - 5}" y2="{legend_y - 5}" stroke="{colour}" '
            f'stroke-width="3"{dash}/><text x="{LEFT + 36}" y="{legend_y}">{escape(label)}</text>'
        )
    return (
        f'<svg class="chart rating-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'preserveAspectRatio="xMidYMid meet" font-family="system-ui, sans-serif" font-size="16">'
        f"<title>{escape(title)}</title><desc>{escape(description)}</desc>" + "".join(body) + "</svg>"
    )


def sparkline_svg(values: Sequence[float], *, title: str) -> str:
    """A small line of the rating for a ranking row (96 x 24), no axes."""
    if not values:
        return ""
    w, h, pad = 96, 24, 2
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    count = len(values)
    points = " ".join(
        f"{pad + (w - 2 * pad) * (i / (count - 1) if count > 1 else 0.5):.1f},{pad + (h - 2 * pad) * (high - v) / span:.1f}"
        for i, v in enumerate(values)
    )
    return (
        f'<svg class="sparkline" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
        f'role="img"><title>{escape(title)}</title>'
        f'<polyline points="{points}" fill="none" stroke="{RATING_COLOUR}" stroke-width="2"/></svg>'
    )
