"""Crossed Canvas's lobby lines in pictures (ui/game_parts.py `HowTo`): strokes under signatures,
a close pair, and the four objects to choose from.

Fixed compositions of the built-in deck's pictures and the signatures' colours and marks:
never the pair or the options a game drew, so a lobby shows nothing of a game's secrets.
"""

from __future__ import annotations

import base64
from functools import cache
from pathlib import Path

from engine.crossed_canvas.decks import load_deck
from engine.crossed_canvas.rules import COLOURS_BY_ID
from ui.crossed_canvas.composition import FRAME_COLOUR
from ui.crossed_canvas.composition_svg import composition_elements
from ui.text import Translator

#: A close pair of the built-in deck (true object first), and two more of its category: the
#: four objects one student chooses from.
PAIR = ("tiger", "leopard")
OPTIONS = ("lion", "tiger", "cat", "leopard")
CHOSEN = "tiger"
#: Three signatures drawing a little landscape, each stroke in points across the picture's
#: width (y as a share of that width too).
STROKES = {
    ("green", "triangle"): [[(0.04, 0.24), (0.2, 0.1), (0.34, 0.2), (0.5, 0.06), (0.66, 0.24)]],
    ("blue", "circle"): [[(0.06, 0.27), (0.3, 0.25), (0.55, 0.27), (0.96, 0.25)]],
    ("gold", "star"): [
        [(0.84, 0.05), (0.9, 0.08), (0.9, 0.15), (0.84, 0.18), (0.78, 0.15), (0.78, 0.08),
         (0.84, 0.05)],
    ],
}  # fmt: skip
TILE_COLOUR = "#f1efe9"
CHOSEN_COLOUR = "#2a7539"


def how_to_pictures(t: Translator, language: str, width: int, height: int) -> list[tuple[str, str]]:
    """The three lines' pictures: a few strokes, each in its signature's colour and mark; a
    close pair side by side; four objects, the true one framed."""
    names = {obj: load_deck().objects[obj].names[language] for obj in OPTIONS}
    return [
        (_svg(width, height, _strokes(width, height)), t("ui.howto.picture.crossed_canvas.1")),
        (
            _svg(width, height, _tiles(PAIR, width, height, gap=width / 6)),
            t("ui.howto.picture.crossed_canvas.2", first=names[PAIR[0]], second=names[PAIR[1]]),
        ),
        (
            _svg(width, height, _tiles(OPTIONS, width, height, gap=width / 30, chosen=CHOSEN)),
            t("ui.howto.picture.crossed_canvas.3", chosen=names[CHOSEN]),
        ),
    ]


def _svg(width: int, height: int, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}">{body}</svg>'
    )


def _strokes(width: int, height: int) -> str:
    """The strokes on white paper with the canvas's frame, drawn as a composition is."""
    signatures = {
        f"s{index}": {"colour": COLOURS_BY_ID[colour].hex, "shape": shape}
        for index, (colour, shape) in enumerate(STROKES)
    }
    fragments = [
        {"signature": f"s{index}", "strokes": strokes}
        for index, strokes in enumerate(STROKES.values())
    ]
    return (
        f'<rect x="1.5" y="1.5" width="{width - 3}" height="{height - 3}" fill="#ffffff" '
        f'stroke="{FRAME_COLOUR}" stroke-width="3"/>'
        + composition_elements(fragments, signatures, width)
    )


def _tiles(
    objects: tuple[str, ...], width: int, height: int, gap: float, chosen: str | None = None
) -> str:
    """`objects`' pictures on tiles in a row, centred, `gap` apart; the chosen one framed."""
    side = min(height, (width - gap * (len(objects) - 1)) / len(objects))
    left = (width - side * len(objects) - gap * (len(objects) - 1)) / 2
    tiles = []
    for index, obj in enumerate(objects):
        x, y = left + index * (side + gap), (height - side) / 2
        ring = f' stroke="{CHOSEN_COLOUR}" stroke-width="5"' if obj == chosen else ""
        inset = side * 0.14
        tiles.append(
            f'<rect x="{x + 2.5:.1f}" y="{y + 2.5:.1f}" width="{side - 5:.1f}" '
            f'height="{side - 5:.1f}" rx="{side / 8:.1f}" fill="{TILE_COLOUR}"{ring}/>'
            f'<image href="{_picture(obj)}" x="{x + inset:.1f}" y="{y + inset:.1f}" '
            f'width="{side - 2 * inset:.1f}" height="{side - 2 * inset:.1f}"/>'
        )
    return "".join(tiles)


@cache
def _picture(obj: str) -> str:
    """A built-in deck object's picture as a data URI (an image fetches nothing)."""
    path = load_deck().objects[obj].image
    assert isinstance(path, Path)  # the built-in deck's pictures are files in data/
    return "data:image/svg+xml;base64," + base64.b64encode(path.read_bytes()).decode("ascii")
