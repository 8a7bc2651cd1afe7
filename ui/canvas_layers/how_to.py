"""Canvas Layers' lobby lines in pictures (ui/game_parts.py `HowTo`): the row of art cards with its
tokens, three cards layered into a painting, and the scoring cards' elements and ribbons.

Fixed compositions of the card file's pictures: never a game's row or a painter's cards.
"""

from __future__ import annotations

from engine.canvas_layers.pictures import HEIGHT, WIDTH, painting_svg
from ui.canvas_layers.cards_html import data_uri, layer_uri
from ui.text import Translator

#: The row (five art cards, left to right) and a painting: its background and three cards.
ROW = ("art-01", "art-04", "art-20", "art-12", "art-08")
BACKGROUND = "bg-04"
LAYERED = ("art-25", "art-54", "art-47")
#: The four elements' marks as the cards' icons draw them (ui/canvas_layers/cards_html.py
#: GLYPHS and their colours): a circle, a triangle, a grid and a half-disc.
ELEMENTS = {
    "hue": ("#c2185b", '<circle cx="0" cy="0" r="12"/>'),
    "shape": ("#1565c0", '<path d="M0 -13 L13 10 H-13 Z"/>'),
    "texture": ("#6d4c41", '<path d="M-11 -11 H11 V11 H-11 Z M-11 0 H11 M0 -11 V11" '
                           'fill="none" stroke-width="4"/>'),
    "tone": ("#424242", '<path d="M0 -12 A12 12 0 0 0 0 12 Z"/><circle cx="0" cy="0" r="12" '
                        'fill="none" stroke-width="2.5"/>'),
}  # fmt: skip
RIBBON = "#1c4fa1"
TOKEN = "#f2c230"
FRAME = "#6b4f2a"
INK = "#3b2a14"
CHECKER = (
    '<defs><pattern id="checker" width="12" height="12" patternUnits="userSpaceOnUse">'
    '<rect width="12" height="12" fill="#e2e5e8"/><rect width="6" height="6" fill="#c9cdd2"/>'
    '<rect x="6" y="6" width="6" height="6" fill="#c9cdd2"/></pattern></defs>'
)


def how_to_pictures(t: Translator, language: str, width: int, height: int) -> list[tuple[str, str]]:
    """The three lines' pictures: five cards in a row with more tokens further right; a
    background and three cards, then the painting they make; four scoring cards, each an
    element and a ribbon."""
    return [
        (_svg(width, height, _row(width, height)), t("ui.howto.picture.canvas_layers.1")),
        (_svg(width, height, _layering(width, height)), t("ui.howto.picture.canvas_layers.2")),
        (_svg(width, height, _scoring(width, height)), t("ui.howto.picture.canvas_layers.3")),
    ]


def _svg(width: int, height: int, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}">{CHECKER}{body}</svg>'
    )


def _card(uri: str, x: float, y: float, card_width: float, frame: str = "#999999") -> str:
    """A card's picture (a layer over the checkerboard, or a painting) `card_width` wide."""
    card_height = card_width * HEIGHT / WIDTH
    box = f'x="{x:.1f}" y="{y:.1f}" width="{card_width:.1f}" height="{card_height:.1f}"'
    return (
        f'<rect {box} rx="4" fill="url(#checker)"/><image href="{uri}" {box}/>'
        f'<rect {box} rx="4" fill="none" stroke="{frame}" stroke-width="2"/>'
    )


def _row(width: int, height: int) -> str:
    """The row: under each card, one token more than under the one on its left."""
    card_width = (height - 14) * WIDTH / HEIGHT
    gap = (width - len(ROW) * card_width) / (len(ROW) - 1)
    drawn = []
    for index, card in enumerate(ROW):
        x = index * (card_width + gap)
        drawn.append(_card(layer_uri(card), x, 0, card_width))
        drawn.extend(
            f'<circle cx="{x + 6 + 11 * token:.1f}" cy="{height - 6}" r="5" fill="{TOKEN}" '
            f'stroke="{INK}" stroke-width="1"/>'
            for token in range(index)
        )
    return "".join(drawn)


def _layering(width: int, height: int) -> str:
    """A background, a plus, three cards fanned, an arrow, and the painting they make."""
    small = height * 2 / 3 * WIDTH / HEIGHT
    top = height / 6
    background = _card(data_uri(painting_svg(BACKGROUND, ())), 0, top, small)
    cards = "".join(
        _card(layer_uri(card), small + 34 + 16 * index, top - 8 + 8 * index, small)
        for index, card in enumerate(LAYERED)
    )
    painting_width = height * WIDTH / HEIGHT
    painting = _card(
        data_uri(painting_svg(BACKGROUND, LAYERED)), width - painting_width, 0, painting_width,
        frame=FRAME,
    )  # fmt: skip
    start, end = 2 * small + 34 + 32 + 10, width - painting_width - 8
    middle = height / 2
    signs = (
        f'<path d="M{small + 9:.1f} {middle} h18 M{small + 18:.1f} {middle - 9} v18 '
        f"M{start:.1f} {middle} H{end - 3:.1f} M{end - 14:.1f} {middle - 11} L{end:.1f} "
        f'{middle} L{end - 14:.1f} {middle + 11}" fill="none" stroke="{INK}" stroke-width="5" '
        f'stroke-linecap="round" stroke-linejoin="round"/>'
    )
    return background + cards + signs + painting


def _scoring(width: int, height: int) -> str:
    """Four scoring cards: each an element's mark and the ribbon it earns."""
    gap = 12
    card_width = (width - 3 * gap) / 4
    drawn = []
    for index, (colour, mark) in enumerate(ELEMENTS.values()):
        x = index * (card_width + gap)
        centre = x + card_width / 2
        drawn.append(
            f'<rect x="{x + 1.5:.1f}" y="1.5" width="{card_width - 3:.1f}" '
            f'height="{height - 3}" rx="8" fill="#ffffff" stroke="#555555" stroke-width="3"/>'
            f'<g transform="translate({centre:.1f} 30)" fill="{colour}" stroke="{colour}">'
            f"{mark}</g>"
            f'<g transform="translate({centre:.1f} 66)" fill="{RIBBON}">'
            '<path d="M-9 4 L-14 26 L-5 21 L0 28 L2 6 Z M9 4 L14 26 L5 21 L0 28 L-2 6 Z"/>'
            '<circle r="12" stroke="#ffffff" stroke-width="2"/></g>'
        )
    return "".join(drawn)
