"""The Engine's lobby part: seats and names. A student joins a game (or a class: its classes
part seats them at a table) and finds their seat again; the teacher removes, renames, lets a
name the filter refuses through, locks the lobby and gives a lost tab a new link."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session

from engine import avatars, names, storage
from engine.classes.commands import Classes
from engine.declaration import require_lobby
from engine.door import Door
from engine.errors import RuleError
from engine.models import Game, Player
from engine.seats import (
    acceptable_name,
    add_allowed_name,
    browser_key,
    new_player_link,
    seat,
    seat_again,
    switch_name_filter,
)
from engine.strokes import SentStrokes


class Lobby:
    """Seats and names, through the door; a class's code is the classes part's to seat."""

    def __init__(self, door: Door, classes: Classes) -> None:
        self.door = door
        self.classes = classes

    def join(
        self,
        code: str,
        name: str,
        *,
        browser: str | None = None,
        avatar: str | None = None,
        drawing: SentStrokes | None = None,
    ) -> str:
        """A new player in a game's lobby; returns the player's secret token. `avatar`: the
        face the student picked (engine/avatars.py), else their seat's, one nobody at the
        table holds; `drawing`: a face they drew, shown instead (`set_avatar`, `draw_avatar`
        change either in the lobby).

        A browser session holds one seat: joining again from it returns that seat, on the same
        link (`seats.seat_token`: no tab of it goes dead), whatever the name typed, even once
        the game has started.
        A class's code (or one of its tables' codes) seats the student at a table of the
        class instead (`Classes.join`).
        """
        seat_key = browser_key(browser)
        face = None if avatar is None else avatars.picked(avatar)
        drawn = None if drawing is None else avatars.checked_drawing(drawing)

        def act(session: Session, game: Game, now: float) -> str:
            players = storage.players(session, game)
            seated = next((p for p in players if seat_key and p.browser == seat_key), None)
            if seated is not None:
                return seat_again(session, seated, browser, game.code)
            if seat_key is not None and seat_key in game.banned:
                raise RuleError("error.removed_from_game")
            require_lobby(game)
            if game.locked:
                raise RuleError("error.lobby_locked")
            most = self.door.rules_of(game).table.max_players
            if len(players) >= most:
                raise RuleError("error.game_full", most=most)
            cleaned = acceptable_name(game, players, name)
            return seat(session, game, cleaned, browser, game.code, face, drawing=drawn)

        def join_game_or_class() -> str:
            with self.door.db.read() as session:
                room = self.classes.room_of_code(session, code)
            if room is not None:
                return self.classes.join(room.code, name, browser, face, drawn)
            return self.door.write_game(
                lambda s: storage.game_by_code(s, code), act, readiness=True
            )

        return self.door.guarded(browser, join_game_or_class)

    def seated_name(self, code: str, *, browser: str | None) -> str | None:
        """The name this browser session is seated under in the game (or the class's current
        sitting) of `code`, if it holds a seat there: its join form, in any of its tabs, says
        "already in" and joins again for the same link, rather than asking for a name."""
        seat_key = browser_key(browser)

        def find() -> str | None:
            with self.door.db.read() as session:
                room = self.classes.room_of_code(session, code)
                games = (
                    self.classes.sitting_tables(session, room)
                    if room is not None
                    else [storage.game_by_code(session, code)]
                )
                everyone = [p for game in games for p in storage.players(session, game)]
            return next((p.name for p in everyone if seat_key and p.browser == seat_key), None)

        return self.door.guarded(browser, find)

    def remove_player(self, facilitator_token: str, name: str) -> None:
        """Take a player out of the lobby (a mistyped name, a student who left, one student
        seating friends): their browser session may not join this game again, and their
        personal link says they were removed rather than that it is not valid."""

        def act(session: Session, game: Game, now: float) -> None:
            require_lobby(game)
            player = storage.named_player(session, game, name)
            browser = [] if player.browser is None else [player.browser]
            game.banned = [*game.banned, *browser, player.token_hash]
            session.delete(player)
            game.version += 1

        self.door.write_by_facilitator(facilitator_token, act)

    def rename_player(self, facilitator_token: str, name: str, new_name: str) -> None:
        """Give a player another name, in the lobby or mid-game; it passes the checks a join
        makes (R1 names, the name filter). Points, votes and drawings stay the player's. A
        retry, once the first one renamed the player, finds the new name and does nothing."""

        def act(session: Session, game: Game, now: float) -> None:
            players = storage.players(session, game)
            try:
                player = storage.named_player(session, game, name)
            except RuleError:
                if _renamed_already(players, new_name):
                    return
                raise
            others = [p for p in players if p.id != player.id] + self.classes.classmates(
                session, game
            )
            cleaned = acceptable_name(game, others, new_name)
            if cleaned != player.name:
                player.name, player.name_key = cleaned, names.name_key(cleaned)
                session.add(player)
                game.version += 1

        self.door.write_by_facilitator(facilitator_token, act)

    def set_name_filter(self, facilitator_token: str, on: bool = True) -> None:
        """Turn the built-in name filter on or off for this game (names already seated stay)."""
        self.door.write_by_facilitator(
            facilitator_token,
            lambda session, game, now: switch_name_filter(game, on),
        )

    def allow_name(self, facilitator_token: str, name: str) -> None:
        """Let a real name the filter refuses by mistake join (or be given) in this game."""
        self.door.write_by_facilitator(
            facilitator_token,
            lambda session, game, now: add_allowed_name(game, name),
        )

    def lock_lobby(self, facilitator_token: str, locked: bool = True) -> None:
        """Close the lobby to new players (everyone is in), or open it again."""

        def act(session: Session, game: Game, now: float) -> None:
            require_lobby(game)
            if game.locked != bool(locked):
                game.locked = bool(locked)
                game.version += 1

        self.door.write_by_facilitator(facilitator_token, act)

    def player_token(self, facilitator_token: str, name: str) -> str:
        """A new personal token for a student who lost their tab; the old one stops working
        (only hashes are stored, and a link given twice may have reached someone else)."""

        def act(session: Session, game: Game, now: float) -> str:
            player = storage.named_player(session, game, name)
            if player.robot:  # its link is made from the game's seed: no tab holds it
                raise RuleError("error.robot_seat")
            return new_player_link(session, player)

        return self.door.write_by_facilitator(facilitator_token, act)


def _renamed_already(players: Sequence[Player], new_name: object) -> bool:
    """Whether a player already has exactly this name: a rename's retry after it was done."""
    try:
        cleaned = names.clean_name(new_name)
    except RuleError:
        return False
    return any(p.name == cleaned for p in players)
