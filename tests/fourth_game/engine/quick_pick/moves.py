"""Quick Pick's one move, a colour picked: kept with its request, so a retry answers the
first result."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from engine.declaration import Move
from engine.errors import RuleError
from engine.models import Player, id_of
from engine.table import Table
from tests.fourth_game.engine.quick_pick import rules
from tests.fourth_game.engine.quick_pick.models import QuickPick


def pick(table: Table, player: Player, now: float, *, request_id: str, colour: Any) -> str:
    """Pick `colour` for this round, once."""
    game = table.game
    if colour not in rules.COLOURS:
        raise RuleError("error.unknown_move", move=str(colour)[:40])
    taken = table.session.exec(
        select(QuickPick).where(
            col(QuickPick.game_id) == id_of(game),
            col(QuickPick.round) == game.round,
            col(QuickPick.player_id) == id_of(player),
        )
    ).first()
    if taken is not None:
        raise RuleError("error.wrong_phase", phase=game.phase)
    table.session.add(
        QuickPick(
            game_id=id_of(game),
            round=game.round,
            player_id=id_of(player),
            colour=colour,
            request_id=request_id,
        )
    )
    game.version += 1
    return str(colour)


def earlier(session: Session, player: Player, request_id: str) -> str | None:
    """What this request picked the first time, if it came before."""
    row = session.exec(
        select(QuickPick).where(
            col(QuickPick.player_id) == id_of(player), col(QuickPick.request_id) == request_id
        )
    ).first()
    return None if row is None else row.colour


MOVES = {rules.PICK_MOVE: Move(pick, earlier)}
