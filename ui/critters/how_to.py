"""Canvas Critters' lobby lines in pictures (ui/game_parts.py `HowTo`): a theme, pieces becoming a
mosaic, and ribbons under mosaics.

Fixed compositions of the game's themes and pieces: never a theme or a mosaic of a game, so a
lobby shows nothing of a game's secrets (in the duel a theme is one).
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from html import escape

from engine.critters.themes import load_themes
from ui.critters.mosaic_svg import PIECE_VIEWBOX, mosaic_svg, piece_body
from ui.text import Translator

#: The theme shown (an id of data/critters/themes.json), and the pieces its mosaic takes.
THEME = "under-the-sea"
LOOSE = ("crab", "octopus", "turtle")
#: Mosaics as the engine stores them: (kind, x, y, rotation, mirrored), x and y the piece's
#: centre as shares of the canvas.
SEA = (
    ("whale", 0.25, 0.2, 0, False), ("whale", 0.75, 0.22, 0, True), ("shark", 0.5, 0.38, 0, False),
    ("octopus", 0.2, 0.5, 0, False), ("octopus", 0.8, 0.5, 0, False), ("shark", 0.5, 0.62, 0, True),
    ("turtle", 0.3, 0.78, 0, False), ("turtle", 0.7, 0.78, 0, True), ("crab", 0.15, 0.9, 0, False),
    ("crab", 0.5, 0.9, 0, False), ("crab", 0.85, 0.9, 0, True),
)  # fmt: skip
#: Three mosaics of seven pieces (the fewest a mosaic takes), each a ring around one piece.
RING = ((0.5, 0.18), (0.2, 0.38), (0.8, 0.38), (0.25, 0.75), (0.75, 0.75), (0.5, 0.88))
RIBBONED = tuple(
    ((middle, 0.5, 0.5, 0, False), *((ring, x, y, 0, x > 0.5) for x, y in RING))
    for middle, ring in (("giraffe", "flamingo"), ("penguin", "fox"), ("elephant", "snake"))
)
#: The ribbons' values and colours, as the projector shows them (ui/critters/screen.py).
RIBBONS = ((3, "#1c4fa1"), (2, "#b3202a"), (1, "#2b6b35"))
CARD_COLOUR = "#fff6e0"
INK = "#3b2a14"


def how_to_pictures(t: Translator, language: str, width: int, height: int) -> list[tuple[str, str]]:
    """The three lines' pictures: the theme on its card; loose pieces and the mosaic they
    make; three mosaics given ribbons of 3, 2 and 1."""
    (theme,) = [th for card in load_themes() for th in card.themes if th.id == THEME]
    said = theme.text(language)
    return [
        (_svg(width, height, _theme(said, width, height)),
         t("ui.howto.picture.canvas_critters.1", theme=said)),
        (_svg(width, height, _pieces_to_mosaic(width, height)),
         t("ui.howto.picture.canvas_critters.2")),
        (_svg(width, height, _ribbons(width, height)), t("ui.howto.picture.canvas_critters.3")),
    ]  # fmt: skip


def _svg(width: int, height: int, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}">{body}</svg>'
    )


def _theme(said: str, width: int, height: int) -> str:
    """The theme's card, two more cards of the pile behind it."""
    card_width, card_height, left, top = width - 40, height - 14, 10, 12
    card = f'width="{card_width}" height="{card_height}" rx="10" stroke="{INK}" stroke-width="2"'
    behind = "".join(
        f'<rect x="{left + shift}" y="{top - shift}" {card} fill="{CARD_COLOUR}"/>'
        for shift in (10, 5)
    )
    # As large as the card holds it (a letter of sans-serif is about 0.56 of its size wide).
    size = min(height * 0.36, (card_width - 30) / (0.56 * len(said)))
    text = (
        f'<text x="{left + card_width / 2}" y="{top + card_height / 2}" text-anchor="middle" '
        f'dominant-baseline="central" font-family="sans-serif" font-size="{size:.0f}" '
        f'font-weight="700" fill="{INK}">{escape(said)}</text>'
    )
    return behind + f'<rect x="{left}" y="{top}" {card} fill="#ffffff"/>' + text


def _pieces_to_mosaic(width: int, height: int) -> str:
    """Three loose pieces, an arrow, and a mosaic of the theme's pieces."""
    side = height * 0.6
    pieces = "".join(
        f'<svg x="{index * (side + 4):.1f}" y="{(height - side) / 2:.1f}" width="{side:.1f}" '
        f'height="{side:.1f}" viewBox="{PIECE_VIEWBOX}">{piece_body(kind)}</svg>'
        for index, kind in enumerate(LOOSE)
    )
    start, end = 3 * (side + 4) + 6, width - height - 10
    arrow = (
        f'<path d="M{start:.1f} {height / 2} H{end - 4:.1f} M{end - 16:.1f} {height / 2 - 12} '
        f'L{end - 2:.1f} {height / 2} L{end - 16:.1f} {height / 2 + 12}" fill="none" '
        f'stroke="{INK}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>'
    )
    return pieces + arrow + _mosaic(SEA, width - height, 0, height)


def _ribbons(width: int, height: int) -> str:
    """Three small mosaics, each with a ribbon on its corner."""
    side = height - 10
    gap = (width - 3 * side) / 3
    drawn = []
    for index, (pieces, (value, colour)) in enumerate(zip(RIBBONED, RIBBONS, strict=True)):
        x = gap / 4 + index * (side + gap)
        drawn.append(
            _mosaic(pieces, x, 0, side)
            + f'<circle cx="{x + side + 4:.1f}" cy="{height - 20}" r="19" fill="{colour}" '
            f'stroke="#ffffff" stroke-width="3"/>'
            f'<text x="{x + side + 4:.1f}" y="{height - 20}" text-anchor="middle" '
            f'dominant-baseline="central" font-family="sans-serif" font-size="24" '
            f'font-weight="700" fill="#ffffff">{value}</text>'
        )
    return "".join(drawn)


def _mosaic(pieces: Sequence[tuple[str, float, float, int, bool]], x: float, y: float,
            side: float) -> str:  # fmt: skip
    """A mosaic as the game draws it, `side` px square at (x, y)."""
    mosaic = {
        "side": "white",
        "pieces": [
            {"kind": kind, "x": px, "y": py, "rotation": turn, "mirrored": mirrored}
            for kind, px, py, turn, mirrored in pieces
        ],
    }
    svg = mosaic_svg(mosaic, round(side), label="")
    uri = "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<image href="{uri}" x="{x:.1f}" y="{y:.1f}" width="{side:.1f}" height="{side:.1f}"/>'
