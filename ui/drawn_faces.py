"""Faces students drew (issue 42) as pictures: the strokes the engine keeps, drawn here as
SVG in the faces' one ink on a plain disc, the size and shape of an animal's face, so a drawn
face is a badge beside a name like any other (ui/faces.py) and carries no signature colour.
The app serves it at its address (ui/face_files.py); the gallery ZIPs keep each one shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine import avatars
from ui.archive import player_part, unique_stem
from ui.faces import FUR, INK

#: The canvas's square, drawn inside the disc: the square a circle of radius 48 holds.
INSET, SIDE = 16.0, 68.0
#: A stroke as thick as an animal's outline, so a drawn face reads at the size of a name.
STROKE_WIDTH = 5

Strokes = Sequence[Sequence[Sequence[float]]]


def drawn_svg(strokes: Strokes) -> str:
    """The SVG document of a drawn face: its strokes (normalised to [0, 1] of the canvas)
    as lines in ink inside a light disc."""
    lines = "".join(
        '<polyline points="'
        + " ".join(f"{INSET + SIDE * x:.2f},{INSET + SIDE * y:.2f}" for x, y in stroke)
        + '"/>'
        for stroke in strokes
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<circle cx="50" cy="50" r="48" fill="{FUR}" stroke="{INK}" stroke-width="3"/>'
        f'<g fill="none" stroke="{INK}" stroke-width="{STROKE_WIDTH}" '
        f'stroke-linecap="round" stroke-linejoin="round">{lines}</g></svg>'
    )


def drawn_face_files(
    view: Mapping[str, Any], drawn: Callable[[str], Strokes | None] | None = None
) -> list[tuple[str, bytes]]:
    """Each drawn face the view shows (none the teacher hid: the view shows the animal
    instead) as `faces/<name>.svg`, for a game's gallery ZIP (and its folder in a class's);
    `drawn` reads a face's strokes (`Engine.drawn_avatar`, this process's engine's unless
    given)."""
    if drawn is None:
        from ui.runtime import get_engine  # the pages' engine: a ZIP is made on a page

        drawn = get_engine().drawn_avatar
    files, seen = [], set[str]()
    robots = view.get("robots", [])
    for name, face in view["avatars"].items():
        strokes = drawn(face) if avatars.is_drawn(face) else None
        if strokes is not None:
            stem = unique_stem(player_part(name, robots, "face"), seen)
            files.append((f"faces/{stem}.svg", drawn_svg(strokes).encode()))
    return files
