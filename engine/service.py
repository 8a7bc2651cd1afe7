"""The door into the game: every command and query the pages use.

Each command brings its game up to date with the clock, then acts, in one write transaction;
a RuleError rolls back everything, so a refused command changes nothing. Queries return views.
How a command passes the door is engine/door.py; a class's, engine/classes/commands.py.
"""

from __future__ import annotations

import hmac
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from sqlmodel import Session, col, select

from engine import avatars, names, storage
from engine.avatar_commands import AvatarCommands
from engine.changes import listen_to_other_servers
from engine.classes.commands import ClassCommands, class_status, class_versions
from engine.contract import GameContract
from engine.deck_store import STORED_DECK_PREFIX
from engine.declaration import offered_game, require_lobby, require_running
from engine.door import (  # noqa: F401  (CODE_ALPHABET, Progress, RETENTION_DAYS: for tests and ui/)
    CODE_ALPHABET,
    OUTAGE_SECONDS,
    RETENTION_DAYS,
    NewGame,
    Progress,
    checked_settings,
    is_whole,
    meant,
)
from engine.durations import MAX_PHASE_SECONDS
from engine.errors import RuleError
from engine.games import DECLARATIONS
from engine.games_method import games_method
from engine.models import Classroom, Game, Player
from engine.robot_commands import RobotCommands, seat_robots
from engine.seats import (
    acceptable_name,
    add_allowed_name,
    browser_key,
    new_player_link,
    seat,
    seat_again,
    switch_name_filter,
)
from engine.storage import delete_classes, delete_games, delete_unused_decks, old_classes
from engine.strokes import SentStrokes
from engine.view_parts import seconds_left
from engine.view_types import FacilitatorView, GameView, PlayerView

# What the facilitator's "+30 s" adds to the current phase.
EXTEND_SECONDS = 30.0
PURGE_EVERY_SECONDS = 600.0


