"""The Engine's host part: the teacher's commands on one game. Create it (from a deck they
uploaded, kept here for their browser alone), run its clock (start, end a phase, pause,
resume, more time), put its gallery on the projector, play again, delete it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from sqlmodel import Session

from engine import storage
from engine.classes.commands import Classes
from engine.deck_store import keep_upload, upload_owner, uploaded_by
from engine.declaration import offered_game, require_running
from engine.door import (
    Door,
    NewGame,
    checked_settings,
    is_whole,
    meant,
    pause_clock,
    resume_clock,
)
from engine.durations import MAX_PHASE_SECONDS
from engine.errors import RuleError
from engine.models import Classroom, Game
from engine.robot_commands import seat_robots

# What the facilitator's "+30 s" adds to the current phase.
EXTEND_SECONDS = 30.0


class Host:
    """The teacher's commands on one game, through the door (a class's table: in its class's
    transaction, the classes part's)."""

    def __init__(self, door: Door, classes: Classes) -> None:
        self.door = door
        self.classes = classes

    def create_game(
        self,
        language: str = "en",
        deck: str | Path | None = None,
        durations: Mapping[str, float | None] | None = None,
        *,
        browser: str | None = None,
        game: str | None = None,
    ) -> NewGame:
        """A new game in the lobby, with its join code and the facilitator's secret token.

        `game`: any offered game's registry name (`offered_games`; None: the first); a game
        with a variant for a count (two at Canvas Critters play its duel) becomes it at the
        start.
        `deck` (Crossed Canvas): None or "default" (the built-in deck), a `Path` (tests and
        tools), or the id `upload_deck` gave: such a deck is only found for the `browser` key
        that uploaded it.
        """
        kind = offered_game(self.door.games, game)
        phase_seconds = checked_settings(language, durations, kind)

        def create(session: Session) -> NewGame:
            now = self.door.clock()
            deck_name = self.door.decks.name_for(session, deck, browser, now, kind.decks)
            return self.door.new_game(session, language, deck_name, phase_seconds, now, kind.name)

        return self.door.db.write(create)

    def play_again(self, facilitator_token: str) -> NewGame:
        """Once a game is finished, a new one for the same class (same language, pace, deck
        and faces switch, the choices made in the lobby: `GameDeclaration.carry`, and the same
        robots seated): its code is shown to this game's players, who join it in one tap.
        Once only: a second click finds the new game already made."""

        def act(session: Session, game: Game, now: float) -> NewGame:
            self.door.require_finished(game)
            if game.next_code is not None:
                raise RuleError("error.already_playing_again", code=game.next_code)
            rules = self.door.rules_of(game)
            kind = rules.created_as or game.kind
            new = self.door.new_game(
                session, game.language, game.deck, dict(game.durations), now, kind
            )
            fresh = storage.game_by_code(session, new.code)
            fresh.faces = game.faces
            if rules.carry is not None:
                rules.carry(session, game, fresh)
            robots = [p.name for p in storage.players(session, game) if p.robot]
            seat_robots(session, fresh, robots)
            game.next_code = new.code
            game.version += 1
            return new

        return self.door.write_by_facilitator(facilitator_token, act)

    def show_round(self, facilitator_token: str, round: int | None) -> None:
        """Once the game is finished, put one page of its gallery on the projector: a
        round's composition (Crossed Canvas), or a painter's paintings, by seat from 1
        (Canvas Layers: `gallery_by_player`); None for the podium again."""

        def act(session: Session, game: Game, now: float) -> None:
            self.door.require_finished(game)
            pages = (
                len(storage.players(session, game))
                if self.door.rules_of(game).gallery_by_player
                else game.rounds
            )
            if round is not None and not (is_whole(round) and 1 <= round <= pages):
                raise RuleError("error.unknown_round")
            if game.shown_round != round:
                game.shown_round = round
                game.version += 1

        self.door.write_by_facilitator(facilitator_token, act)

    def delete_game(self, facilitator_token: str) -> None:
        """Delete the game and everything in it now, names included: every link stops working.
        A class's table goes alone; the class's progress keeps counting what it was."""
        with self.door.db.read() as session:
            room_id = storage.game_by_facilitator(session, facilitator_token).classroom_id
        if room_id is None:
            self.door.write_by_facilitator(
                facilitator_token,
                lambda session, game, now: self.door.delete(session, game),
            )
            return

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> None:
            game = storage.game_by_facilitator(session, facilitator_token)
            if any(g.id == game.id for g in tables):
                tables[:] = [g for g in tables if g.id != game.id]
                room.version += game.version + 1
                room.stage += game.stage + 1
            self.door.delete(session, game)

        self.classes.write_class(lambda s: s.get_one(Classroom, room_id), act)

    def start(self, facilitator_token: str) -> None:
        """Freeze the roster, draw both rotations and open round 1 (R1)."""
        self.door.write_by_facilitator(facilitator_token, self.door.start)

    def advance(
        self, facilitator_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """End the current timed phase now; the next one starts at this moment.

        `phase` (and `round`) name the phase the click meant: once it is over (a double
        click, a page not yet refreshed) the command quietly does nothing. Likewise below.
        """
        self._timer_command(facilitator_token, phase, round, self.door.advance)

    def pause(
        self, facilitator_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Stop the clock of the current phase; actions wait until resume."""
        self._timer_command(facilitator_token, phase, round, pause_clock, clock=True)

    def resume(
        self, facilitator_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Restart the clock with the time that was left at the pause (or at an outage)."""
        self._timer_command(facilitator_token, phase, round, resume_clock, clock=True)

    def extend(
        self,
        facilitator_token: str,
        seconds: float = EXTEND_SECONDS,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> None:
        """Give the current phase more time (a class that needs it), paused or running."""

        def act(session: Session, game: Game, now: float) -> None:
            require_running(game)
            if isinstance(seconds, bool) or not isinstance(seconds, int | float):
                raise RuleError("error.bad_durations", phase=game.phase)
            if not 0 < seconds <= MAX_PHASE_SECONDS:
                raise RuleError("error.bad_durations", phase=game.phase)
            if game.paused and game.paused_left is not None:
                game.paused_left += seconds
            elif game.deadline is not None:
                game.deadline += seconds
            else:
                raise RuleError("error.untimed_phase")
            game.version += 1

        self._timer_command(facilitator_token, phase, round, act, clock=True)

    def _timer_command(
        self,
        facilitator_token: str,
        phase: str | None,
        round_number: int | None,
        act: Callable[[Session, Game, float], None],
        *,
        clock: bool = False,
    ) -> None:
        """A timer command, a quiet no-op when the phase (and round) it names is over;
        `clock`, one that changes only the clock (see `Door.write_game`)."""

        def guarded(session: Session, game: Game, now: float) -> None:
            if meant(game, phase, round_number):
                act(session, game, now)

        self.door.write_by_facilitator(facilitator_token, guarded, clock=clock)

    def upload_deck(
        self,
        browser: str,
        title: str,
        csv_data: bytes,
        files: Sequence[tuple[str, bytes]] = (),
    ) -> str:
        """Keep a teacher's deck (a CSV, and pictures or ZIPs of them: (file name, bytes)) for
        the `browser` key that uploaded it, read by the game that plays from decks; returns
        its id for `create_game`.

        Every row is checked first; DeckRefused lists every problem, and then nothing is kept.
        """
        owner, cleaned = upload_owner(browser, title)
        decks = next((game.decks for game in self.door.games.values() if game.decks), None)
        if decks is None:
            raise RuleError("error.unknown_deck", deck=cleaned)
        parsed = decks.parse(csv_data, files)
        now = self.door.clock()
        return self.door.db.write(lambda session: keep_upload(session, owner, cleaned, parsed, now))

    def decks(self, browser: str) -> list[dict[str, Any]]:
        """The decks this browser key uploaded, newest first (nobody else's, whatever asked)."""
        with self.door.db.read() as session:
            return uploaded_by(session, browser)
