"""Canvas Layers' moves (its declaration's `moves`, by the names its phase table lists):
take a card from the row, complete a painting, pick the winner of a tie. Each is checked by
the pure rules and stored in the game's one state row, beside a row of its request
(`LayersMove`), so a retry answers the first result; the door's one gate lets a move through
first (engine/door.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlmodel import Session

from engine import storage
from engine.canvas_layers import rules, turns
from engine.canvas_layers.models import LayersGame, LayersMove
from engine.declaration import Move
from engine.errors import RuleError
from engine.models import Player, id_of
from engine.table import Table

Result = dict[str, Any]
#: What a move does to the game's state row, given the players and the mover's seat.
Play = Callable[[LayersGame, list[Player], int, rules.State], Result]


def _stored(table: Table, player: Player, request_id: str, play: Play) -> Result:
    """Play a move on the game's state row and keep its request's answer."""
    session, game = table.session, table.game
    keep = turns.layers_game(session, game)
    players = table.players()
    seat = next(s for s, p in enumerate(players) if p.id == player.id)
    result = play(keep, players, seat, turns.from_json(keep.state))
    keep.moved_turn = game.round
    if keep.played_for and str(seat) in keep.played_for:  # told until this move of their own
        keep.played_for = {s: done for s, done in keep.played_for.items() if s != str(seat)}
    session.add(keep)
    session.add(
        LayersMove(
            game_id=id_of(game),
            player_id=id_of(player),
            turn=game.round,
            request_id=request_id,
            result=result,
        )
    )
    game.version += 1
    return result


def _turn(move: str, action: rules.Take | rules.Complete) -> Play:
    """A painter's turn: the rules apply `action` for the mover's seat."""

    def play(keep: LayersGame, players: list[Player], seat: int, state: rules.State) -> Result:
        if state.turn is None:
            raise RuleError("error.layers.game_over")
        state = rules.apply(state, seat, action)
        keep.state = turns.to_json(state)
        result: Result = {"move": move}
        # The projector shows a painting large until the next move of the game, on every device.
        keep.last_painter = seat if isinstance(action, rules.Complete) else None
        if isinstance(action, rules.Complete):
            result["ribbons"] = dict(state.painters[seat].paintings[-1].ribbons)
        return result

    return play


def take(
    table: Table, player: Player, now: float, *, request_id: str, position: int, card: str
) -> Result:
    """Take the card `card` lying at `position` of the row (1 on the left)."""
    return _stored(table, player, request_id, _turn(rules.TAKE, rules.Take(position, card)))


def complete(
    table: Table,
    player: Player,
    now: float,
    *,
    request_id: str,
    cards: list[str] | tuple[str, ...],
    background: str,
) -> Result:
    """Layer three cards of the hand, bottom first, over one unused background."""
    layers = tuple(cards) if isinstance(cards, list | tuple) else cards
    action = rules.Complete(layers, background)
    return _stored(table, player, request_id, _turn(rules.COMPLETE, action))


def pick(table: Table, player: Player, now: float, *, request_id: str, name: object) -> Result:
    """The best-placed player outside a tie picks its winner among the tied, by name."""

    def play(keep: LayersGame, players: list[Player], seat: int, state: rules.State) -> Result:
        if state.turn is not None:
            raise RuleError("error.layers.no_pick")
        found = storage.named(players, name)
        chosen = (
            None if found is None else next(s for s, p in enumerate(players) if p.id == found.id)
        )
        keep.picked = rules.pick_winner(rules.outcome(state), seat, chosen)
        return {"move": rules.PICK, "winner": players[keep.picked].name}

    return _stored(table, player, request_id, play)


def earlier(session: Session, player: Player, request_id: str) -> Result | None:
    """What a retried move answers: its first try's result."""
    row = storage.earlier(session, LayersMove, LayersMove.player_id, player, request_id)
    return None if row is None else dict(row.result)


MOVES = {
    rules.TAKE: Move(take, earlier),
    rules.COMPLETE: Move(complete, earlier),
    rules.PICK: Move(pick, earlier),
}
