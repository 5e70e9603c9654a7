"""The report's four charts as inline SVG, written directly.

The charts are simple — coloured cells with labels, step lines, points, a slope chart — and
every element of them was already placed by hand.  Drawing them through matplotlib cost
1.1-1.6 s of import and 0.5-0.9 s of drawing per report on these machines (half of the
whole `certibench run` process against a fast local server), and needed a salt to make its
SVG ids stable.  Here each chart is a few dozen SVG elements built from the report dict:
the output is a pure function of the numbers (the same bytes on every machine), text stays
text (selectable, searchable), and the heatmap's cells are real links into the explorer.

Layout uses an estimate of text width (0.6 em per character, a little more than the
average of the sans-serif faces the page names), so labels never overlap the plot area.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Canvas", "Frame", "REDS", "TAB10", "nice_ticks", "reds", "text_width"]

#: ColorBrewer "Reds" (9 classes), the stops of matplotlib's ``Reds`` colormap
REDS = ("#fff5f0", "#fee0d2", "#fcbba1", "#fc9272", "#fb6a4a", "#ef3b2c", "#cb181d", "#a50f15", "#67000d")
#: the ten categorical colours of matplotlib's default cycle (``tab10``)
TAB10 = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")
FONT = "system-ui,-apple-system,Segoe UI,Roboto,sans-serif"
INK = "#1d2430"
MUTED = "#6b7280"


def _n(v: float) -> str:
    """A coordinate: one decimal, no trailing ``.0`` (the same text on every machine)."""
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def text_width(s: str, size: float) -> float:
    """Estimated rendered width of ``s`` at font size ``size`` (px)."""
    return 0.6 * size * len(s)


def reds(t: float) -> str:
    """The ``Reds`` colour at ``t`` in [0, 1] (linear between the stops, as a colormap)."""
    t = min(1.0, max(0.0, t)) * (len(REDS) - 1)
    i = min(int(t), len(REDS) - 2)
    f = t - i
    a, b = REDS[i], REDS[i + 1]
    rgb = [round(int(a[k : k + 2], 16) * (1 - f) + int(b[k : k + 2], 16) * f) for k in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in rgb)


def luminance(color: str) -> float:
    """Relative luminance of ``#rrggbb`` (for black or white text on it)."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(int(color[k : k + 2], 16) / 255) for k in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def nice_ticks(lo: float, hi: float, n: int = 5) -> list[float]:
    """About ``n`` round tick values covering [lo, hi] (steps of 1, 2, 2.5 or 5 x 10^k)."""
    if not math.isfinite(lo) or not math.isfinite(hi) or hi <= lo:
        return [lo]
    raw = (hi - lo) / max(1, n)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.ceil(lo / step - 1e-9)
    out = []
    k = first
    while k * step <= hi + 1e-9 * step:
        out.append(round(k * step, 12))
        k += 1
    return out


def _tick_label(v: float, ticks: Sequence[float]) -> str:
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
    nd = max(0, min(6, -math.floor(math.log10(step)) + (1 if round(step / 10 ** math.floor(math.log10(step)), 6) == 2.5 else 0)))
    return f"{v:.{nd}f}"


@dataclass
class Canvas:
    """An SVG drawing ``width`` x ``height`` px, built element by element."""

    width: float
    height: float
    title: str = ""
    parts: list[str] = field(default_factory=list)

    def add(self, element: str) -> None:
        self.parts.append(element)

    def rect(self, x: float, y: float, w: float, h: float, fill: str, *, stroke: str | None = None,
             stroke_width: float = 1.0, href: str | None = None, tip: str | None = None) -> None:
        st = f' stroke="{stroke}" stroke-width="{_n(stroke_width)}"' if stroke else ""
        inner = f"<title>{html.escape(tip)}</title>" if tip else ""
        el = (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" fill="{fill}"{st}>{inner}</rect>'
              if inner else f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" fill="{fill}"{st}/>')
        self.add(f'<a href="{html.escape(href)}">{el}</a>' if href else el)

    def text(self, x: float, y: float, s: str, *, size: float = 11, anchor: str = "start", fill: str = INK,
             rotate: float | None = None, weight: str | None = None, baseline: str = "central") -> None:
        rot = f' transform="rotate({_n(rotate)} {_n(x)} {_n(y)})"' if rotate else ""
        wt = f' font-weight="{weight}"' if weight else ""
        self.add(f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="{anchor}" '
                 f'dominant-baseline="{baseline}" fill="{fill}"{wt}{rot}>{html.escape(s)}</text>')

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = INK, width: float = 1.0,
             dash: str | None = None, opacity: float | None = None) -> None:
        d = f' stroke-dasharray="{dash}"' if dash else ""
        o = f' stroke-opacity="{_n(opacity)}"' if opacity is not None else ""
        self.add(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{stroke}" '
                 f'stroke-width="{_n(width)}"{d}{o}/>')

    def polyline(self, pts: Sequence[tuple[float, float]], *, stroke: str, width: float = 1.2) -> None:
        p = " ".join(f"{_n(x)},{_n(y)}" for x, y in pts)
        self.add(f'<polyline points="{p}" fill="none" stroke="{stroke}" stroke-width="{_n(width)}" '
                 'stroke-linejoin="round"/>')

    def circle(self, cx: float, cy: float, r: float, fill: str, tip: str | None = None) -> None:
        inner = f"<title>{html.escape(tip)}</title>" if tip else ""
        self.add(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{fill}">{inner}</circle>')

    def svg(self) -> str:
        label = f' role="img" aria-label="{html.escape(self.title)}"' if self.title else ""
        w, h = _n(self.width), _n(self.height)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
                f'font-family="{FONT}"{label}>' + "".join(self.parts) + "</svg>")


