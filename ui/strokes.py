"""Pure conversions between fabric.js freedraw paths and normalised strokes.

No Streamlit import here: unit tests call these directly.

A stroke is a list of (x, y) points normalised to [0, 1] of a square canvas, so phones and
laptops share one composition. streamlit-drawable-canvas 0.13 (fabric.js 7.4) reports one
freedraw stroke as one object of type "Path" whose ``path`` is a list of commands
(``["M", x, y]``, ``["Q", cx, cy, x, y]``, ``["L", x, y]``, ...) in canvas pixels.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Point = tuple[float, float]
Stroke = list[Point]

#: The engine refuses strokes longer than this (R4); longer paths are evenly thinned.
MAX_POINTS_PER_STROKE = 2000
#: A stroke needs at least this many points (R4).
MIN_POINTS_PER_STROKE = 2
#: Stroke width as a fraction of the canvas side: 6 px on a 320 px phone canvas, 16 px on an
#: 800 px projector image. The canvas and the composition renderer share it, so a stroke looks
#: the same under the artist's finger and on the projector.
STROKE_WIDTH_FRACTION = 0.02


def stroke_width_px(size: int) -> int:
    """Brush width in pixels for a square canvas/image of ``size`` pixels."""
    return max(3, round(size * STROKE_WIDTH_FRACTION))


def _finite_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _clamp01(value: float) -> float:
    return 0.0 if value < 0.0 else 1.0 if value > 1.0 else value


def normalise_point(x: Any, y: Any, width: float, height: float) -> Point | None:
    """Pixel point -> normalised point clamped to [0, 1]; None if not finite."""
    fx, fy = _finite_number(x), _finite_number(y)
    if fx is None or fy is None or not width or not height:
        return None
    return (_clamp01(fx / width), _clamp01(fy / height))


def thin_points(points: Sequence[Point], max_points: int = MAX_POINTS_PER_STROKE) -> list[Point]:
    """Keep at most ``max_points`` points, evenly spaced, always keeping first and last."""
    points = list(points)
    if len(points) <= max_points:
        return points
    if max_points < 2:
        return points[:max_points]
    last = len(points) - 1
    indices = sorted({round(i * last / (max_points - 1)) for i in range(max_points)})
    return [points[i] for i in indices]


def clean_stroke(points: Iterable[Any], max_points: int = MAX_POINTS_PER_STROKE) -> Stroke | None:
    """Normalised-ish input -> a valid stroke, or None when fewer than 2 points survive.

    Drops non-finite or malformed points, clamps to [0, 1], removes consecutive duplicates
    (a tap that produced only duplicates keeps two copies of its point, so a dot still counts
    as a stroke of 2 points), and thins to ``max_points``.
    """
    cleaned: Stroke = []
    raw_count = 0
    for point in points:
        try:
            x, y = point
        except (TypeError, ValueError):
            continue
        fx, fy = _finite_number(x), _finite_number(y)
        if fx is None or fy is None:
            continue
        raw_count += 1
        p = (_clamp01(fx), _clamp01(fy))
        if cleaned and cleaned[-1] == p:
            continue
        cleaned.append(p)
    if len(cleaned) == 1 and raw_count >= MIN_POINTS_PER_STROKE:
        cleaned.append(cleaned[0])
    if len(cleaned) < MIN_POINTS_PER_STROKE:
        return None
    return thin_points(cleaned, max_points)


def path_commands_to_points(path: Iterable[Any]) -> list[tuple[float, float]]:
    """Fabric path commands -> pixel points (the end point of every drawing command).

    fabric's PencilBrush emits ``M p0``, then ``Q p_i mid(p_i, p_i+1)`` and a final ``L``:
    the end points trace the smoothed curve. Unknown or malformed commands are skipped;
    non-finite numbers are kept as NaN here and dropped by the caller.
    """
    points: list[tuple[float, float]] = []
    for command in path or ():
        if not isinstance(command, Sequence) or isinstance(command, str) or not command:
            continue
        op = str(command[0]).upper()
        args = list(command[1:])
        if op in ("M", "L", "T") and len(args) >= 2:
            xy = args[-2:]
        elif op == "Q" and len(args) >= 4:
            xy = args[2:4]
        elif op == "C" and len(args) >= 6:
            xy = args[4:6]
        elif op == "S" and len(args) >= 4:
            xy = args[2:4]
        else:
            continue
        fx, fy = _finite_number(xy[0]), _finite_number(xy[1])
        points.append((math.nan if fx is None else fx, math.nan if fy is None else fy))
    return points


def is_path_object(obj: Any) -> bool:
    return isinstance(obj, Mapping) and str(obj.get("type", "")).lower() == "path"


def fabric_objects_to_strokes(
    objects: Iterable[Any],
    width: float,
    height: float,
    *,
    max_points: int = MAX_POINTS_PER_STROKE,
) -> list[Stroke]:
    """Fabric objects (``json_data["objects"]``) -> normalised strokes, in drawing order.

    Only ``Path`` objects count; each becomes one stroke, normalised by the canvas size,
    clamped to [0, 1], non-finite points dropped, thinned to ``max_points``; paths with
    fewer than 2 usable points are left out.
    """
    strokes: list[Stroke] = []
    for obj in objects or ():
        if not is_path_object(obj):
            continue
        pixel_points = path_commands_to_points(obj.get("path") or ())
        normalised = [
            p
            for p in (normalise_point(x, y, width, height) for x, y in pixel_points)
            if p is not None
        ]
        stroke = clean_stroke(normalised, max_points)
        if stroke is not None:
            strokes.append(stroke)
    return strokes


def drawing_to_strokes(json_data: Any, width: float, height: float) -> list[Stroke]:
    """A canvas ``json_data`` dict (``{"version", "objects": [...]}``) -> normalised strokes."""
    if not isinstance(json_data, Mapping):
        return []
    return fabric_objects_to_strokes(json_data.get("objects") or (), width, height)


def stroke_to_path_object(
    stroke: Sequence[Point], size: int, *, colour: str, width: int | None = None
) -> dict[str, Any]:
    """One normalised stroke -> a fabric ``Path`` object for ``initial_drawing``.

    The path is an ``M`` then ``L`` polyline in canvas pixels; ``left``/``top`` are left out,
    so fabric places the object from its own path (no offset to get wrong). Converting back
    with :func:`fabric_objects_to_strokes` returns the same points.
    """
    brush = stroke_width_px(size) if width is None else width
    path: list[list[Any]] = []
    for i, (x, y) in enumerate(stroke):
        path.append(["M" if i == 0 else "L", float(x) * size, float(y) * size])
    return {
        "type": "Path",
        "path": path,
        "fill": None,
        "stroke": colour,
        "strokeWidth": brush,
        "strokeLineCap": "round",
        "strokeLineJoin": "round",
        "strokeMiterLimit": 10,
        "strokeUniform": False,
        "selectable": False,
        "evented": False,
    }


def strokes_to_drawing(
    strokes: Iterable[Sequence[Point]], size: int, *, colour: str, width: int | None = None
) -> dict[str, Any]:
    """Normalised strokes -> an ``initial_drawing`` dict for ``st_canvas``."""
    return {
        "version": "7.4.0",
        "objects": [
            stroke_to_path_object(stroke, size, colour=colour, width=width) for stroke in strokes
        ],
    }
