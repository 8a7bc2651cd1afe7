"""A Canvas Critters mosaic as a standalone SVG document, and as the <img> pages show it.

No Streamlit runtime needed: the projector, the facilitator page and the phones draw the same
picture from a view's mosaic dict. A page shows it as an <img> with a data URI, not inline:
st.html keeps only HTML tags (its sanitizer drops <svg>), and inside an image nothing of the
picture can run or fetch anything. Titles and names are typed by players: they are escaped
before they meet the markup.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.critters.rules import PIECE_SIZE, PILE
from engine.paths import DATA
from ui.text import literal

PIECES_DIR = DATA / "critters" / "pieces"
#: The canvas's side in SVG units: positions (fractions of the side) become whole tenths.
CANVAS = 1000
#: The frame around the canvas, outside it: a piece touching the edge stays whole.
FRAME = 30
FRAME_COLOUR = "#8a5a2b"  # wood; 3:1 or more beside a white page and a black canvas alike
BACKGROUNDS = {"white": "#ffffff", "black": "#161514"}
#: The Twemoji pictures' own square (viewBox 0 0 36 36).
PIECE_VIEWBOX = "0 0 36 36"


@cache
def piece_body(kind: str) -> str:
    """The drawing inside a piece's Twemoji SVG, read from disk once per process."""
    if kind not in PILE:  # a kind is also a file name: only the pile's own kinds
        raise ValueError(f"no piece picture for {kind!r}")
    text = (PIECES_DIR / f"{kind}.svg").read_text(encoding="utf-8")
    return text[text.index(">") + 1 : text.rindex("</svg>")]


def mosaic_label(mosaic: Mapping[str, Any]) -> str:
    """The picture's accessible name when a page gives none: the title (once shown) and the
    maker's name, in no language's words."""
    title = mosaic.get("title")
    return f"“{title}” — {mosaic['name']}" if title else str(mosaic["name"])


def _transform(piece: Mapping[str, Any]) -> str:
    """Centre, then mirrored, then turned, read right to left as SVG applies them: the piece
    is turned clockwise about its centre first, then mirrored left to right (rules.Placement)."""
    parts = [f"translate({piece['x'] * CANVAS:.1f} {piece['y'] * CANVAS:.1f})"]
    if piece["mirrored"]:
        parts.append("scale(-1 1)")
    if piece["rotation"]:
        parts.append(f"rotate({piece['rotation']:g})")
    return " ".join(parts)


def mosaic_svg(mosaic: Mapping[str, Any], px: int, label: str | None = None) -> str:
    """The mosaic `px` pixels square, frame included: its canvas side as background, each
    piece's picture at its centre with its turn and mirror, in list order (later on top).
    `label` (escaped here) names the picture; by default its title and maker."""
    side = PIECE_SIZE * CANVAS
    kinds = dict.fromkeys(piece["kind"] for piece in mosaic["pieces"])
    symbols = "".join(
        f'<symbol id="cc-piece-{kind}" viewBox="{PIECE_VIEWBOX}">{piece_body(kind)}</symbol>'
        for kind in kinds
    )
    pieces = "".join(
        f'<use href="#cc-piece-{piece["kind"]}" x="{-side / 2:g}" y="{-side / 2:g}" '
        f'width="{side:g}" height="{side:g}" transform="{_transform(piece)}"/>'
        for piece in mosaic["pieces"]
    )
    name = literal(mosaic_label(mosaic) if label is None else label)
    whole = CANVAS + 2 * FRAME
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-FRAME} {-FRAME} {whole} {whole}" '
        f'width="{px}" height="{px}" role="img" aria-label="{name}"><title>{name}</title>'
        f"<defs>{symbols}</defs>"
        f'<rect x="{-FRAME}" y="{-FRAME}" width="{whole}" height="{whole}" rx="{FRAME / 3:g}" '
        f'fill="{FRAME_COLOUR}"/>'
        f'<rect width="{CANVAS}" height="{CANVAS}" fill="{BACKGROUNDS[mosaic["side"]]}"/>'
        f"{pieces}</svg>"
    )


def svg_img(svg: str, px: int, alt: str, css_class: str) -> str:
    """An SVG document as an <img> `px` wide (its alt text escaped here)."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (
        f'<img class="{css_class}" alt="{literal(alt)}" width="{px}" height="{px}" '
        f'src="data:image/svg+xml;base64,{data}">'
    )


def mosaic_img(mosaic: Mapping[str, Any], px: int, label: str | None = None) -> str:
    """The mosaic as an <img> for st.html (see the module's docstring), `label` its alt text."""
    label = mosaic_label(mosaic) if label is None else label
    return svg_img(mosaic_svg(mosaic, px, label), px, label, "cc-mosaic")


def piece_img(kind: str, px: int, alt: str) -> str:
    """One piece's picture as an <img> (the pile's counts), `alt` its name."""
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{PIECE_VIEWBOX}" width="{px}" '
        f'height="{px}">{piece_body(kind)}</svg>'
    )
    return svg_img(svg, px, alt, "cc-piece")
