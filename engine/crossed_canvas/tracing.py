"""A picture's outlines as strokes, for a robot artist (bots.py) that draws what its own card
shows: the true object for a loyal artist, the decoy for the Distorter, so a teacher
rehearsing with robots can tell the decoy's strokes apart.

Only the built-in deck's SVG pictures are traced: each `<path>`'s points (the end of every
segment, curves and arcs included) in the picture's viewBox, scaled into the canvas. An
uploaded deck's raster picture gives no outline (the robot then scribbles, bots.py).
"""

from __future__ import annotations

import functools
import math
import re
from pathlib import Path

Point = tuple[float, float]

_PATH = re.compile(r"<path\b[^>]*?\sd=\"([^\"]+)\"", re.IGNORECASE)
_VIEWBOX = re.compile(r"viewBox=\"([^\"]+)\"", re.IGNORECASE)
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_COMMAND = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]")
#: How many numbers each command takes per segment.
_ARGS = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}
#: Inside the canvas's edge: a traced picture keeps this margin on every side.
MARGIN = 0.1


@functools.cache
def outlines(image: str) -> tuple[tuple[Point, ...], ...]:
    """The picture's outlines (a file the view names), longest first, each in [0, 1]; none
    for a picture that is not an SVG file or cannot be read."""
    path = Path(image)
    if path.suffix.lower() != ".svg":
        return ()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ()
    box = _VIEWBOX.search(text)
    x0, y0, width, height = (0.0, 0.0, 36.0, 36.0)
    if box is not None:
        numbers = [float(n) for n in _NUMBER.findall(box.group(1))]
        if len(numbers) == 4 and numbers[2] > 0 and numbers[3] > 0:
            x0, y0, width, height = numbers
    side = max(width, height)
    scale = (1 - 2 * MARGIN) / side

    def placed(point: Point) -> Point:
        x = MARGIN + (point[0] - x0) * scale
        y = MARGIN + (point[1] - y0) * scale
        return round(min(1.0, max(0.0, x)), 3), round(min(1.0, max(0.0, y)), 3)

    traced = [
        tuple(placed(point) for point in line)
        for d in _PATH.findall(text)
        for line in _polylines(d)
        if len(line) >= 2
    ]
    return tuple(sorted(traced, key=_length, reverse=True))


def _length(line: tuple[Point, ...]) -> float:
    return sum(math.dist(a, b) for a, b in zip(line, line[1:], strict=False))


def _tokens(d: str) -> list[str]:
    """A path's commands and numbers, in order; an arc's two flags read one character each
    (compact SVG writes them run together: "a1 1 0 01.5.5")."""
    tokens: list[str] = []
    at, command, count = 0, "", 0
    while at < len(d):
        char = d[at]
        if char.isspace() or char == ",":
            at += 1
            continue
        if _COMMAND.match(char):
            command, count = char.lower(), 0
            tokens.append(char)
            at += 1
            continue
        if command == "a" and count % 7 in (3, 4) and char in "01":
            tokens.append(char)
            at, count = at + 1, count + 1
            continue
        number = _NUMBER.match(d, at)
        if number is None:
            return tokens  # a path we cannot read further: what was read so far
        tokens.append(number.group())
        at, count = number.end(), count + 1
    return tokens


def _polylines(d: str) -> list[list[Point]]:
    """The end points of a path's segments, one list per subpath (absolute coordinates)."""
    lines: list[list[Point]] = []
    x = y = start_x = start_y = 0.0
    command = ""
    tokens = _tokens(d)
    at = 0
    while at < len(tokens):
        if _COMMAND.fullmatch(tokens[at]):
            command = tokens[at]
            at += 1
            if command in "Zz":
                x, y = start_x, start_y
                if lines and lines[-1]:
                    lines[-1].append((x, y))
                continue
        lower = command.lower()
        need = _ARGS.get(lower, 0)
        if need == 0 or at + need > len(tokens):
            break
        values = [float(token) for token in tokens[at : at + need]]
        at += need
        relative = command.islower()
        if lower == "h":
            x = values[0] + (x if relative else 0.0)
        elif lower == "v":
            y = values[0] + (y if relative else 0.0)
        else:
            x = values[-2] + (x if relative else 0.0)
            y = values[-1] + (y if relative else 0.0)
        if lower == "m":
            lines.append([(x, y)])
            start_x, start_y = x, y
            command = "l" if relative else "L"  # numbers after a move draw lines
        elif lines:
            lines[-1].append((x, y))
    return lines
