"""Canvas Critters' part of `Engine`: its moves by their contract names, each one line over
the door's `move` (the moves themselves are its declarations', moves.py), and the
facilitator's tie rule."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlmodel import Session

from engine import storage
from engine.critters import drafts, rules
from engine.critters import game as critters
from engine.door import Door
from engine.errors import RuleError
from engine.models import Game


class CritterCommands(Door):
    """The Canvas Critters half of `Engine`. Each move takes the phase (and round) the page
    showed, like Crossed Canvas's: once that is over, the move is refused, never applied to
    the next phase. What each move does is its function's docstring in moves.py."""

    def pick_theme(
        self, player_token: str, theme: str, *, phase: str | None = None, round: int | None = None
    ) -> str:
        """The active player (in the duel: each player, in secret) picks a theme."""
        answer: str = self.move(
            player_token, critters.PICK_THEME, phase=phase, round=round, theme=theme
        )
        return answer

    def take_piece(
        self,
        player_token: str,
        kind: str,
        x: float,
        y: float,
        request_id: str,
        *,
        rotation: float = 0,
        mirrored: bool = False,
        phase: str | None = None,
        round: int | None = None,
    ) -> str:
        """Take one piece of `kind` from the pile onto this player's canvas at (x, y);
        returns the piece's id. A retried request returns the piece it took; when none of
        that kind is left, the player is told so."""
        answer: str = self.move(
            player_token,
            critters.TAKE_PIECE,
            request_id,
            phase=phase,
            round=round,
            kind=kind,
            x=x,
            y=y,
            rotation=rotation,
            mirrored=mirrored,
        )
        return answer

    def move_piece(
        self,
        player_token: str,
        piece: str,
        x: float,
        y: float,
        *,
        rotation: float = 0,
        mirrored: bool = False,
        phase: str | None = None,
        round: int | None = None,
    ) -> None:
        """Move one of this player's pieces (turned, mirrored); it goes on top."""
        self.move(
            player_token,
            critters.MOVE_PIECE,
            phase=phase,
            round=round,
            piece=piece,
            x=x,
            y=y,
            rotation=rotation,
            mirrored=mirrored,
        )

    def return_piece(
        self, player_token: str, piece: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Put one of this player's pieces back in the pile (rule 5)."""
        self.move(player_token, critters.RETURN_PIECE, phase=phase, round=round, piece=piece)

    def exchange_piece(
        self,
        player_token: str,
        piece: str,
        kind: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> str:
        """Swap one of this player's pieces for one of `kind` from the pile (rule 5); returns
        the new piece's id."""
        answer: str = self.move(
            player_token,
            critters.EXCHANGE_PIECE,
            request_id,
            phase=phase,
            round=round,
            piece=piece,
            kind=kind,
        )
        return answer

    def clear_mosaic(
        self, player_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Start again: every piece of this player's goes back in the pile (Art Tip)."""
        self.move(player_token, critters.CLEAR_MOSAIC, phase=phase, round=round)

    def flip_canvas(
        self, player_token: str, side: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Build on the white or the black side of the canvas (Art Tip)."""
        self.move(player_token, critters.FLIP_CANVAS, phase=phase, round=round, side=side)

    def finish_mosaic(
        self, player_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """This player's mosaic is done; the first to finish starts the one-minute timer."""
        self.move(player_token, critters.FINISH, phase=phase, round=round)

    def title_mosaic(
        self, player_token: str, title: str, *, phase: str | None = None, round: int | None = None
    ) -> str:
        """Give this player's mosaic its title; returns the title as shown."""
        answer: str = self.move(player_token, critters.TITLE, phase=phase, round=round, title=title)
        return answer

    def award_ribbons(
        self,
        player_token: str,
        ribbons: Mapping[int, str],
        request_id: str,
        *,
        golden: str | None = None,
        phase: str | None = None,
        round: int | None = None,
    ) -> dict[str, Any]:
        """Place this player's ribbons in secret ({value: player name}), and their golden
        ribbon if they give it now; returns them. Nobody sees any until everyone has
        awarded (the scores)."""
        answer: dict[str, Any] = self.move(
            player_token,
            critters.AWARD,
            request_id,
            phase=phase,
            round=round,
            ribbons=ribbons,
            golden=golden,
        )
        return answer

    def save_ribbon_draft(
        self, player_token: str, ribbons: Mapping[int, str], golden: str | None = None
    ) -> None:
        """Keep this giver's ribbons as picked so far on their phone ({value: player name},
        some may be missing), in place of their last picks: a complete set is given for them
        if judging ends before they give it (drafts.py). Private to its owner, so it changes
        no version."""

        def act(session: Session, game: Game, now: float) -> None:
            player = storage.player_by_token(session, player_token)
            drafts.save(self._table(session, game), player, ribbons, golden)

        self._command(lambda s: storage.game_by_player(s, player_token), act, readiness=True)

    def guess_theme(
        self,
        player_token: str,
        ribbon: int,
        card: str,
        request_id: str,
        *,
        theme: str | None = None,
        phase: str | None = None,
        round: int | None = None,
    ) -> dict[str, Any]:
        """The duel's guess of the opponent's theme: the +1 ribbon under a card, or the +3
        ribbon on one of its themes."""
        answer: dict[str, Any] = self.move(
            player_token,
            critters.GUESS,
            request_id,
            phase=phase,
            round=round,
            ribbon=ribbon,
            card=card,
            theme=theme,
        )
        return answer

    def set_givers_named(self, facilitator_token: str, named: bool) -> None:
        """In the lobby: whether the ribbons turned over name who gave each (the rulebook's
        way, and the default) or say only what each mosaic received, for a class that would
        rather not know. Fixed once the game starts: names hidden are never shown later."""

        def act(session: Session, game: Game, now: float) -> None:
            if game.kind not in (critters.KIND, critters.DUEL_KIND):
                raise RuleError("error.critters.no_givers_option")
            self._require_lobby(game)
            keep = critters.lobby_game(session, game)
            if keep.givers_named != bool(named):
                keep.givers_named = bool(named)
                session.add(keep)
                game.version += 1

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

    def set_tie_rule(self, facilitator_token: str, tie_rule: str) -> None:
        """Once the game has started and until it ends: a tie for the lead is played off (the
        rulebook's "play_off") or the victory shared ("share")."""

        def act(session: Session, game: Game, now: float) -> None:
            if game.kind not in (critters.KIND, critters.DUEL_KIND):
                raise RuleError("error.critters.no_tie_rule")
            self._require_running(game)
            try:
                chosen = rules.TieRule(tie_rule)
            except ValueError:
                raise RuleError("error.critters.no_tie_rule") from None
            keep = critters.critter_game(session, game)
            if keep.tie_rule != chosen:
                keep.tie_rule = chosen.value
                session.add(keep)
                if game.phase == critters.SCORES:
                    critters.settle_rounds(session, game, keep, len(storage.players(session, game)))
                game.version += 1

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)
