"""Quick Pick's command that is no move: how many rounds, set by the teacher in the lobby."""

from __future__ import annotations

from engine.declaration import Command, require_lobby
from engine.errors import RuleError
from engine.table import Table
from tests.fourth_game.engine.quick_pick import rules

SET_ROUNDS = "set_rounds"


def set_rounds(table: Table, player: None, now: float, *, rounds: object) -> None:
    """In the lobby: play 1 to MOST_ROUNDS rounds."""
    game = table.game
    if game.kind != rules.KIND:
        raise RuleError("error.unknown_move", move=SET_ROUNDS)
    require_lobby(game)
    if not isinstance(rounds, int) or isinstance(rounds, bool):
        raise RuleError("error.unknown_round")
    if not 1 <= rounds <= rules.MOST_ROUNDS:
        raise RuleError("error.unknown_round")
    if game.rounds != rounds:
        game.rounds = rounds
        game.version += 1


COMMANDS = {SET_ROUNDS: Command(set_rounds, "facilitator")}
