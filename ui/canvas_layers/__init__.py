"""Canvas Layers' parts of the pages: the phone with its painting composer, the projector,
the teacher's controls and the gallery, the cards drawn as HTML; `PARTS`, what it draws on the
shared pages (ui/game_parts.py), the registry's line (ui/games.py)."""

from __future__ import annotations

from ui.canvas_layers import facilitator, how_to, parts, play, results, screen
from ui.game_parts import GameParts

PARTS = GameParts(
    phone=play,
    screen=screen,
    facilitator=facilitator,
    parts=parts,
    results=results,
    how_to=how_to,
    lobby=facilitator.lobby_body,
)
