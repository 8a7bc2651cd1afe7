"""Canvas Layers' part of the door: its moves by the names its declaration gives them
(engine/canvas_layers/moves.py), played through `Door.move` and its one gate (a retry answers
its first result; then the game must be running, not paused, in its turn phase). Pause,
resume and ending a turn are the shared facilitator commands (an ended turn is played for its
player: engine/canvas_layers/game.py); the facilitator picks the four scoring cards in the
lobby (`set_scoring`)."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from engine import storage
from engine.canvas_layers import drafts, rules, turns
from engine.door import Door
from engine.errors import RuleError
from engine.models import Game

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

    def save_painting_draft(
        self, player_token: str, cards: list[str] | tuple[str, ...], background: str | None
    ) -> None:
        """Keep the painting this player is arranging from their hand (up to three cards,
        bottom first, and a background or None) in place of their last one, on any turn:
        their own turn can then be one tap. Private to its owner, so it changes no version."""

        def act(session: Session, game: Game, now: float) -> None:
            player = storage.player_by_token(session, player_token)
            drafts.save(self._table(session, game), player, cards, background)

        self._command(lambda s: storage.game_by_player(s, player_token), act, readiness=True)

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
        answer: Result = self.move(
            player_token,
            turns.TAKE,
            request_id,
            phase=phase,
            round=round,
            position=position,
            card=card,
        )
        return answer

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
        answer: Result = self.move(
            player_token,
            turns.COMPLETE,
            request_id,
            phase=phase,
            round=round,
            cards=cards,
            background=background,
        )
        return answer

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
        answer: Result = self.move(
            player_token, turns.PICK, request_id, phase=phase, round=round, name=name
        )
        return answer
