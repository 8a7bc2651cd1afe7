"""Crossed Canvas's moves (its declaration's `moves`, by the names its phase table lists):
an artist's fragment, the Curator's choice and a vote. Each stores one row of the round,
carrying its request id, so a retry answers the first row's result (R12); the door's one gate
lets a move through first (engine/door.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlmodel import Session, select

from engine import storage
from engine.crossed_canvas import rules
from engine.crossed_canvas.drawing import drawing_signature, own_draft, stored
from engine.crossed_canvas.models import Choice, Fragment, Round, Vote, current_round
from engine.declaration import Move
from engine.errors import RuleError
from engine.models import Player, id_of
from engine.table import Table

RoundRow = Fragment | Choice | Vote


def fragment(
    table: Table, player: Player, rnd: Round, request_id: str, *, strokes: object
) -> Fragment:
    """An artist's fragment for the current pulse (R4, R5), replacing their draft."""
    session = table.session
    pulse = rules.drawing_pulse(table.game.phase)
    signature = drawing_signature(session, player, rnd, pulse)
    checked = rules.validate_strokes(strokes, pulse)
    draft = own_draft(session, id_of(rnd), id_of(player), pulse)
    if draft is not None:
        session.delete(draft)
    return Fragment(
        round_id=id_of(rnd),
        player_id=id_of(player),
        pulse=pulse,
        signature=signature,
        strokes=stored(checked),
        request_id=request_id,
    )


def choice(
    table: Table, player: Player, rnd: Round, request_id: str, *, option_id: object
) -> Choice:
    """The Curator's one choice among the four options (R6)."""
    if player.id != rnd.curator_id:
        raise RuleError("error.not_curator")
    if option_id not in rnd.options:
        raise RuleError("error.unknown_option")
    if table.session.exec(select(Choice.id).where(Choice.round_id == rnd.id)).first():
        raise RuleError("error.already_chosen")
    return Choice(
        round_id=id_of(rnd), player_id=id_of(player), option_id=option_id, request_id=request_id
    )


def vote(table: Table, player: Player, rnd: Round, request_id: str, *, signature: object) -> Vote:
    """A player's one secret vote for another artist's signature (R7)."""
    if not isinstance(signature, str) or signature not in rnd.signatures:
        raise RuleError("error.unknown_signature")
    if rnd.signatures[signature]["player"] == player.id:
        raise RuleError("error.own_signature")
    mine = (Vote.round_id == rnd.id, Vote.voter_id == player.id)
    if table.session.exec(select(Vote.id).where(*mine)).first():
        raise RuleError("error.already_voted")
    return Vote(
        round_id=id_of(rnd), voter_id=id_of(player), signature=signature, request_id=request_id
    )


def fragment_result(row: Fragment) -> dict[str, Any]:
    return {"pulse": row.pulse, "signature": row.signature, "strokes": len(row.strokes)}


def round_row_move(make: Callable[..., RoundRow], owner: Any, result: Callable[[Any], Any]) -> Move:
    """A move that stores one row of the round made by `make`, answering `result(row)`;
    `owner` is the row's column holding its player, by which a retry finds the first row."""

    def act(table: Table, player: Player, now: float, *, request_id: str, **args: Any) -> Any:
        row = make(table, player, current_round(table.session, table.game), request_id, **args)
        table.session.add(row)
        table.session.flush()
        table.game.version += 1
        return result(row)

    def earlier(session: Session, player: Player, request_id: str) -> Any:
        row = storage.earlier(session, owner.class_, owner, player, request_id)
        return None if row is None else result(row)

    return Move(act, earlier)


MOVES = {
    rules.DRAW: round_row_move(fragment, Fragment.player_id, fragment_result),
    rules.CHOOSE: round_row_move(choice, Choice.player_id, lambda row: row.option_id),
    rules.ACCUSE: round_row_move(vote, Vote.voter_id, lambda row: row.signature),
}
