"""Pure rendering of a composition (fragments of strokes) into a PIL image.

No Streamlit import: used as the canvas background in pulse 2 and drawn large on the
projector page. composition_svg.py, beside it, draws the same strokes and marks as SVG, from the
geometry here (`drawn_strokes`, `OUTLINES`, the width and mark fractions). Cache the result
on the page side (e.g. keyed by the fragments), since rendering happens in Python on every
call.

Every stroke starts with a small mark of its signature's shape, so colour is not the only
thing that tells whose stroke it is (R3: a signature is a colour, a shape and a name).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageColor, ImageDraw, ImageFilter

from ui.strokes import STROKE_WIDTH_FRACTION, clean_stroke

#: The canvas edge where a composition is shown framed. Lighter than every signature colour
#: (the grey one included): a frame is never read as ink.
FRAME_COLOUR = "#d0d0d0"
#: Used when a fragment names a signature that is missing or has no readable colour.
FALLBACK_COLOUR = "#333333"
#: Strokes are drawn this many times larger, then scaled down: smooth antialiased edges...
SUPERSAMPLE = 3
#: ...on a layer of at most this many pixels a side (at least the image's own size). Drawing
#: costs as the layer's area: a 1000 px projector image three times larger took 1.6 s of the
#: server's one core, which every page of every class waited for; at 1000 px it takes 0.14 s.
#: Pages show their pictures at half the size drawn or less, so the browser's own scaling
#: smooths what this one no longer does (docs/performance.md).
MAX_LAYER_PX = 1280
#: A shape mark's width as a fraction of the image side: twice a stroke's width, big enough to
#: read as a heart or a star, small enough not to hide a drawing.
MARK_FRACTION = 0.045
#: The mark's dark outline, and a light rim around it, keep it visible on paper and on ink.
MARK_OUTLINE = "#222222"
MARK_RIM = "#ffffff"
MARK_OUTLINE_FRACTION = 0.004


@dataclass(frozen=True)
class DrawnStroke:
    """One stroke as every renderer draws it: its signature's colour and shape, and its
    cleaned points normalised to [0, 1]."""

    colour: tuple[int, int, int, int]
    shape: str
    points: list[tuple[float, float]]
    pulse: Any = None

    @property
    def hex(self) -> str:
        return "#{:02x}{:02x}{:02x}".format(*self.colour[:3])


def drawn_strokes(
    fragments: Iterable[Mapping[str, Any]], signatures: Mapping[str, Mapping[str, Any]]
) -> list[DrawnStroke]:
    """Every stroke of the fragments, in their order, with what it is drawn in; malformed
    fragments and strokes are skipped, points clamped to the canvas."""
    strokes: list[DrawnStroke] = []
    for fragment in fragments or ():
        if not isinstance(fragment, Mapping):
            continue
        colour = _colour(signatures or {}, fragment.get("signature"))
        shape = _shape(signatures or {}, fragment.get("signature"))
        for raw_stroke in fragment.get("strokes") or ():
            stroke = clean_stroke(raw_stroke or (), max_points=10**9)
            if stroke is not None:
                strokes.append(DrawnStroke(colour, shape, stroke, fragment.get("pulse")))
    return strokes


def _colour(signatures: Mapping[str, Any], sig_id: Any) -> tuple[int, int, int, int]:
    signature = signatures.get(sig_id) if isinstance(signatures, Mapping) else None
    raw = signature.get("colour") if isinstance(signature, Mapping) else None
    try:
        rgb = ImageColor.getrgb(str(raw)) if raw else ImageColor.getrgb(FALLBACK_COLOUR)
    except ValueError:
        rgb = ImageColor.getrgb(FALLBACK_COLOUR)
    r, g, b = rgb[:3]
    return (r, g, b, 255)


def _shape(signatures: Mapping[str, Any], sig_id: Any) -> str:
    signature = signatures.get(sig_id) if isinstance(signatures, Mapping) else None
    shape = signature.get("shape") if isinstance(signature, Mapping) else None
    return shape if isinstance(shape, str) and shape in OUTLINES else "circle"


def _star(points: int, inner: float) -> list[tuple[float, float]]:
    return [
        (
            (1.0 if i % 2 == 0 else inner) * math.cos(math.pi * (i / points - 0.5)),
            (1.0 if i % 2 == 0 else inner) * math.sin(math.pi * (i / points - 0.5)),
        )
        for i in range(2 * points)
    ]


def _heart() -> list[tuple[float, float]]:
    """The classic parametric heart, scaled into the unit square."""
    steps = 48
    return [
        (
            16 * math.sin(t) ** 3 / 17,
            -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)) / 17
            - 0.1,
        )
        for t in (2 * math.pi * i / steps for i in range(steps))
    ]


def _cross(arm: float) -> list[tuple[float, float]]:
    a, b = arm, 0.9
    return [(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a),
            (a, b), (-a, b), (-a, a), (-b, a), (-b, -a), (-a, -a)]  # fmt: skip


#: Each shape (the ids of crossed_canvas.rules.SHAPES) as a polygon in [-1, 1]^2, None for a disc.
OUTLINES: dict[str, list[tuple[float, float]] | None] = {
    "circle": None,
    "square": [(-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)],
    "triangle": [(0.0, -1.0), (0.95, 0.75), (-0.95, 0.75)],
    "star": _star(5, 0.45),
    "heart": _heart(),
    "diamond": [(0.0, -1.0), (0.75, 0.0), (0.0, 1.0), (-0.75, 0.0)],
    "hexagon": [(math.cos(a), math.sin(a)) for a in (math.pi * (k / 3 - 0.5) for k in range(6))],
    "cross": _cross(0.32),
}


@lru_cache(maxsize=64)
def _mark_masks(
    shape: str, side: int, outline: int
) -> tuple[Image.Image, Image.Image, Image.Image]:
    """Masks of a ``side`` px mark: its fill, fill plus dark outline, and plus a light rim."""
    margin = 2 * outline
    full = side + 2 * margin
    fill = Image.new("L", (full, full), 0)
    draw = ImageDraw.Draw(fill)
    radius = side / 2
    polygon = OUTLINES[shape]
    if polygon is None:
        draw.ellipse((margin, margin, margin + side, margin + side), fill=255)
    else:
        draw.polygon([(full / 2 + x * radius, full / 2 + y * radius) for x, y in polygon], fill=255)
    grow = ImageFilter.MaxFilter(2 * outline + 1)
    outlined = fill.filter(grow)
    return fill, outlined, outlined.filter(grow)


def draw_mark(
    layer: Image.Image, shape: str, colour: tuple[int, ...], centre: tuple[float, float], side: int
) -> None:
    """A signature's shape mark of ``side`` px centred on ``centre``: fill, outline and rim."""
    outline = mark_outline(side)
    fill, outlined, rimmed = _mark_masks(shape, side, outline)
    corner = (round(centre[0] - fill.width / 2), round(centre[1] - fill.height / 2))
    for paint, mask in ((MARK_RIM, rimmed), (MARK_OUTLINE, outlined), (colour, fill)):
        layer.paste(Image.new("RGBA", mask.size, paint), corner, mask)