class Engine(ClassCommands, GameContract, RobotCommands, AvatarCommands):
    """The whole rulebook behind one object, persistent in any SQLAlchemy database.

    Thread-safe: pages in every browser session share one instance. Several processes may
    share one database; a new Engine on the same URL continues every game exactly, unless the
    games were left without any server for more than OUTAGE_SECONDS: those resume paused.
    `browser` (on joins and lookups) is an opaque id of the browser session asking: it holds
    one seat per game and its failed guesses are counted.
    """

    GAMES = DECLARATIONS

    @games_method
    def offered_games(cls) -> dict[str, dict[str, Any]]:
        """The games a teacher may create, in the order offered, with what the home page asks
        about each: whether a whole class can play it in tables, whether it takes a deck, and
        how many play at one table (and at one of a class's tables). Asked of an Engine, its
        own games; of the class, the registry's (engine/games_method.py), likewise below."""
        return {
            name: {
                "as_class": game.as_class,
                "takes_decks": game.takes_decks,
                "fewest": game.table.min_players,
                "most": game.table.max_players,
                # How many sit at one of a class's tables (as_class): the class's own sizes.
                "class_fewest": game.class_sizes[0],
                "class_most": game.class_sizes[1],
            }
            for name, game in cls.GAMES.items()
            if game.offered
        }

    @games_method
    def game_title(cls, game: str, language: str) -> str:
        """A game's name in `language` (its declaration's), for titles and links."""
        return offered_game(cls.GAMES, game).titles[language]

    @games_method
    def default_durations(cls, game: str | None = None) -> dict[str, float]:
        """The rulebook's phase lengths in seconds of an offered game (its registry name; None:
        the first offered), by phase (the home page scales them to a class's pace)."""
        return offered_game(cls.GAMES, game).phase_seconds

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
        kind = offered_game(self.GAMES, game)
        phase_seconds = checked_settings(language, durations, kind)

        def create(session: Session) -> NewGame:
            now = self._clock()
            deck_name = self._decks.name_for(session, deck, browser, now, kind.decks)
            return self._new_game(session, language, deck_name, phase_seconds, now, kind.name)

        return self._db.write(create)

    def play_again(self, facilitator_token: str) -> NewGame:
        """Once a game is finished, a new one for the same class (same language, pace and
        deck, the choices made in the lobby: `GameDeclaration.carry`, and the same robots
        seated): its code is shown to this game's players, who join it in one tap. Once only:
        a second click finds the new game already made."""

        def act(session: Session, game: Game, now: float) -> NewGame:
            self._require_finished(game)
            if game.next_code is not None:
                raise RuleError("error.already_playing_again", code=game.next_code)
            rules = self._rules_of(game)
            kind = rules.created_as or game.kind
            new = self._new_game(session, game.language, game.deck, dict(game.durations), now, kind)
            fresh = storage.game_by_code(session, new.code)
            if rules.carry is not None:
                rules.carry(session, game, fresh)
            robots = [p.name for p in storage.players(session, game) if p.robot]
            seat_robots(session, fresh, robots)
            game.next_code = new.code
            game.version += 1
            return new

        return self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

    def show_round(self, facilitator_token: str, round: int | None) -> None:
        """Once the game is finished, put one page of its gallery on the projector: a
        round's composition (Crossed Canvas), or a painter's paintings, by seat from 1
        (Canvas Layers: `gallery_by_player`); None for the podium again."""

        def act(session: Session, game: Game, now: float) -> None:
            self._require_finished(game)
            pages = (
                len(storage.players(session, game))
                if self._rules_of(game).gallery_by_player
                else game.rounds
            )
            if round is not None and not (is_whole(round) and 1 <= round <= pages):
                raise RuleError("error.unknown_round")
            if game.shown_round != round:
                game.shown_round = round
                game.version += 1

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

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
        class instead (`_join_class`).
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
            most = self._rules_of(game).table.max_players
            if len(players) >= most:
                raise RuleError("error.game_full", most=most)
            cleaned = acceptable_name(game, players, name)
            return seat(session, game, cleaned, browser, game.code, face, drawing=drawn)

        def join_game_or_class() -> str:
            with self._db.read() as session:
                room = self._room_of_code(session, code)
            if room is not None:
                return self._join_class(room.code, name, browser, face, drawn)
            return self._command(lambda s: storage.game_by_code(s, code), act, readiness=True)

        return self._guarded(browser, join_game_or_class)

    def seated_name(self, code: str, *, browser: str | None) -> str | None:
        """The name this browser session is seated under in the game (or the class's current
        sitting) of `code`, if it holds a seat there: its join form, in any of its tabs, says
        "already in" and joins again for the same link, rather than asking for a name."""
        seat_key = browser_key(browser)

        def find() -> str | None:
            with self._db.read() as session:
                room = self._room_of_code(session, code)
                games = (
                    self._sitting_tables(session, room)
                    if room is not None
                    else [storage.game_by_code(session, code)]
                )
                everyone = [p for game in games for p in storage.players(session, game)]
            return next((p.name for p in everyone if seat_key and p.browser == seat_key), None)

        return self._guarded(browser, find)

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

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

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
            others = [p for p in players if p.id != player.id] + self._classmates(session, game)
            cleaned = acceptable_name(game, others, new_name)
            if cleaned != player.name:
                player.name, player.name_key = cleaned, names.name_key(cleaned)
                session.add(player)
                game.version += 1

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

    def set_name_filter(self, facilitator_token: str, on: bool = True) -> None:
        """Turn the built-in name filter on or off for this game (names already seated stay)."""
        self._command(
            lambda s: storage.game_by_facilitator(s, facilitator_token),
            lambda session, game, now: switch_name_filter(game, on),
        )

    def allow_name(self, facilitator_token: str, name: str) -> None:
        """Let a real name the filter refuses by mistake join (or be given) in this game."""
        self._command(
            lambda s: storage.game_by_facilitator(s, facilitator_token),
            lambda session, game, now: add_allowed_name(game, name),
        )

    def lock_lobby(self, facilitator_token: str, locked: bool = True) -> None:
        """Close the lobby to new players (everyone is in), or open it again."""

        def act(session: Session, game: Game, now: float) -> None:
            require_lobby(game)
            if game.locked != bool(locked):
                game.locked = bool(locked)
                game.version += 1

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

    def delete_game(self, facilitator_token: str) -> None:
        """Delete the game and everything in it now, names included: every link stops working.
        A class's table goes alone; the class's progress keeps counting what it was."""
        with self._db.read() as session:
            room_id = storage.game_by_facilitator(session, facilitator_token).classroom_id
        if room_id is None:
            self._command(
                lambda s: storage.game_by_facilitator(s, facilitator_token),
                lambda session, game, now: self._delete(session, game),
            )
            return

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> None:
            game = storage.game_by_facilitator(session, facilitator_token)
            if any(g.id == game.id for g in tables):
                tables[:] = [g for g in tables if g.id != game.id]
                room.version += game.version + 1
                room.stage += game.stage + 1
            self._delete(session, game)

        self._class_command(lambda s: s.get_one(Classroom, room_id), act)

    def start(self, facilitator_token: str) -> None:
        """Freeze the roster, draw both rotations and open round 1 (R1)."""
        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), self._start)

    def advance(
        self, facilitator_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """End the current timed phase now; the next one starts at this moment.

        `phase` (and `round`) name the phase the click meant: once it is over (a double
        click, a page not yet refreshed) the command quietly does nothing. Likewise below.
        """
        self._facilitator_command(facilitator_token, phase, round, self._advance)

    def pause(
        self, facilitator_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Stop the clock of the current phase; actions wait until resume."""
        self._facilitator_command(facilitator_token, phase, round, self._pause, clock=True)

    def resume(
        self, facilitator_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Restart the clock with the time that was left at the pause (or at an outage)."""
        self._facilitator_command(facilitator_token, phase, round, self._resume, clock=True)

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

        self._facilitator_command(facilitator_token, phase, round, act, clock=True)

    def _facilitator_command(
        self,
        facilitator_token: str,
        phase: str | None,
        round_number: int | None,
        act: Callable[[Session, Game, float], None],
        *,
        clock: bool = False,
    ) -> None:
        """A timer command, a quiet no-op when the phase (and round) it names is over;
        `clock`, one that changes only the clock (see `_command`)."""

        def guarded(session: Session, game: Game, now: float) -> None:
            if meant(game, phase, round_number):
                act(session, game, now)

        self._command(
            lambda s: storage.game_by_facilitator(s, facilitator_token), guarded, clock=clock
        )

    def keep(self) -> float | None:
        """One beat of this process's keeper: the app calls it every few seconds, and at the
        next deadline; returns the seconds until then (None: no running game has one).

        Every running game is moved on at its deadlines, even with nobody looking, and marked
        kept, so a restart knows how long games went without a server. A beat that comes more
        than OUTAGE_SECONDS late means this process itself was away (a sleeping laptop): the
        games it alone kept resume paused. Old games are purged now and then.
        """
        now = self._clock()
        if self._last_beat is not None and now - self._last_beat > OUTAGE_SECONDS:
            self._awake_since = now
        self._last_beat = now
        running = (col(Game.phase).in_(self.RUNNING_PHASES), col(Game.paused).is_(False))
        with self._db.read() as session:
            games = session.exec(select(Game).where(*running)).all()
        next_deadline: float | None = None
        for game in games:
            if self._needs_catch_up(game, now):
                self.tick(game.code)
                next_deadline = now  # its next deadline is new: look again at once
            elif game.deadline is not None:
                next_deadline = min(game.deadline, next_deadline or game.deadline)
        kept = (*running, col(Game.kept_at) >= self._awake_since - OUTAGE_SECONDS)
        self._db.write(lambda session: storage.mark_kept(session, kept, now))
        if self._last_purge is None or now - self._last_purge >= PURGE_EVERY_SECONDS:
            self.purge()
        return None if next_deadline is None else max(0.0, next_deadline - now)

    def purge(self) -> int:
        """Delete every game whose last change is older than the retention period (a class's
        tables: with their class, once neither changed for as long), and every uploaded deck
        no game or class uses and none was created on for as long; how many games."""
        now = self._clock()
        self._last_purge = now
        cutoff = now - self._retention_seconds

        def delete_old(session: Session) -> int:
            alone = col(Game.classroom_id).is_(None)  # a class's tables go with their class
            old = storage.lock_free(session, Game, col(Game.touched_at) < cutoff, alone)
            delete_games(session, old, self.GAMES.values())
            tables = delete_classes(session, old_classes(session, cutoff), self.GAMES.values())
            delete_unused_decks(session, cutoff, STORED_DECK_PREFIX)
            return len(old) + tables

        return self._db.write(delete_old)

    def public_view(self, code: str, *, browser: str | None = None) -> GameView:
        """What anyone may see: the projector's view (R11). Its game's own keys are typed in
        no one place (engine/view_types.py): the cast says only what every game's view holds."""
        return cast(
            GameView,
            self._guarded(
                browser,
                lambda: self._view(lambda s: (storage.game_by_code(s, code), None), "public"),
            ),
        )

    def player_view(self, player_token: str, *, browser: str | None = None) -> PlayerView:
        """One player's view: public, plus their own role, picture and actions."""

        def find(session: Session) -> tuple[Game, Player]:
            player, game = storage.player_and_game(session, player_token)
            return game, player

        return cast(PlayerView, self._guarded(browser, lambda: self._view(find, "player")))

    def facilitator_view(
        self, facilitator_token: str, *, browser: str | None = None
    ) -> FacilitatorView:
        """The teacher's view: public, plus rounds already revealed. Safe to project."""
        return cast(
            FacilitatorView,
            self._guarded(
                browser,
                lambda: self._view(
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
        with self._db.read() as session:
            try:
                game = storage.game_by_code(session, code)
            except RuleError:
                game = None
            now = self._clock()
            if game is not None and not self._needs_catch_up(game, now):
                return {
                    "version": game.version,
                    "stage": game.stage,
                    "phase": game.phase,
                    "paused": game.paused,
                    "seconds_left": seconds_left(game, now),
                }
        if game is None:
            return self._read_class(self._room_by_code(code), class_status)
        self.tick(code)
        return self.status(code)

    @property
    def hears_other_servers(self) -> bool:
        """Whether `listen_to_other_servers` hears anything (PostgreSQL, not SQLite)."""
        return not self._db.is_sqlite

    def listen_to_other_servers(self, stop: threading.Event) -> None:
        """Until `stop` is set, tell `changes` of every game other app servers on this database
        change (PostgreSQL's LISTEN/NOTIFY). Blocks: run it in a thread. On SQLite, which has
        no such notices and serves one machine, it returns at once."""
        if not self._db.is_sqlite:
            listen_to_other_servers(self._db.engine, self.changes.publish, stop)

    def versions(self, codes: Sequence[str]) -> dict[str, Progress]:
        """The version and stage of each of these games (and classes) that exists, in one
        read: what a push stream compares to tell a page its game changed (codes only, so no
        secret and no catch-up)."""
        wanted = [
            code for code in codes if isinstance(code, str) and storage.CODE_PATTERN.fullmatch(code)
        ]
        if not wanted:
            return {}
        with self._db.read() as session:
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
        with self._db.read() as session:
            room = self._room_of_code(session, code)
            if room is not None and room.code == storage.normal_code(code):
                watched, secret = room.code, room.facilitator_hash
            else:
                game = storage.game_by_code(session, code)
                watched, secret = game.code, (room or game).facilitator_hash
            return hmac.new(secret.encode(), f"watch:{watched}".encode(), "sha256").hexdigest()[:32]

    def player_token(self, facilitator_token: str, name: str) -> str:
        """A new personal token for a student who lost their tab; the old one stops working
        (only hashes are stored, and a link given twice may have reached someone else)."""

        def act(session: Session, game: Game, now: float) -> str:
            player = storage.named_player(session, game, name)
            if player.robot:  # its link is made from the game's seed: no tab holds it
                raise RuleError("error.robot_seat")
            return new_player_link(session, player)

        return self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

    def game_code(self, token: str) -> str:
        """The join code of the game a player's or the facilitator's token belongs to."""
        with self._db.read() as session:
            try:
                return storage.game_by_player(session, token).code
            except RuleError:
                return storage.game_by_facilitator(session, token).code


def _renamed_already(players: Sequence[Player], new_name: object) -> bool:
    """Whether a player already has exactly this name: a rename's retry after it was done."""
    try:
        cleaned = names.clean_name(new_name)
    except RuleError:
        return False
    return any(p.name == cleaned for p in players)
