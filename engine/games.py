"""Every game the engine runs, by the kind a game row stores (Game.kind)."""

from __future__ import annotations

from engine.critters import game as critters
from engine.critters.declarations import CANVAS_CRITTERS, CRITTERS_DUEL
from engine.crossed_canvas.game import CROSSED_CANVAS
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
#: The rulebook's phase lengths of each game a teacher may create (its pace scales them).
PHASE_SECONDS = {
    CROSSED_CANVAS.name: CROSSED_CANVAS.table.default_seconds,
    CANVAS_CRITTERS.name: critters.default_seconds(),
}
#: The game a finished game's "play again" creates (a duel was created as Canvas Critters).
CREATED_AS = {CRITTERS_DUEL.name: CANVAS_CRITTERS.name}


def declaration_of(game: Game) -> GameDeclaration:
    return DECLARATIONS[game.kind]


def offered(kind: object) -> str:
    """The game a teacher asked for, refused clearly when it is not one."""
    if not isinstance(kind, str) or kind not in OFFERED:
        raise RuleError("error.unknown_game")
    return kind
