"""Crossed Canvas's robot player (engine/declaration.py's `Bot`): an artist draws any count
of strokes the pulse allows, the Curator chooses any option, everyone accuses any signature
but their own."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.crossed_canvas.rules import ACCUSE, CHOOSE, DRAW
from engine.declaration import Bot, Play

#: Points in a robot's stroke: a hand's scribble, not a dot (what the benchmarks send).
STROKE_POINTS = 30


def stroke(index: int) -> list[list[float]]:
    """The `index`-th stroke of a drawing: a zigzag across the canvas, at a precision the
    engine stores unchanged (the soak's audit compares what it sent with what was kept)."""
    return [
        [round(0.1 + i / 50, 3), round(0.2 + 0.1 * index + (i % 7) / 20, 3)]
        for i in range(STROKE_POINTS)
    ]


def _draw(listed: Mapping[str, int], view: Mapping[str, Any], rng: random.Random) -> list[Play]:
    """A drawing of each stroke count the pulse allows, from the fewest to the most."""
    return [
        Play(DRAW, "submit_fragment", {"strokes": [stroke(index) for index in range(count)]})
        for count in range(listed["fewest"], listed["most"] + 1)
    ]


def _choose(listed: object, view: Mapping[str, Any], rng: random.Random) -> list[Play]:
    return [Play(CHOOSE, "choose", {"option_id": option["id"]}) for option in view["options"]]


def _accuse(listed: object, view: Mapping[str, Any], rng: random.Random) -> list[Play]:
    others = [sig for sig in view["signatures"] if sig != view["signature"]]
    return [Play(ACCUSE, "accuse", {"signature": sig}) for sig in others]


BOT = Bot({DRAW: _draw, CHOOSE: _choose, ACCUSE: _accuse})