def mark_side(size: float) -> int:
    """A shape mark's width in pixels on an image of ``size`` pixels."""
    return max(3, round(size * MARK_FRACTION))


def mark_outline(side: float) -> int:
    """The width of a mark's dark outline (and of its light rim beyond it), in pixels."""
    return max(1, round(side * MARK_OUTLINE_FRACTION / MARK_FRACTION))


def _background(background: Any) -> tuple[int, int, int, int]:
    if background is None:
        return (255, 255, 255, 0)
    rgb = ImageColor.getrgb(background) if isinstance(background, str) else tuple(background)
    if len(rgb) == 3:
        return (*rgb, 255)
    return tuple(rgb)


def render_composition(
    fragments: Iterable[Mapping[str, Any]],
    signatures: Mapping[str, Mapping[str, Any]],
    size: int,
    *,
    background: str | tuple[int, ...] | None = "white",
    stroke_width: float | None = None,
) -> Image.Image:
    """Draw every fragment's strokes, in order, on a ``size`` x ``size`` RGBA image, then
    mark the start of every stroke with its signature's shape (on top: no stroke hides one).

    fragments: ``[{"signature": sig_id, "pulse": 1|2, "strokes": [[[x, y], ...], ...]}]``
    with points normalised to [0, 1]; signatures: ``{sig_id: {"colour": "#17a2a2", ...}}``.
    Each stroke is a round-capped, round-joined polyline in its signature's colour, of width
    ``size * STROKE_WIDTH_FRACTION`` (the artist's canvas brush, to scale) unless
    ``stroke_width`` (pixels) is given. ``background``: a colour, or None for transparent.
    Malformed points are skipped, points are clamped to the image.
    """
    if size < 1:
        raise ValueError("size must be a positive number of pixels")
    scale = max(1, min(SUPERSAMPLE, MAX_LAYER_PX // size))
    big = size * scale
    bg = _background(background)
    # Transparent strokes layer drawn large, scaled down once, then composited on the
    # background: edges come out antialiased whatever the background.
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    width_px = size * STROKE_WIDTH_FRACTION if stroke_width is None else float(stroke_width)
    width_big = max(1, round(max(width_px, 1.0) * scale))
    radius = width_big / 2
    strokes = drawn_strokes(fragments, signatures)
    for stroke in strokes:
        pts = [(x * (big - 1), y * (big - 1)) for x, y in stroke.points]
        if len(pts) >= 2 and any(p != pts[0] for p in pts):
            draw.line(pts, fill=stroke.colour, width=width_big, joint="curve")
        # Round caps; joint="curve" already rounds the joins. A dot is just a cap.
        for x, y in (pts[0], pts[-1]):
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=stroke.colour)

    side = mark_side(size * scale)
    for stroke in strokes:
        x, y = stroke.points[0]
        draw_mark(layer, stroke.shape, stroke.colour, (x * (big - 1), y * (big - 1)), side)
    layer = layer.resize((size, size), Image.Resampling.BOX)
    image = Image.new("RGBA", (size, size), bg)
    image.alpha_composite(layer)
    return image
