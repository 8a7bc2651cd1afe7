"""Crossed Canvas's moves through the door (engine/door.py): each one write transaction on the
player's game, passed by the door's one gate and checked by the game's hooks and rules
(game.py, rules.py)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session

from engine import storage
from engine.crossed_canvas import game as cc
from engine.crossed_canvas import rules
from engine.crossed_canvas.models import Choice, Draft, Fragment, Round, Vote, current_round
from engine.crossed_canvas.rules import Phase
from engine.door import Door
from engine.errors import RuleError
from engine.models import Game, Player


class CrossedCanvasCommands(Door):
    """Crossed Canvas's half of `Engine`: a drawing's fragment and draft, the Curator's
    choice, an accusation."""

    def submit_fragment(
        self,
        player_token: str,
        strokes: Sequence,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> dict:
        """Lock this artist's strokes for the current pulse (R4, R5).

        `phase` and `round` (here and in `choose` and `accuse`) name what the page showed when
        the player acted: once that is over, the action is refused, never counted in the next
        phase (a pulse-1 drawing arriving in pulse 2)."""

        def fragment(session: Session, player: Player, rnd: Round, phase: str) -> Fragment:
            return cc.fragment(session, player, rnd, phase, strokes, request_id)

        return self._round_move(
            player_token,
            request_id,
            Fragment.player_id,
            rules.DRAW,
            fragment,
            cc.fragment_result,
            (phase, round),
        )

    def save_draft(self, player_token: str, strokes: Sequence) -> int:
        """Keep this artist's finished strokes for the current pulse as drawn (R4), replacing
        the last draft; returns how many are kept. Private to its owner, so it changes no
        version: nobody else's page reruns for it."""

        def act(session: Session, game: Game, now: float) -> int:
            player = storage.player_by_token(session, player_token)
            pulse = rules.pulse_of(game.phase)
            if pulse is None:
                raise RuleError("error.wrong_phase", phase=game.phase)
            rnd = current_round(session, game)
            cc.drawing_signature(session, player, rnd, pulse)
            checked = rules.validate_draft(strokes)
            draft = cc.own_draft(session, rnd.id, player.id, pulse) or Draft(
                round_id=rnd.id, player_id=player.id, pulse=pulse, strokes=[]
            )
            draft.strokes = cc.stored(checked)
            session.add(draft)
            return len(checked)

        return self._command(lambda s: storage.game_by_player(s, player_token), act, readiness=True)

    def see_role(self, player_token: str) -> bool:
        """The player opened their role card in the roles phase: the roles phase's readiness
        (a count on the teacher's pages, role-neutral like every other). Outside the roles
        phase, or a second time in a round, it changes nothing; returns whether it counted."""

        def act(session: Session, game: Game, now: float) -> bool:
            player = storage.player_by_token(session, player_token)
            if game.phase != Phase.ROLES or player.role_seen == game.round:
                return False
            player.role_seen = game.round
            session.add(player)
            game.version += 1
            return True

        return self._command(lambda s: storage.game_by_player(s, player_token), act, readiness=True)

    def choose(
        self,
        player_token: str,
        option_id: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> str:
        """The Curator locks one of the four options; the choice phase ends at once (R6)."""

        def choice(session: Session, player: Player, rnd: Round, phase: str) -> Choice:
            return cc.choice(session, player, rnd, option_id, request_id)

        return self._round_move(
            player_token,
            request_id,
            Choice.player_id,
            rules.CHOOSE,
            choice,
            lambda row: row.option_id,
            (phase, round),
        )

    def accuse(
        self,
        player_token: str,
        signature: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> str:
        """Cast this player's one secret vote for a signature (R7)."""

        def vote(session: Session, player: Player, rnd: Round, phase: str) -> Vote:
            return cc.vote(session, player, rnd, signature, request_id)

        return self._round_move(
            player_token,
            request_id,
            Vote.voter_id,
            rules.ACCUSE,
            vote,
            lambda row: row.signature,
            (phase, round),
        )

    def _round_move(  # type: ignore[no-untyped-def]
        self, player_token: str, request_id: str, owner, move: str, make, result, meant_for
    ):
        """One of the three moves that store a row of the round (R12), through the door's one
        gate: a retry of a request id answers with the first row's result (`owner` is the
        column the row's player is in); otherwise `make` checks the move and builds its row."""
        table = owner.class_

        def earlier(session: Session, player: Player):  # type: ignore[no-untyped-def]
            row = storage.earlier(session, table, owner, player, request_id)
            return None if row is None else result(row)

        def act(session: Session, game: Game, player: Player, now: float):  # type: ignore[no-untyped-def]
            row = make(session, player, current_round(session, game), game.phase)
            session.add(row)
            session.flush()
            game.version += 1
            return result(row)

        return self._gated_move(player_token, move, act, meant_for, earlier)
