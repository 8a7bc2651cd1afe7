"""A drawn stroke as every drawing the engine keeps checks it (a Crossed Canvas fragment or
draft, a student's drawn face): 2..2000 finite points in [0, 1] of a square canvas, rounded
to 1/10000 of it, so phones and laptops share one drawing."""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.errors import RuleError

MAX_POINTS_PER_STROKE = 2000

Point = tuple[float, float]
# Strokes as a page sends them (each a list of [x, y] points), before they are checked.
SentStrokes = Sequence[Sequence[Sequence[float]]]


def checked_stroke(stroke: object) -> list[Point]:
    """One stroke as sent, checked: refused whole (a translated error) if malformed."""
    if not isinstance(stroke, list | tuple):
        raise RuleError("error.strokes_malformed")
    if len(stroke) > MAX_POINTS_PER_STROKE:
        raise RuleError("error.stroke_too_long", most=MAX_POINTS_PER_STROKE)
    if len(stroke) < 2:
        raise RuleError("error.stroke_too_short")
    return [_checked_point(point) for point in stroke]


def _checked_point(point: object) -> Point:
    if not isinstance(point, list | tuple) or len(point) != 2:
        raise RuleError("error.strokes_malformed")
    coordinates = []
    for value in point:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise RuleError("error.strokes_malformed")
        # Only a float can be infinite or NaN; an int is compared as it is, since float() of
        # a huge one (10**400) raises OverflowError.
        if isinstance(value, float) and not math.isfinite(value):
            raise RuleError("error.point_not_finite")
        if not 0.0 <= value <= 1.0:
            raise RuleError("error.point_outside")
        coordinates.append(round(float(value), 4))
    return coordinates[0], coordinates[1]
