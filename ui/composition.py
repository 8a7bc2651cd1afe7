"""Pure rendering of a composition (fragments of strokes) into a PIL image.

No Streamlit import: used as the canvas background in pulse 2 and drawn large on the
projector page. Cache the result on the page side (e.g. keyed by the fragments), since
rendering happens in Python on every call.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from PIL import Image, ImageColor, ImageDraw

from ui.strokes import STROKE_WIDTH_FRACTION, clean_stroke

#: Used when a fragment names a signature that is missing or has no readable colour.
FALLBACK_COLOUR = "#333333"
#: Strokes are drawn this many times larger, then scaled down: smooth antialiased edges.
SUPERSAMPLE = 3


def _colour(signatures: Mapping[str, Any], sig_id: Any) -> tuple[int, int, int, int]:
    signature = signatures.get(sig_id) if isinstance(signatures, Mapping) else None
    raw = signature.get("colour") if isinstance(signature, Mapping) else None
    try:
        rgb = ImageColor.getrgb(str(raw)) if raw else ImageColor.getrgb(FALLBACK_COLOUR)
    except ValueError:
        rgb = ImageColor.getrgb(FALLBACK_COLOUR)
    r, g, b = rgb[:3]
    return (r, g, b, 255)


def _background(background: Any) -> tuple[int, int, int, int]:
    if background is None:
        return (255, 255, 255, 0)
    rgb = ImageColor.getrgb(background) if isinstance(background, str) else tuple(background)
    if len(rgb) == 3:
        return (*rgb, 255)
    return tuple(rgb)  # type: ignore[return-value]


def render_composition(
    fragments: Iterable[Mapping[str, Any]],
    signatures: Mapping[str, Mapping[str, Any]],
    size: int,
    *,
    background: str | tuple[int, ...] | None = "white",
    stroke_width: float | None = None,
) -> Image.Image:
    """Draw every fragment's strokes, in order, on a ``size`` x ``size`` RGBA image.

    fragments: ``[{"signature": sig_id, "pulse": 1|2, "strokes": [[[x, y], ...], ...]}]``
    with points normalised to [0, 1]; signatures: ``{sig_id: {"colour": "#17a2a2", ...}}``.
    Each stroke is a round-capped, round-joined polyline in its signature's colour, of width
    ``size * STROKE_WIDTH_FRACTION`` (the artist's canvas brush, to scale) unless
    ``stroke_width`` (pixels) is given. ``background``: a colour, or None for transparent.
    Malformed points are skipped, points are clamped to the image.
    """
    if size < 1:
        raise ValueError("size must be a positive number of pixels")
    scale = SUPERSAMPLE
    big = size * scale
    bg = _background(background)
    # Transparent strokes layer drawn large, scaled down once, then composited on the
    # background: edges come out antialiased whatever the background.
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    width_px = size * STROKE_WIDTH_FRACTION if stroke_width is None else float(stroke_width)
    width_big = max(1, round(max(width_px, 1.0) * scale))
    radius = width_big / 2

    for fragment in fragments or ():
        if not isinstance(fragment, Mapping):
            continue
        colour = _colour(signatures or {}, fragment.get("signature"))
        for raw_stroke in fragment.get("strokes") or ():
            stroke = clean_stroke(raw_stroke or (), max_points=10**9)
            if stroke is None:
                continue
            pts = [(x * (big - 1), y * (big - 1)) for x, y in stroke]
            if len(pts) >= 2 and any(p != pts[0] for p in pts):
                draw.line(pts, fill=colour, width=width_big, joint="curve")
            # Round caps; joint="curve" already rounds the joins. A dot is just a cap.
            for x, y in (pts[0], pts[-1]):
                draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)

    layer = layer.resize((size, size), Image.Resampling.BOX)
    image = Image.new("RGBA", (size, size), bg)
    image.alpha_composite(layer)
    return image
