"""Quick Pick's parts of the pages: the phone's colour buttons, the projector's tally, the
teacher's lobby choice of rounds, the results rows and the lobby lines' pictures; `PARTS`,
what it draws on the shared pages (ui/game_parts.py), its registry line (../../registry.py)."""

from __future__ import annotations

from tests.fourth_game.ui.quick_pick import facilitator, how_to, parts, play, results, screen
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
