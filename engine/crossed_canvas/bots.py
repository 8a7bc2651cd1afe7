"""Crossed Canvas's robot player (engine/declaration.py's `Bot`): an artist draws any count
of strokes the pulse allows (outlines traced from its own card's picture), the Curator
chooses any option, everyone accuses any signature but their own; in the roles phase it opens
its role card."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from engine.crossed_canvas import tracing
from engine.crossed_canvas.commands import SEE_ROLE
from engine.crossed_canvas.rules import ACCUSE, CHOOSE, DRAW, Phase
from engine.declaration import Bot, Play

#: Points in a robot's stroke: a hand's scribble, not a dot (what the benchmarks send).
STROKE_POINTS = 30
#: A traced stroke is one of the picture's this many longest outlines.
TRACED_AMONG = 6


def stroke(index: int) -> list[list[float]]:
    """The `index`-th stroke of a drawing: a zigzag across the canvas, at a precision the
    engine stores unchanged (the soak's audit compares what it sent with what was kept)."""
    return [
        [round(0.1 + i / 50, 3), round(0.2 + 0.1 * index + (i % 7) / 20, 3)]
        for i in range(STROKE_POINTS)
    ]


def _draw(listed: Mapping[str, int], view: Mapping[str, Any], rng: random.Random) -> list[Play]:
    """A drawing of each stroke count the pulse allows, from the fewest to the most: outlines
    of the artist's own picture (its card's, tracing.py) when it has any, else zigzags."""
    return [
        Play(DRAW, DRAW, {"strokes": _strokes(count, view, rng)})
        for count in range(listed["fewest"], listed["most"] + 1)
    ]


def _strokes(count: int, view: Mapping[str, Any], rng: random.Random) -> list[list[list[float]]]:
    """`count` strokes: outlines picked among the picture's longest, each thinned to at most
    STROKE_POINTS points, or the zigzags."""
    target = view.get("target")
    traced = tracing.outlines(target["image"]) if target and target.get("image") else ()
    if len(traced) < count:
        return [stroke(index) for index in range(count)]
    picked = rng.sample(traced[: max(count, TRACED_AMONG)], count)
    return [_thinned(line) for line in picked]


def _thinned(line: tuple[tuple[float, float], ...]) -> list[list[float]]:
    step = max(1, math.ceil(len(line) / STROKE_POINTS))
    kept = list(line[::step])
    if kept[-1] != line[-1]:
        kept[-1] = line[-1]
    return [[x, y] for x, y in kept]


def _choose(listed: object, view: Mapping[str, Any], rng: random.Random) -> list[Play]:
    return [Play(CHOOSE, CHOOSE, {"option_id": option["id"]}) for option in view["options"]]


def _accuse(listed: object, view: Mapping[str, Any], rng: random.Random) -> list[Play]:
    others = [sig for sig in view["signatures"] if sig != view["signature"]]
    return [Play(ACCUSE, ACCUSE, {"signature": sig}) for sig in others]


def _look(view: Mapping[str, Any]) -> str | None:
    """In the roles phase, a phone opens its role card once (the teacher's readiness counts
    it): a robot does too."""
    if view["phase"] != Phase.ROLES or view["role_seen"]:
        return None
    return SEE_ROLE


BOT = Bot({DRAW: _draw, CHOOSE: _choose, ACCUSE: _accuse}, look=_look)
