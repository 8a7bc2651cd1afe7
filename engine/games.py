"""Every game the engine runs, by the kind a game row stores (Game.kind)."""

from __future__ import annotations

from engine.critters.declarations import CANVAS_CRITTERS, CRITTERS_DUEL
from engine.crossed_canvas import CROSSED_CANVAS
from engine.declaration import GameDeclaration
from engine.errors import RuleError
from engine.models import Game

DECLARATIONS: dict[str, GameDeclaration] = {
    game.name: game for game in (CROSSED_CANVAS, CANVAS_CRITTERS, CRITTERS_DUEL)
}
#: What a teacher picks when creating a game (a duel is Canvas Critters with two).
OFFERED = (CROSSED_CANVAS.name, CANVAS_CRITTERS.name)
#: Every phase in which some game's clock may run (the keeper looks at these games).
RUNNING_PHASES = sorted({phase for game in DECLARATIONS.values() for phase in game.table.rules})


def declaration_of(game: Game) -> GameDeclaration:
    return DECLARATIONS[game.kind]


def offered(kind: object) -> GameDeclaration:
    """The game a teacher asked for, refused clearly when it is not one."""
    if not isinstance(kind, str) or kind not in OFFERED:
        raise RuleError("error.unknown_game")
    return DECLARATIONS[kind]
