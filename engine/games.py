"""Every game the engine runs, by the kind a game row stores (Game.kind): the one place that
imports every game. Everything else reads a game's declaration (engine/declaration.py)."""

from __future__ import annotations

from engine.canvas_layers.game import CANVAS_LAYERS
from engine.critters.game import CANVAS_CRITTERS, CRITTERS_DUEL
from engine.crossed_canvas.game import CROSSED_CANVAS
from engine.declaration import GameDeclaration

DECLARATIONS: dict[str, GameDeclaration] = {
    game.name: game for game in (CROSSED_CANVAS, CANVAS_CRITTERS, CRITTERS_DUEL, CANVAS_LAYERS)
}
#: What a teacher picks when creating a game, in the order the home page offers them.
OFFERED = tuple(name for name, game in DECLARATIONS.items() if game.offered)
