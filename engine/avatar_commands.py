"""A student's face, the Engine's faces part (issue 42): picked or drawn in the lobby by the
student alone, a drawn one hidden (or shown again) by the teacher like any drawing, and the
queries the pages read a drawn face and the teacher's hidden ones by."""

from __future__ import annotations

from collections.abc import Callable

from sqlmodel import Session, col, select

from engine import avatars, storage
from engine.door import Door
from engine.errors import RuleError
from engine.models import Game, Player
from engine.strokes import Point, SentStrokes


class Faces:
    """The faces part of `Engine`, through the door."""

    def __init__(self, door: Door) -> None:
        self.door = door

    def set_avatar(self, player_token: str, avatar: str) -> None:
        """A student's own face changed, in the lobby: another animal or colour
        (engine/avatars.py), which their drawn face, if any, stays shown before."""
        face = avatars.picked(avatar)

        def act(session: Session, game: Game, player: Player) -> bool:
            others = [p for p in storage.players(session, game) if p.id != player.id]
            if player.avatar == avatars.unheld(face, player.seat, others):
                return False
            player.avatar = face
            return True

        self._own_face(player_token, act)

    def draw_avatar(self, player_token: str, strokes: SentStrokes) -> None:
        """A student's own face, drawn, in the lobby: checked as any drawing is, and small
        (`avatars.checked_drawing`); shown beside their name instead of their animal."""
        checked = avatars.checked_drawing(strokes)
        self._own_face(player_token, lambda _s, _g, player: avatars.wear_drawing(player, checked))

    def hide_avatar(self, facilitator_token: str, name: str, hidden: bool = True) -> None:
        """Hide a student's drawn face (an unkind drawing), or show it again: hidden, every
        page shows their animal instead, at once. Any time, as a fragment's hiding is."""

        def act(session: Session, game: Game, now: float) -> None:
            player = storage.named_player(session, game, name)
            if player.drawing_key is None:
                raise RuleError("error.avatar_not_drawn")
            if player.drawing_hidden != bool(hidden):
                player.drawing_hidden = bool(hidden)
                session.add(player)
                game.version += 1

        self.door.write_by_facilitator(facilitator_token, act)

    def set_faces(self, facilitator_token: str, on: bool = True) -> None:
        """Faces beside names on or off for this game, any time (a class that would rather
        play by names alone, or a face the teacher cannot hide fast enough): off, every page
        shows names alone and offers no face to pick; on again, each student's face is back."""
        self.door.write_by_facilitator(
            facilitator_token,
            lambda session, game, now: avatars.switch_faces(game, on),
        )

    def hidden_avatars(self, facilitator_token: str) -> list[str]:
        """For the teacher alone: the students whose drawn face they hid, to show it again
        (no view shows a hidden face, nor says whose it was)."""
        with self.door.db.read() as session:
            game = storage.game_by_facilitator(session, facilitator_token)
            return [p.name for p in storage.players(session, game) if p.drawing_hidden]

    def drawn_avatar(self, face: str) -> list[list[Point]] | None:
        """The strokes of the drawn face a view names (`avatars.shown_face`), for its
        picture; None for any other id, a face the teacher hid, one deleted with its game, or
        one whose game shows names alone (its address, kept from before, shows nothing)."""
        if not isinstance(face, str) or not avatars.is_drawn(face):
            return None
        key = face.removeprefix(avatars.DRAWN)
        with self.door.db.read() as session:
            drawing = session.exec(
                select(Player.drawing)
                .join(Game, col(Game.id) == col(Player.game_id))
                .where(
                    Player.drawing_key == key,
                    col(Player.drawing_hidden).is_(False),
                    col(Game.faces).is_(True),
                )
            ).first()
        return None if drawing is None else [[(x, y) for x, y in s] for s in drawing]

    def _own_face(self, player_token: str, change: FaceChange) -> None:
        """A student's change to their own face (`change`: made, says whether it changed), in
        the lobby only; a robot keeps its robot's face."""

        def act(session: Session, game: Game, now: float) -> None:
            if game.phase != self.door.rules_of(game).table.lobby:
                raise RuleError("error.avatar_started")
            player = storage.player_by_token(session, player_token)
            if player.robot:
                raise RuleError("error.avatar_robot")
            if change(session, game, player):
                session.add(player)
                game.version += 1

        self.door.write_game(lambda s: storage.game_by_player(s, player_token), act, readiness=True)


FaceChange = Callable[[Session, Game, Player], bool]
