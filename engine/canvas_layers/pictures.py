"""A painting as one picture: its background and its three art layers, bottom first, stacked in
one SVG, as the projector shows it and a gallery keeps it.

The layers are the project's own files (bench/content/layers_pictures.py draws them), each a
300 x 400 SVG whose ids start with its own name, so their drawings nest side by side without
clashing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from xml.sax.saxutils import escape

from engine.canvas_layers.cards import art_by_id, backgrounds_by_id, picture_path

WIDTH, HEIGHT = 300, 400
_OPENING = re.compile(r"<svg\b[^>]*>")
_TITLE = re.compile(r"<title>.*?</title>\s*", re.DOTALL)


@cache
def _drawing(picture: str) -> str:
    """What a picture file draws: everything inside its root element, its title left out."""
    text = picture_path(picture).read_text(encoding="utf-8")
    opening = _OPENING.search(text)
    end = text.rfind("</svg>")
    if opening is None or end < opening.end():
        raise ValueError(f"{picture} is not an SVG picture")
    return _TITLE.sub("", text[opening.end() : end]).strip()


def painting_svg(background: str, cards: Sequence[str], title: str | None = None) -> str:
    """One SVG of the background under the art cards `cards` (bottom first), titled `title`
    (shown as text, never as markup) when given."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}">'
    ]
    if title is not None:
        parts.append(f"<title>{escape(title)}</title>")
    parts.append(f"<g>{_drawing(backgrounds_by_id()[background].picture)}</g>")
    by_id = art_by_id()
    parts.extend(f"<g>{_drawing(by_id[card].picture)}</g>" for card in cards)
    parts.append("</svg>")
    return "\n".join(parts)
