"""Every game the engine runs, by the kind a game row stores (Game.kind): the one place that
imports every game. Everything else reads a game's declaration (engine/declaration.py)."""

from __future__ import annotations

from engine.canvas_layers.game import CANVAS_LAYERS
from engine.critters.declarations import CANVAS_CRITTERS, CRITTERS_DUEL
from engine.crossed_canvas.game import CROSSED_CANVAS
from engine.declaration import GameDeclaration

DECLARATIONS: dict[str, GameDeclaration] = {
    game.name: game for game in (CROSSED_CANVAS, CANVAS_CRITTERS, CRITTERS_DUEL)
}
#: What a teacher picks when creating a game, in the order the home page offers them.
OFFERED = tuple(name for name, game in DECLARATIONS.items() if game.offered)
#: Games whose engine is done but whose pages are not (ui/games.py has no parts for them, so
#: the home page must not offer them yet): out of DECLARATIONS, so the Engine runs none of
#: them; their tests run them through an Engine of their own. Imported here all the same, so
#: their tables are in the models' schema the migrations are checked against.
UNFINISHED: dict[str, GameDeclaration] = {CANVAS_LAYERS.name: CANVAS_LAYERS}
