"""Crossed Canvas's parts of the pages: the drawing canvas and its strokes, the composition
as PNG and SVG, the projector's parts, the gallery's files and the deck upload; `PARTS`, what
it draws on the shared pages (ui/game_parts.py), the registry's line (ui/games.py)."""

from __future__ import annotations

from ui.crossed_canvas import deck_upload, facilitator, how_to, parts, play, results, screen
from ui.game_parts import GameParts

PARTS = GameParts(
    phone=play,
    screen=screen,
    facilitator=facilitator,
    parts=parts,
    results=results,
    how_to=how_to,
    decks=deck_upload,
)
