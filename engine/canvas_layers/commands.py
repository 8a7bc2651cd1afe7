"""Canvas Layers' moves through the door: each one write transaction on the player's game,
passing the door's one gate (`Door._gated_move`: a retry answers its first result; then the
game must be running, not paused, in its turn phase), checked by the pure rules and stored
as the game's one state row. Pause, resume and ending a turn are the shared facilitator
commands (an ended turn is played for its player: engine/canvas_layers/game.py); the
facilitator picks the four scoring cards in the lobby (`set_scoring`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlmodel import Session

from engine import storage
from engine.canvas_layers import rules, turns
from engine.canvas_layers.models import LayersMove
from engine.door import Door
from engine.errors import RuleError
from engine.models import Game, Player

Result = dict[str, Any]


class LayersCommands(Door):
    """The Canvas Layers part of `Engine`. Each move may name the phase and turn (`round`)
    the page showed: once that turn is over, the move is refused, never applied to the next."""

    def set_scoring(self, facilitator_token: str, scoring: list[str] | tuple[str, ...]) -> None:
        """In the lobby: the four scoring cards the game will be played with (the first
        game's four until the facilitator picks others)."""

        def act(session: Session, game: Game, now: float) -> None:
            if game.kind != turns.KIND:
                raise RuleError("error.layers.no_scoring")
            self._require_lobby(game)
            picked = rules.check_scoring(scoring)
            keep = turns.lobby_game(session, game)
            if tuple(keep.state["scoring"]) != picked:
                keep.state = {"scoring": list(picked)}
                session.add(keep)
                game.version += 1

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

    def take_card(
        self,
        player_token: str,
        position: int,
        card: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> Result:
        """Take the card `card` lying at `position` of the row (1 on the left), paying one
        token onto each card to its left and gaining those on it."""
        return self._layers_move(
            player_token, turns.TAKE, rules.Take(position, card), request_id, (phase, round)
        )

    def complete_painting(
        self,
        player_token: str,
        cards: list[str] | tuple[str, ...],
        background: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> Result:
        """Layer three cards of the hand, bottom first, over one unused background; the
        painting takes its ribbons at once."""
        layers = tuple(cards) if isinstance(cards, list | tuple) else cards
        move = rules.Complete(layers, background)  # type: ignore[arg-type]
        return self._layers_move(player_token, turns.COMPLETE, move, request_id, (phase, round))

    def pick_winner(
        self,
        player_token: str,
        name: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> Result:
        """The best-placed player outside a tie picks its winner among the tied, by name."""
        return self._layers_move(player_token, turns.PICK, name, request_id, (phase, round))

    def _layers_move(
        self,
        player_token: str,
        move: str,
        action: object,
        request_id: str,
        meant_for: tuple[str | None, int | None],
    ) -> Result:
        def act(session: Session, game: Game, player: Player, now: float) -> Result:
            keep = turns.layers_game(session, game)
            players = storage.players(session, game)
            seat = next(s for s, p in enumerate(players) if p.id == player.id)
            state = turns.from_json(keep.state)
            if move == turns.PICK:
                picked = _picked(state, players, seat, action)
                keep.picked = picked
                result: Result = {"move": move, "winner": players[picked].name}
            else:
                if state.turn is None:
                    raise RuleError("error.layers.game_over")
                state = rules.apply(state, seat, action)
                keep.state = turns.to_json(state)
                result = {"move": move}
                if isinstance(action, rules.Complete):
                    keep.last_painter = seat
                    painting = state.painters[seat].paintings[-1]
                    result |= {"ribbons": dict(painting.ribbons)}
            keep.moved_turn = game.round
            session.add(keep)
            session.add(
                LayersMove(
                    game_id=game.id,
                    player_id=player.id,
                    turn=game.round,
                    request_id=request_id,
                    result=result,
                )
            )
            game.version += 1
            return result

        return self._gated_move(player_token, move, act, meant_for, _first_answer(request_id))


def _picked(state: rules.State, players: list[Player], seat: int, name: object) -> int:
    """The seat a pick names, checked by the rules (only the picker, only among the tied)."""
    if state.turn is not None:
        raise RuleError("error.layers.no_pick")
    found = storage.named(players, name)
    chosen = None if found is None else next(s for s, p in enumerate(players) if p.id == found.id)
    return rules.pick_winner(rules.outcome(state), seat, chosen)


def _first_answer(request_id: str) -> Callable[[Session, Player], Result | None]:
    """What a retried move answers: its first try's result."""

    def earlier(session: Session, player: Player) -> Result | None:
        row = storage.earlier(session, LayersMove, LayersMove.player_id, player, request_id)
        return None if row is None else dict(row.result)

    return earlier
