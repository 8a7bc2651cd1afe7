"""The Engine's views part: every query a page polls or renders from. A game's views for the
projector, a player and the teacher (each from one snapshot), its cheapest status, the
versions a push stream compares, the key a stream follows a game by, a token's game."""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from typing import Any, cast

from sqlmodel import Session, col, select

from engine import storage
from engine.classes.commands import Classes, class_status, class_versions
from engine.door import Door, Progress
from engine.errors import RuleError
from engine.models import Game, Player
from engine.view_parts import seconds_left
from engine.view_types import FacilitatorView, GameView, PlayerView


class Views:
    """The queries, through the door; a class's code is the classes part's to read."""

    def __init__(self, door: Door, classes: Classes) -> None:
        self.door = door
        self.classes = classes

    def public_view(self, code: str, *, browser: str | None = None) -> GameView:
        """What anyone may see: the projector's view (R11). Its game's own keys are typed in
        no one place (engine/view_types.py): the cast says only what every game's view holds."""
        return cast(
            GameView,
            self.door.guarded(
                browser,
                lambda: self.door.view(lambda s: (storage.game_by_code(s, code), None), "public"),
            ),
        )

    def player_view(self, player_token: str, *, browser: str | None = None) -> PlayerView:
        """One player's view: public, plus their own role, picture and actions."""

        def find(session: Session) -> tuple[Game, Player]:
            player, game = storage.player_and_game(session, player_token)
            return game, player

        return cast(PlayerView, self.door.guarded(browser, lambda: self.door.view(find, "player")))

    def facilitator_view(
        self, facilitator_token: str, *, browser: str | None = None
    ) -> FacilitatorView:
        """The teacher's view: public, plus rounds already revealed. Safe to project."""
        return cast(
            FacilitatorView,
            self.door.guarded(
                browser,
                lambda: self.door.view(
                    lambda s: (storage.game_by_facilitator(s, facilitator_token), None),
                    "facilitator",
                ),
            ),
        )

    def status(self, code: str) -> dict[str, Any]:
        """The cheapest poll: version, phase and time left, to tell whether to re-render.

        One read when nothing is due (every device calls this every second). A class code
        gives the class's progress (`class_versions`), with no phase or clock of its own.
        """
        with self.door.db.read() as session:
            try:
                game = storage.game_by_code(session, code)
            except RuleError:
                game = None
            now = self.door.clock()
            if game is not None and not self.door.needs_catch_up(game, now):
                return {
                    "version": game.version,
                    "stage": game.stage,
                    "phase": game.phase,
                    "paused": game.paused,
                    "seconds_left": seconds_left(game, now),
                }
        if game is None:
            return self.classes.read_class(self.classes.room_by_code(code), class_status)
        self.door.tick(code)
        return self.status(code)

    def versions(self, codes: Sequence[str]) -> dict[str, Progress]:
        """The version and stage of each of these games (and classes) that exists, in one
        read: what a push stream compares to tell a page its game changed (codes only, so no
        secret and no catch-up)."""
        wanted = [
            code for code in codes if isinstance(code, str) and storage.CODE_PATTERN.fullmatch(code)
        ]
        if not wanted:
            return {}
        with self.door.db.read() as session:
            rows = session.exec(
                select(Game.code, Game.version, Game.stage).where(col(Game.code).in_(wanted))
            ).all()
            found = {code: Progress(version, stage) for code, version, stage in rows}
            others = [code for code in wanted if code not in found]
            if others:
                found |= class_versions(session, others)
        return found

    def watch_key(self, code: str) -> str:
        """A key for following `code`'s changes, given to pages that may show the game: a push
        stream asks for it, so the stream cannot be used to try codes (it is derived from the
        facilitator's token hash, which never leaves the database; for a class and its
        tables, the class key's hash, which stays as it is when a table's key is bound)."""
        with self.door.db.read() as session:
            room = self.classes.room_of_code(session, code)
            if room is not None and room.code == storage.normal_code(code):
                watched, secret = room.code, room.facilitator_hash
            else:
                game = storage.game_by_code(session, code)
                watched, secret = game.code, (room or game).facilitator_hash
            return hmac.new(secret.encode(), f"watch:{watched}".encode(), "sha256").hexdigest()[:32]

    def game_code(self, token: str) -> str:
        """The join code of the game a player's or the facilitator's token belongs to."""
        with self.door.db.read() as session:
            try:
                return storage.game_by_player(session, token).code
            except RuleError:
                return storage.game_by_facilitator(session, token).code
