"""Canvas Critters' parts of the pages: the phone, the projector, the teacher's controls,
the touch mosaic and its pictures, the ribbons worked out from a view; `PARTS`, what it draws
on the shared pages (ui/game_parts.py), the registry's line (ui/games.py)."""

from __future__ import annotations

from ui.critters import facilitator, how_to, parts, play, results, screen
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
