"""A composition as SVG, drawn from the PNG renderer's geometry (composition.py), and
optionally as a replay: each stroke redrawn in order, in its signature's colour and mark.

No Streamlit import. The replay is CSS inside the SVG (stroke-dashoffset on paths of
pathLength 1), so a browser plays it with no script, nothing fetched and no server rerun per
frame, even inside an <img>. Without motion (the animation sits in a
prefers-reduced-motion: no-preference query) the picture is the final frame.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from ui.crossed_canvas.composition import (
    MARK_OUTLINE,
    MARK_RIM,
    OUTLINES,
    DrawnStroke,
    drawn_strokes,
    mark_outline,
    mark_side,
)
from ui.strokes import STROKE_WIDTH_FRACTION

#: A replay's pace before it is squeezed into its time: a stroke takes this long per canvas
#: side of length (within the bounds below), then a short breath, a longer one between pulses.
SECONDS_PER_SIDE = 1.5
STROKE_SECONDS = (0.35, 1.5)
BREATH_SECONDS = 0.15
PULSE_BREATH_SECONDS = 0.7

REPLAY_CSS = (
    "@media (prefers-reduced-motion: no-preference){"
    ".cc-s{stroke-dasharray:1 1;animation-name:cc-draw,cc-show;"
    "animation-timing-function:linear,step-start;animation-fill-mode:both}"
    ".cc-m{animation-name:cc-show;animation-duration:.01s;animation-fill-mode:both}"
    "@keyframes cc-draw{from{stroke-dashoffset:1}to{stroke-dashoffset:0}}"
    "@keyframes cc-show{from{opacity:0}to{opacity:1}}}"
)


def xml_text(text: object) -> str:
    """Text safe inside an SVG element or attribute: a name like <b>&x</b> stays literal."""
    return escape(str(text), quote=True)


def _length(points: Sequence[tuple[float, float]]) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))


def replay_timings(strokes: Sequence[DrawnStroke], seconds: float) -> list[tuple[float, float]]:
    """(start, duration) of each stroke, in order, the whole replay within ``seconds``."""
    timings = []
    clock = 0.0
    for index, stroke in enumerate(strokes):
        if index and stroke.pulse != strokes[index - 1].pulse:
            clock += PULSE_BREATH_SECONDS
        duration = min(max(SECONDS_PER_SIDE * _length(stroke.points), STROKE_SECONDS[0]),
                       STROKE_SECONDS[1])  # fmt: skip
        timings.append((clock, duration))
        clock += duration + BREATH_SECONDS
    squeeze = min(1.0, seconds / clock) if clock else 1.0
    return [(start * squeeze, duration * squeeze) for start, duration in timings]


def mark_svg(
    shape: str, colour: str, size: float, centre: tuple[float, float], extra: str = ""
) -> str:
    """A signature's shape mark as drawn on a composition of ``size`` px (as the PNG has it:
    a white rim, a dark outline, then its colour); also a legend's mark beside a name."""
    side = mark_side(size)
    outline, radius = mark_outline(side), side / 2
    polygon = OUTLINES.get(shape)
    x, y = centre
    if polygon is None:
        shape = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}"'
    else:
        points = " ".join(f"{x + px * radius:.1f},{y + py * radius:.1f}" for px, py in polygon)
        shape = f'<polygon points="{points}"'
    return (
        f'<g class="cc-m" stroke-linejoin="round"{extra}>'
        f'{shape} fill="{MARK_RIM}" stroke="{MARK_RIM}" stroke-width="{4 * outline}"/>'
        f'{shape} fill="{MARK_OUTLINE}" stroke="{MARK_OUTLINE}" stroke-width="{2 * outline}"/>'
        f'{shape} fill="{xml_text(colour)}"/></g>'
    )


def composition_elements(
    fragments: Iterable[Mapping[str, Any]],
    signatures: Mapping[str, Mapping[str, Any]],
    size: int,
    *,
    replay_seconds: float | None = None,
) -> str:
    """The strokes, then every stroke's mark on top (nothing hides one), as SVG elements on a
    ``size`` px square; with ``replay_seconds``, each stroke and its mark appear in turn."""
    strokes = drawn_strokes(fragments, signatures)
    timings = replay_timings(strokes, replay_seconds) if replay_seconds else None
    paths, marks = [], []
    for index, stroke in enumerate(strokes):
        pts = [(x * size, y * size) for x, y in stroke.points]
        d = "M" + " L".join(f"{x:.1f} {y:.1f}" for x, y in pts)
        timing = ""
        if timings:
            start, duration = timings[index]
            timing = (
                f' style="animation-delay:{start:.2f}s,{start:.2f}s;'
                f'animation-duration:{duration:.2f}s,.01s"'
            )
            mark_timing = f' style="animation-delay:{start:.2f}s"'
        paths.append(f'<path class="cc-s" pathLength="1" stroke="{stroke.hex}" d="{d}"{timing}/>')
        marks.append(
            mark_svg(stroke.shape, stroke.hex, size, pts[0], mark_timing if timings else "")
        )
    width = size * STROKE_WIDTH_FRACTION
    return (
        f'<g fill="none" stroke-linecap="round" stroke-linejoin="round" stroke-width="{width:.1f}">'
        f"{''.join(paths)}</g><g>{''.join(marks)}</g>"
    )


def composition_svg(
    fragments: Iterable[Mapping[str, Any]],
    signatures: Mapping[str, Mapping[str, Any]],
    size: int,
    *,
    replay_seconds: float | None = None,
    frame: str | None = None,
) -> str:
    """A standalone SVG document of the composition on white paper (a ``frame`` colour draws
    the canvas edge). It has no title: the <img> showing it carries the alt text."""
    border = (
        f'<rect x="1.5" y="1.5" width="{size - 3}" height="{size - 3}" fill="none" '
        f'stroke="{frame}" stroke-width="3"/>'
        if frame
        else ""
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'width="{size}" height="{size}">'
        + (f"<style>{REPLAY_CSS}</style>" if replay_seconds else "")
        + f'<rect width="{size}" height="{size}" fill="#ffffff"/>{border}'
        + composition_elements(fragments, signatures, size, replay_seconds=replay_seconds)
        + "</svg>"
    )
