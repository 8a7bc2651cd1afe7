"""Quick Pick as the engine runs it: its hooks and its declaration."""

from __future__ import annotations

from engine.declaration import Answers, GameDeclaration
from engine.table import Table
from tests.fourth_game.engine.quick_pick import rules, views
from tests.fourth_game.engine.quick_pick.bots import BOT
from tests.fourth_game.engine.quick_pick.commands import COMMANDS
from tests.fourth_game.engine.quick_pick.models import forget
from tests.fourth_game.engine.quick_pick.moves import MOVES


def setup(table: Table) -> None:
    """The start: the rounds the teacher chose, else the rulebook's."""
    table.game.rounds = table.game.rounds or rules.ROUNDS


def answers(table: Table) -> Answers:
    """A pick waits for every player's colour (views.answered, from the rows it reads)."""
    return views.answered(views.read_snapshot(table))


QUICK_PICK = GameDeclaration(
    name=rules.KIND,
    titles={"en": "Quick Pick", "es": "Elige rápido"},
    table=rules.TABLE,
    setup=setup,
    answers=answers,
    read=views.read_snapshot,
    views={
        "public": views.public_view,
        "player": views.player_view,
        "facilitator": views.facilitator_view,
    },
    forget=forget,
    moves=MOVES,
    commands=COMMANDS,
    bot=BOT,
)