@dataclass(frozen=True)
class Frame:
    """A plot area (px: ``left``, ``top``, ``width``, ``height``) showing data ``xlim`` x ``ylim``
    (``ylim`` bottom to top; give it reversed for rows drawn top-down)."""

    left: float
    top: float
    width: float
    height: float
    xlim: tuple[float, float]
    ylim: tuple[float, float]

    def x(self, v: float) -> float:
        a, b = self.xlim
        return self.left + (v - a) / (b - a) * self.width

    def y(self, v: float) -> float:
        a, b = self.ylim
        return self.top + self.height - (v - a) / (b - a) * self.height

    def axes(self, c: Canvas, *, xticks: Sequence[float] = (), yticks: Sequence[float] = (), grid: bool = False,
             xlabel: str = "", ylabel: str = "") -> None:
        """Bottom and left axis lines, tick labels, optional grid and axis labels."""
        bottom, right = self.top + self.height, self.left + self.width
        for v in xticks:
            x = self.x(v)
            if grid:
                c.line(x, self.top, x, bottom, stroke="#b0b4ba", width=0.6, opacity=0.5)
            c.line(x, bottom, x, bottom + 4, stroke=INK, width=0.8)
            c.text(x, bottom + 14, _tick_label(v, xticks), size=10, anchor="middle")
        for v in yticks:
            y = self.y(v)
            if grid:
                c.line(self.left, y, right, y, stroke="#b0b4ba", width=0.6, opacity=0.5)
            c.line(self.left - 4, y, self.left, y, stroke=INK, width=0.8)
            c.text(self.left - 7, y, _tick_label(v, yticks), size=10, anchor="end")
        c.line(self.left, bottom, right, bottom, stroke=INK, width=0.8)
        c.line(self.left, self.top, self.left, bottom, stroke=INK, width=0.8)
        if xlabel:
            c.text(self.left + self.width / 2, bottom + 34, xlabel, size=11, anchor="middle")
        if ylabel:
            c.text(self.left - 44, self.top + self.height / 2, ylabel, size=11, anchor="middle", rotate=-90)


def legend(c: Canvas, x: float, y: float, entries: Sequence[tuple[str, str]], *, columns: int = 2,
           col_width: float | None = None) -> None:
    """A boxed legend of (label, colour) line samples, top-left corner at (x, y)."""
    if not entries:
        return
    cw = col_width or max(text_width(lbl, 9) for lbl, _ in entries) + 30
    rows = math.ceil(len(entries) / columns)
    cols = min(columns, len(entries))
    c.rect(x, y, cols * cw + 8, rows * 15 + 8, "#ffffff", stroke="#d0d4da", stroke_width=0.8)
    for k, (lbl, color) in enumerate(entries):
        cx, cy = x + 6 + (k // rows) * cw, y + 11 + (k % rows) * 15
        c.line(cx, cy, cx + 18, cy, stroke=color, width=1.8)
        c.text(cx + 23, cy, lbl, size=9)


def colorbar(c: Canvas, x: float, y: float, h: float, top: float, label: str, gid: str) -> None:
    """A vertical ``Reds`` scale from 0 (bottom) to ``top`` with ticks and a label."""
    stops = "".join(f'<stop offset="{_n(100 * k / (len(REDS) - 1))}%" stop-color="{col}"/>'
                    for k, col in enumerate(reversed(REDS)))
    c.add(f'<defs><linearGradient id="{gid}" x1="0" y1="0" x2="0" y2="1">{stops}</linearGradient></defs>')
    c.add(f'<rect x="{_n(x)}" y="{_n(y)}" width="12" height="{_n(h)}" fill="url(#{gid})" stroke="#d0d4da" '
          'stroke-width="0.6"/>')
    ticks = nice_ticks(0.0, top, 4)
    for v in ticks:
        ty = y + h - v / top * h
        c.line(x + 12, ty, x + 16, ty, stroke=INK, width=0.8)
        c.text(x + 19, ty, _tick_label(v, ticks), size=9)
    c.text(x + 52, y + h / 2, label, size=10, anchor="middle", rotate=-90)


def fmt_value(v: Any) -> str:
    return "-" if v is None else f"{v:.3f}"
