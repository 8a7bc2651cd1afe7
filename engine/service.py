"""The door into the game: every command and query the pages use.

Each command brings its game up to date with the clock, then acts, in one write transaction;
a RuleError rolls back everything, so a refused command changes nothing. Queries return views.
"""

from __future__ import annotations

import hmac
import itertools
import random
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, func, select, update

from engine import class_views, flow, name_filter, rules, seating, storage, views
from engine import crossed_canvas as cc
from engine.changes import ChangeFeed, listen_to_other_servers, notify_other_servers
from engine.clock import Clock, system_clock
from engine.crossed_canvas import CROSSED_CANVAS
from engine.db import Database
from engine.deck_csv import parse_deck
from engine.decks import DEFAULT_DECK, Deck, load_deck, stored_deck
from engine.errors import RuleError
from engine.guesses import GuessLimiter
from engine.i18n import LANGUAGES
from engine.models import (
    Award,
    Choice,
    Classroom,
    DeckPicture,
    Draft,
    Fragment,
    Game,
    Player,
    Round,
    StoredDeck,
    Vote,
)
from engine.rules import Phase
from engine.seating import Seat
from engine.storage import delete_classes, delete_games, delete_unused_decks, old_classes
from engine.table import Table
from engine.tokens import derived_token, new_token, same_hash, token_hash, well_formed
from engine.uploads import picture_data_uri

# Read aloud and typed on a phone: no 0/O, 1/I/L.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
SNAPSHOT_CACHE_SIZE = 256
DEFAULT_DECK_NAME = "default"
# A game on an uploaded deck stores this before the deck's id (never a file's path).
STORED_DECK_PREFIX = "stored:"
DECK_REF_BYTES = 18
MAX_DECK_TITLE = 60
# Uploaded decks this process keeps read (with their pictures, up to 24 MB each).
DECK_CACHE_SIZE = 8
# What the facilitator's "+30 s" adds to the current phase.
EXTEND_SECONDS = 30.0
# RULINGS (timing): a game the server could not keep for longer resumes paused, not played.
OUTAGE_SECONDS = 30.0
# Games and the names in them are deleted this long after their last change (configurable).
RETENTION_DAYS = 30.0
PURGE_EVERY_SECONDS = 600.0
# The refusals a guess of a code or a token earns; they count against the guessing browser.
GUESS_ERRORS = frozenset(
    {"error.unknown_code", "error.bad_player_token", "error.bad_facilitator_token"}
)
RUNNING_PHASES = [str(phase) for phase in CROSSED_CANVAS.table.round_phases]
# Stands for the joining student in a seating plan (players' ids start at 1).
NEWCOMER = 0

T = TypeVar("T")
R = TypeVar("R", Game, Classroom)


class NewGame(NamedTuple):
    code: str
    facilitator_token: str


class Progress(NamedTuple):
    """Where a game is, as push streams tell pages: `version` moves with every change, `stage`
    with those every page must show (see Game.stage)."""

    version: int
    stage: int


class _Before(NamedTuple):
    """A game as a command found it: what tells whether the command changed it, and how."""

    version: int
    stage: tuple[object, ...]


class Engine:
    """The whole rulebook behind one object, persistent in any SQLAlchemy database.

    Thread-safe: pages in every browser session share one instance. Several processes may
    share one database; a new Engine on the same URL continues every game exactly, unless the
    games were left without any server for more than OUTAGE_SECONDS: those resume paused.
    `browser` (on joins and lookups) is an opaque id of the browser session asking: it holds
    one seat per game and its failed guesses are counted.
    """

    def __init__(
        self,
        database_url: str = "sqlite:///crossed_canvas.db",
        *,
        clock: Clock | None = None,
        seed: int | None = None,
        retention_days: float = RETENTION_DAYS,
    ) -> None:
        self._db = Database(database_url)
        self._clock = clock or system_clock
        self._retention_seconds = retention_days * 86400.0
        # This engine has kept every game's clock since it was made (and since the keeper's
        # last late beat): only a gap in its life before that is an outage.
        self._awake_since = self._clock()
        self._last_beat: float | None = None
        self._last_purge: float | None = None
        self._guesses = GuessLimiter(self._clock)
        # Seeded only in tests; tokens never come from here, always from `secrets`.
        self._rng: random.Random = (
            random.Random(seed) if seed is not None else secrets.SystemRandom()
        )
        self._rng_lock = threading.Lock()
        self._snapshots: dict[int, views.Snapshot] = {}
        self._snapshots_lock = threading.Lock()
        #: Told the code of every game a command here changed, once committed (push streams).
        self.changes = ChangeFeed()
        self._decks: dict[str, Deck] = {}
        self._decks_lock = threading.Lock()

    @staticmethod
    def default_durations() -> dict[str, float]:
        """The rulebook's phase lengths in seconds, by phase (the home page scales them to a
        class's pace for `create_game`)."""
        return CROSSED_CANVAS.table.default_seconds

    # ------------------------------------------------------------------ commands

    def create_game(
        self,
        language: str = "en",
        deck: str | Path | None = None,
        durations: Mapping[str, float] | None = None,
        *,
        browser: str | None = None,
    ) -> NewGame:
        """A new game in the lobby, with its join code and the facilitator's secret token.

        `deck`: None or "default" (the built-in deck), a `Path` (tests and tools), or the id
        `upload_deck` gave: such a deck is only found for the `browser` key that uploaded it.
        """
        phase_seconds = _checked_settings(language, durations)
        with self._db.write() as session:
            now = self._clock()
            deck_name = self._deck_name(session, deck, browser, now)
            return self._new_game(session, language, deck_name, phase_seconds, now)

    def upload_deck(
        self,
        browser: str,
        title: str,
        csv_data: bytes,
        files: Sequence[tuple[str, bytes]] = (),
    ) -> str:
        """Keep a teacher's deck (a CSV, and pictures or ZIPs of them: (file name, bytes)) for
        the `browser` key that uploaded it; returns its id for `create_game`.

        Every row is checked first; DeckRefused lists every problem, and then nothing is kept.
        """
        owner = _browser_key(browser)
        if owner is None:
            raise RuleError("error.deck.no_browser")
        cleaned = storage.text(title).strip()
        if not 1 <= len(cleaned) <= MAX_DECK_TITLE or not cleaned.isprintable():
            raise RuleError("error.deck.bad_title", most=MAX_DECK_TITLE)
        parsed = parse_deck(csv_data, files)
        now = self._clock()
        ref = secrets.token_urlsafe(DECK_REF_BYTES)
        with self._db.write() as session:
            stored = StoredDeck(
                ref=ref,
                owner=owner,
                title=cleaned,
                content=parsed.content,
                objects=len(parsed.content["objects"]),
                pictures=bool(parsed.pictures),
                created_at=now,
                used_at=now,
            )
            session.add(stored)
            session.flush()
            for object_id, (mime, data) in parsed.pictures.items():
                session.add(
                    DeckPicture(deck_id=stored.id, object_id=object_id, mime=mime, data=data)
                )
        return ref

    def decks(self, browser: str) -> list[dict[str, Any]]:
        """The decks this browser key uploaded, newest first (nobody else's, whatever asked)."""
        owner = _browser_key(browser)
        if owner is None:
            return []
        with self._db.read() as session:
            found = session.exec(
                select(StoredDeck)
                .where(StoredDeck.owner == owner)
                .order_by(col(StoredDeck.created_at).desc(), col(StoredDeck.id).desc())
            ).all()
            return [views.deck_summary(deck) for deck in found]

    def play_again(self, facilitator_token: str) -> NewGame:
        """Once a game is finished, a new one for the same class (same language, pace and
        deck): its code is shown to this game's players, who join it in one tap. Once only:
        a second click finds the new game already made."""

        def act(session: Session, game: Game, now: float) -> NewGame:
            if game.phase != Phase.FINISHED:
                raise RuleError("error.not_finished")
            if game.next_code is not None:
                raise RuleError("error.already_playing_again", code=game.next_code)
            new = self._new_game(session, game.language, game.deck, dict(game.durations), now)
            game.next_code = new.code
            game.version += 1
            return new

        return self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

    def _new_game(
        self,
        session: Session,
        language: str,
        deck_name: str,
        durations: dict[str, float | None],
        now: float,
        **table: int,
    ) -> NewGame:
        """A game row in the lobby, under a join code no other game or class has. `table`
        (classroom_id, sitting, table) makes it a class's table: its facilitator token is
        then the class key's to derive (`_bind_table_key`); until then nobody holds one."""
        token = new_token()

        def make(code: str) -> Game:
            with self._rng_lock:
                seed = self._rng.getrandbits(62)
            return Game(
                code=code,
                facilitator_hash=token_hash(token),
                language=language,
                deck=deck_name,
                durations=durations,
                seed=seed,
                created_at=now,
                touched_at=now,
                **table,
            )

        return NewGame(self._draw_code(session, make).code, token)

    def _draw_code(self, session: Session, make: Callable[[str], R]) -> R:
        """The row `make(code)` builds, added under a code no game and no class has: students
        type one code, and it must name one thing."""
        for _attempt in range(20):
            with self._rng_lock:
                code = "".join(self._rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if session.exec(select(Classroom.id).where(Classroom.code == code)).first():
                continue
            if session.exec(select(Game.id).where(Game.code == code)).first():
                continue
            row = make(code)
            try:
                with session.begin_nested():  # a code taken meanwhile undoes this row alone
                    session.add(row)
            except IntegrityError:
                continue  # the code was taken: draw another
            return row
        raise RuntimeError("could not find a free join code")

    def join(self, code: str, name: str, *, browser: str | None = None) -> str:
        """A new player in a game's lobby; returns the player's secret token.

        A browser session holds one seat: joining again from it returns that seat (with a new
        token, the old one retired), whatever the name typed, even once the game has started.
        A class's code (or one of its tables' codes) seats the student at a table of the
        class instead (`_join_class`).
        """
        seat_key = _browser_key(browser)

        def act(session: Session, game: Game, now: float) -> str:
            players = storage.players(session, game)
            seated = next((p for p in players if seat_key and p.browser == seat_key), None)
            if seated is not None:
                return self._new_player_token(session, seated)
            if seat_key is not None and seat_key in game.banned:
                raise RuleError("error.removed_from_game")
            if game.phase != Phase.LOBBY:
                raise RuleError("error.already_started")
            if game.locked:
                raise RuleError("error.lobby_locked")
            if len(players) >= rules.MAX_PLAYERS:
                raise RuleError("error.game_full", most=rules.MAX_PLAYERS)
            cleaned = self._acceptable_name(game, players, name)
            return self._seat(session, game, cleaned, seat_key)

        def join_game_or_class() -> str:
            with self._db.read() as session:
                room = self._room_of_code(session, code)
            if room is not None:
                return self._join_class(room.code, name, seat_key)
            return self._command(lambda s: storage.game_by_code(s, code), act, readiness=True)

        return self._guarded(browser, join_game_or_class)

    def _seat(self, session: Session, game: Game, name: str, seat_key: str | None) -> str:
        """A new player (name already checked) at the end of the game's roster; their token."""
        token = new_token()
        seats = session.exec(select(Player.seat).where(Player.game_id == game.id)).all()
        session.add(
            Player(
                game_id=game.id,
                seat=max(seats, default=0) + 1,
                name=name,
                name_key=rules.name_key(name),
                token_hash=token_hash(token),
                browser=seat_key,
            )
        )
        game.version += 1
        return token

    def remove_player(self, facilitator_token: str, name: str) -> None:
        """Take a player out of the lobby (a mistyped name, a student who left, one student
        seating friends): their browser session may not join this game again."""

        def act(session: Session, game: Game, now: float) -> None:
            if game.phase != Phase.LOBBY:
                raise RuleError("error.already_started")
            player = storage.named_player(session, game, name)
            if player.browser is not None:
                game.banned = [*game.banned, player.browser]
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
            cleaned = self._acceptable_name(game, others, new_name)
            if cleaned != player.name:
                player.name, player.name_key = cleaned, rules.name_key(cleaned)
                session.add(player)
                game.version += 1

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

    def set_name_filter(self, facilitator_token: str, on: bool = True) -> None:
        """Turn the built-in name filter on or off for this game (names already seated stay)."""
        self._command(
            lambda s: storage.game_by_facilitator(s, facilitator_token),
            lambda session, game, now: _set_name_filter(game, on),
        )

    def allow_name(self, facilitator_token: str, name: str) -> None:
        """Let a real name the filter refuses by mistake join (or be given) in this game."""
        self._command(
            lambda s: storage.game_by_facilitator(s, facilitator_token),
            lambda session, game, now: _allow_name(game, name),
        )

    def hide_fragment(
        self,
        facilitator_token: str,
        *,
        round: int,
        signature: str,
        pulse: int,
        hidden: bool = True,
    ) -> None:
        """Hide one artist's fragment from the projector, the players and the gallery (an
        unkind drawing), or show it again. Scores, votes and the accusation are untouched: the
        fragment is still the artist's. Only a fragment already shown can be hidden."""

        def act(session: Session, game: Game, now: float) -> None:
            played = _is_int(round) and 1 <= round <= game.round
            pulsed = _is_int(pulse) and pulse in rules.STROKE_LIMITS
            if not (played and pulsed and isinstance(signature, str)):
                raise RuleError("error.unknown_fragment")
            fragment = session.exec(
                select(Fragment)
                .join(Round, col(Round.id) == col(Fragment.round_id))
                .where(
                    Round.game_id == game.id,
                    Round.number == round,
                    Fragment.signature == signature,
                    Fragment.pulse == pulse,
                )
            ).first()
            if fragment is None or not rules.fragment_shown(game.phase, game.round, round, pulse):
                raise RuleError("error.unknown_fragment")
            if fragment.hidden != bool(hidden):
                fragment.hidden = bool(hidden)
                session.add(fragment)
                game.version += 1

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

    def show_round(self, facilitator_token: str, round: int | None) -> None:
        """Once the game is finished, put one round's composition on the projector (the
        gallery), or None for the podium again."""

        def act(session: Session, game: Game, now: float) -> None:
            if game.phase != Phase.FINISHED:
                raise RuleError("error.not_finished")
            if round is not None and not (_is_int(round) and 1 <= round <= game.rounds):
                raise RuleError("error.unknown_round")
            if game.shown_round != round:
                game.shown_round = round
                game.version += 1

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

    def lock_lobby(self, facilitator_token: str, locked: bool = True) -> None:
        """Close the lobby to new players (everyone is in), or open it again."""

        def act(session: Session, game: Game, now: float) -> None:
            if game.phase != Phase.LOBBY:
                raise RuleError("error.already_started")
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

        self._class_command(lambda s: s.get(Classroom, room_id), act)

    def _delete(self, session: Session, game: Game) -> None:
        session.flush()
        session.expunge(game)  # gone below: nothing of it is left to write back
        delete_games(session, [game.id])
        with self._snapshots_lock:
            self._snapshots.pop(game.id, None)

    def start(self, facilitator_token: str) -> None:
        """Freeze the roster, draw both rotations and open round 1 (R1)."""
        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), self._start)

    def _start(self, session: Session, game: Game, now: float) -> None:
        flow.start(self._table(session, game), CROSSED_CANVAS, now)

    def advance(
        self, facilitator_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """End the current timed phase now; the next one starts at this moment.

        `phase` (and `round`) name the phase the click meant: once it is over (a double
        click, a page not yet refreshed) the command quietly does nothing. Likewise below.
        """
        self._facilitator_command(facilitator_token, phase, round, self._advance)

    def _advance(self, session: Session, game: Game, now: float) -> None:
        self._require_running(game)
        flow.enter_next_phase(self._table(session, game), CROSSED_CANVAS, now)

    def pause(
        self, facilitator_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Stop the clock of the current phase; actions wait until resume."""
        self._facilitator_command(facilitator_token, phase, round, self._pause)

    def _pause(self, session: Session, game: Game, now: float) -> None:
        self._require_running(game)
        if game.paused:
            raise RuleError("error.already_paused")
        game.paused = True
        game.paused_left = None if game.deadline is None else max(0.0, game.deadline - now)
        game.deadline = None
        game.version += 1

    def resume(
        self, facilitator_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Restart the clock with the time that was left at the pause (or at an outage)."""
        self._facilitator_command(facilitator_token, phase, round, self._resume)

    def _resume(self, session: Session, game: Game, now: float) -> None:
        self._require_running(game)
        if not game.paused:
            raise RuleError("error.not_paused")
        game.deadline = None if game.paused_left is None else now + game.paused_left
        game.paused, game.paused_left = False, None
        game.interrupted = False
        game.version += 1

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
            self._require_running(game)
            if isinstance(seconds, bool) or not isinstance(seconds, int | float):
                raise RuleError("error.bad_durations", phase=game.phase)
            if not 0 < seconds <= rules.MAX_PHASE_SECONDS:
                raise RuleError("error.bad_durations", phase=game.phase)
            if game.paused and game.paused_left is not None:
                game.paused_left += seconds
            elif game.deadline is not None:
                game.deadline += seconds
            else:
                raise RuleError("error.untimed_phase")
            game.version += 1

        self._facilitator_command(facilitator_token, phase, round, act)

    def _facilitator_command(
        self,
        facilitator_token: str,
        phase: str | None,
        round_number: int | None,
        act: Callable[[Session, Game, float], None],
    ) -> None:
        """A timer command, a quiet no-op when the phase (and round) it names is over."""

        def guarded(session: Session, game: Game, now: float) -> None:
            if _meant(game, phase, round_number):
                act(session, game, now)

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), guarded)

    def tick(self, code: str) -> None:
        """Catch the game up with the clock; cheap (one read) when nothing is due."""
        with self._db.read() as session:
            game = storage.game_by_code(session, code)
            due = self._needs_catch_up(game, self._clock())
        if due:
            self._command(lambda s: storage.game_by_code(s, code), lambda *_: None, touch=False)

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
        running = (col(Game.phase).in_(RUNNING_PHASES), col(Game.paused).is_(False))
        with self._db.read() as session:
            games = session.exec(select(Game).where(*running)).all()
        next_deadline: float | None = None
        for game in games:
            if self._needs_catch_up(game, now):
                self.tick(game.code)
                next_deadline = now  # its next deadline is new: look again at once
            elif game.deadline is not None:
                next_deadline = min(game.deadline, next_deadline or game.deadline)
        with self._db.write() as session:
            session.exec(
                update(Game)
                .where(*running, col(Game.kept_at) >= self._awake_since - OUTAGE_SECONDS)
                .values(kept_at=now)
            )
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
        with self._db.write() as session:
            alone = col(Game.classroom_id).is_(None)  # a class's tables go with their class
            old = session.exec(select(Game.id).where(Game.touched_at < cutoff, alone)).all()
            delete_games(session, list(old))
            tables = delete_classes(session, old_classes(session, cutoff))
            delete_unused_decks(session, cutoff, STORED_DECK_PREFIX)
        return len(old) + tables

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

        return self._player_action(
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
            rnd = storage.current_round(session, game)
            cc.drawing_signature(session, player, rnd, pulse)
            checked = rules.validate_draft(strokes)
            draft = cc.own_draft(session, rnd.id, player.id, pulse) or Draft(
                round_id=rnd.id, player_id=player.id, pulse=pulse, strokes=[]
            )
            draft.strokes = cc.stored(checked)
            session.add(draft)
            return len(checked)

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

        return self._player_action(
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

        return self._player_action(
            player_token,
            request_id,
            Vote.voter_id,
            rules.ACCUSE,
            vote,
            lambda row: row.signature,
            (phase, round),
        )

    def _player_action(  # type: ignore[no-untyped-def]
        self, player_token: str, request_id: str, owner, move, make, result, meant_for
    ):
        """One player action, the same way for all three (R12): a retry of a request id
        answers with the first result, whatever the phase is now; otherwise the game must be
        in a phase that allows `move` (and in the phase and round `meant_for` names, if given),
        `make` checks the action and builds its row, and an answer from everyone may end the
        phase at once."""
        meant_phase, meant_round = meant_for
        table = owner.class_

        def act(session: Session, game: Game, now: float):  # type: ignore[no-untyped-def]
            player = storage.player_by_token(session, player_token)
            earlier = storage.earlier(session, table, owner, player, request_id)
            if earlier is not None:
                return result(earlier)
            self._require_unpaused(game)
            over = (meant_phase is not None and game.phase != meant_phase) or (
                meant_round is not None and game.round != meant_round
            )
            if not CROSSED_CANVAS.table.allows(game.phase, move) or over:
                raise RuleError("error.wrong_phase", phase=game.phase)
            rnd = storage.current_round(session, game)
            row = make(session, player, rnd, game.phase)
            session.add(row)
            session.flush()
            game.version += 1
            flow.end_phase_if_complete(self._table(session, game), CROSSED_CANVAS, now)
            return result(row)

        return self._command(lambda s: storage.game_by_player(s, player_token), act, readiness=True)

    # ------------------------------------------------------------------ queries

    def public_view(self, code: str, *, browser: str | None = None) -> dict[str, Any]:
        """What anyone may see: the projector's view (R11)."""
        return self._guarded(
            browser,
            lambda: self._view(lambda s: (storage.game_by_code(s, code), None), views.public_view),
        )

    def player_view(self, player_token: str, *, browser: str | None = None) -> dict[str, Any]:
        """One player's view: public, plus their own role, picture and actions."""

        def find(session: Session) -> tuple[Game, Player]:
            player = storage.player_by_token(session, player_token)
            return session.get(Game, player.game_id), player

        def build(snap: views.Snapshot, now: float, player: Player, draft: Draft | None) -> dict:
            return views.player_view(snap, player, now, draft)

        return self._guarded(browser, lambda: self._view(find, build))

    def facilitator_view(
        self, facilitator_token: str, *, browser: str | None = None
    ) -> dict[str, Any]:
        """The teacher's view: public, plus rounds already revealed. Safe to project."""
        return self._guarded(
            browser,
            lambda: self._view(
                lambda s: (storage.game_by_facilitator(s, facilitator_token), None),
                views.facilitator_view,
            ),
        )

    def status(self, code: str) -> dict[str, Any]:
        """The cheapest poll: version, phase and time left, to tell whether to re-render.

        One read when nothing is due (every device calls this every second). A class code
        gives the class's progress (`_class_versions`), with no phase or clock of its own.
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
                    "seconds_left": views.seconds_left(game, now),
                }
        if game is None:
            return self._read_class(self._room_by_code(code), _class_status)
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
                found |= _class_versions(session, others)
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
            return self._new_player_token(session, storage.named_player(session, game, name))

        return self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

    def game_code(self, token: str) -> str:
        """The join code of the game a player's or the facilitator's token belongs to."""
        with self._db.read() as session:
            try:
                return storage.game_by_player(session, token).code
            except RuleError:
                return storage.game_by_facilitator(session, token).code

    # ------------------------------------------------------------------ classes

    def create_class(
        self,
        language: str = "en",
        deck: str | Path | None = None,
        durations: Mapping[str, float] | None = None,
        *,
        browser: str | None = None,
    ) -> NewGame:
        """A whole class on one code: students join it like a game's and are seated at tables,
        each table an ordinary game of the class's current sitting. Returns the class code
        and the class key (`facilitator_token`), which runs every table (`table_key`)."""
        phase_seconds = _checked_settings(language, durations)
        key = new_token()
        with self._db.write() as session:
            now = self._clock()
            deck_name = self._deck_name(session, deck, browser, now)
            room = self._draw_code(
                session,
                lambda code: Classroom(
                    code=code,
                    facilitator_hash=token_hash(key),
                    language=language,
                    deck=deck_name,
                    durations=phase_seconds,
                    created_at=now,
                    touched_at=now,
                ),
            )
            return NewGame(room.code, key)

    def _join_class(self, class_code: str, name: str, seat_key: str | None) -> str:
        """Seat a student at a table of the class's sitting that has not started (one the
        teacher did not lock), opening tables as needed; the open tables are then rebalanced
        (engine/seating.py): the fewest that fit, as even as possible, moving only the latest
        students the teacher did not move. When every table has started, a new one opens for
        latecomers: the teacher starts it once it has enough, or it becomes a table of the
        class's next game. Names are unique in the whole class; a browser holds one seat."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> str:
            rosters = {game.id: storage.players(session, game) for game in tables}
            everyone = [player for game in tables for player in rosters[game.id]]
            seated = next((p for p in everyone if seat_key and p.browser == seat_key), None)
            if seated is not None:
                return self._new_player_token(session, seated)
            if seat_key is not None and any(seat_key in game.banned for game in tables):
                raise RuleError("error.removed_from_game")
            cleaned = self._acceptable_name(room, everyone, name)
            open_tables = {g.table: g for g in tables if g.phase == Phase.LOBBY and not g.locked}
            plan = seating.arrange(
                {n: [Seat(p.id, p.pinned) for p in rosters[g.id]] for n, g in open_tables.items()},
                [NEWCOMER],
                itertools.count(max((g.table or 0 for g in tables), default=0) + 1),
            )
            for number in sorted(plan.keys() - open_tables.keys()):
                open_tables[number] = self._new_table(session, room, number, now)
                tables.append(open_tables[number])
            placed = {pid: open_tables[n] for n, ids in plan.items() for pid in ids}
            token = self._seat(session, placed[NEWCOMER], cleaned, seat_key)
            for game in list(open_tables.values()):
                for player in rosters.get(game.id, []):
                    if placed[player.id].id != game.id:
                        self._move(session, player, game, placed[player.id])
            return token

        return self._class_command(self._room_by_code(class_code), act, readiness=True)

    def move_player(self, class_key: str, name: str, table: int) -> None:
        """Move a student to another table of the class, both not started yet; the student is
        pinned there (a later join's rebalancing leaves them). A table never goes over
        MAX_PLAYERS."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> None:
            (to,) = _chosen(tables, table)
            found = [(p, g) for g in tables for p in storage.players(session, g)]
            player = storage.named([p for p, _ in found], name)
            if player is None:
                raise RuleError("error.unknown_player")
            source = next(g for p, g in found if p.id == player.id)
            for game in (source, to):
                if game.phase != Phase.LOBBY:
                    raise RuleError("error.class.table_started", table=game.table)
            if source.id != to.id:
                most = rules.MAX_PLAYERS
                if sum(g.id == to.id for _, g in found) >= most:
                    raise RuleError("error.class.table_full", table=to.table, most=most)
                self._move(session, player, source, to)
            player.pinned = True
            session.add(player)

        self._class_command(self._room_by_key(class_key), act, class_key=class_key)

    def start_tables(self, class_key: str, table: int | None = None) -> list[int]:
        """Start one table, or every table of the sitting that can (5 to 12 students); returns
        the tables started. A table with too few is refused by name when it was the one meant
        or when no table could start; otherwise it waits (its students stay seated)."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> list[int]:
            waiting = [g for g in _chosen(tables, table) if g.phase == Phase.LOBBY]
            if table is not None and not waiting:
                raise RuleError("error.already_started")
            sizes = {g.id: len(storage.players(session, g)) for g in waiting}
            ready = [g for g in waiting if sizes[g.id] >= rules.MIN_PLAYERS]
            small = [g for g in waiting if 0 < sizes[g.id] < rules.MIN_PLAYERS]
            if not ready:
                if not small:
                    raise RuleError("error.class.nothing_to_start")
                raise RuleError(
                    "error.class.too_few_at_table",
                    table=small[0].table,
                    count=sizes[small[0].id],
                    fewest=rules.MIN_PLAYERS,
                )
            for game in ready:
                self._start(session, game, now)
            return [g.table for g in ready]

        return self._class_command(self._room_by_key(class_key), act, class_key=class_key)

    def pause_tables(
        self,
        class_key: str,
        table: int | None = None,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> list[int]:
        """Pause one table, or every running table not paused yet; returns the tables paused.
        `phase` (and `round`) guard as on `pause`: a table no longer there is left alone."""
        return self._timer_tables(class_key, table, phase, round, self._pause)

    def resume_tables(
        self,
        class_key: str,
        table: int | None = None,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> list[int]:
        """Resume one table, or every paused table; returns the tables resumed."""
        return self._timer_tables(class_key, table, phase, round, self._resume)

    def advance_tables(
        self,
        class_key: str,
        table: int | None = None,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> list[int]:
        """End the current phase at one table, or at every running table (only those in
        `phase`, when given: a double click ends one phase, never two); returns the tables."""
        return self._timer_tables(class_key, table, phase, round, self._advance)

    def _timer_tables(
        self,
        class_key: str,
        table: int | None,
        phase: str | None,
        round_number: int | None,
        act: Callable[[Session, Game, float], None],
    ) -> list[int]:
        """A facilitator's timer command on one table (refused as on that table's own page),
        or on every table it applies to (the others are skipped), in one transaction."""

        def each(session: Session, room: Classroom, tables: list[Game], now: float) -> list[int]:
            done = []
            for game in _chosen(tables, table):
                if not _meant(game, phase, round_number):
                    continue
                version = game.version
                try:
                    act(session, game, now)
                except RuleError:
                    # Every timer act checks before it changes anything: nothing to undo.
                    if table is not None:
                        raise
                if game.version != version:
                    done.append(game.table)
            return done

        return self._class_command(self._room_by_key(class_key), each, class_key=class_key)

    def set_class_name_filter(self, class_key: str, on: bool = True) -> None:
        """Turn the name filter on or off for the class and its current tables."""
        self._class_command(
            self._room_by_key(class_key),
            lambda session, room, tables, now: [_set_name_filter(h, on) for h in (room, *tables)],
            class_key=class_key,
        )

    def allow_class_name(self, class_key: str, name: str) -> None:
        """Let a real name the filter refuses by mistake join the class (and its tables)."""
        self._class_command(
            self._room_by_key(class_key),
            lambda session, room, tables, now: [_allow_name(h, name) for h in (room, *tables)],
            class_key=class_key,
        )

    def next_class_game(self, class_key: str, *, sitting: int | None = None) -> int:
        """Once every table that started has finished, the class's next game: a new sitting.
        Each finished table points its players to the class code (`next_game`), so "join the
        next game" on a phone reseats them; students still waiting in a lobby move on with
        their table. Returns the new sitting. A second click (or one naming a `sitting` that
        is over) finds it made and changes nothing."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> int:
            started = [g for g in tables if g.phase != Phase.LOBBY]
            if (sitting is not None and sitting != room.sitting) or (
                not started and room.sitting > 1
            ):
                return room.sitting
            if not started or any(g.phase != Phase.FINISHED for g in started):
                raise RuleError("error.class.not_finished")
            before = self._class_progress(session, room)
            for game in started:
                if game.next_code is None:
                    game.next_code = room.code
                    game.version += 1
            room.sitting += 1
            waiting = [g for g in tables if g.phase == Phase.LOBBY and storage.players(session, g)]
            for number, game in enumerate(waiting, start=1):
                game.sitting, game.table = room.sitting, number
                game.version += 1
                game.stage = game.version
            # The class's stream follows the sum over its current tables: fold the tables
            # left behind into the class's own counts, so that sum never goes back.
            room.version = before.version + 1 - sum(g.version for g in waiting)
            room.stage = before.stage + 1 - sum(g.stage for g in waiting)
            return room.sitting

        return self._class_command(self._room_by_key(class_key), act, class_key=class_key)

    def table_key(self, class_key: str, table_code: str) -> str:
        """The facilitator token of one of the class's tables (any sitting), derived from the
        class key: the class page opens a table's own facilitator page with it."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> str:
            game = storage.game_by_code(session, table_code)
            if game.classroom_id != room.id:
                raise RuleError("error.unknown_code", code=storage.shown(table_code))
            self._bind_table_key(game, class_key)
            return derived_token(class_key, game.code)

        return self._class_command(
            self._room_by_key(class_key), act, class_key=class_key, touch=False
        )

    def delete_class(self, class_key: str) -> None:
        """Delete the class and every table it ever had, names included, now."""
        with self._db.write() as session:
            room = self._locked(session, self._room_by_key(class_key)(session))
            ids = session.exec(select(Game.id).where(Game.classroom_id == room.id)).all()
            session.expunge(room)
            delete_classes(session, [room.id])
        with self._snapshots_lock:
            for game_id in ids:
                self._snapshots.pop(game_id, None)

    def class_public_view(self, code: str, *, browser: str | None = None) -> dict[str, Any]:
        """The class projector's view: every table's public view, never more (R11)."""
        return self._guarded(
            browser,
            lambda: class_views.class_public_view(*self._class_snapshots(self._room_by_code(code))),
        )

    def class_view(self, class_key: str, *, browser: str | None = None) -> dict[str, Any]:
        """The teacher's class page: the public class view with each table's facilitator view
        (safe to project, like it) and its state at a glance."""
        return self._guarded(
            browser,
            lambda: class_views.class_view(*self._class_snapshots(self._room_by_key(class_key))),
        )

    def _class_snapshots(
        self, find: Callable[[Session], Classroom]
    ) -> tuple[class_views.ClassFacts, list[views.Snapshot], float]:
        """The class and a snapshot of each current table, read together."""

        def read(
            session: Session, room: Classroom, tables: list[Game], now: float
        ) -> tuple[class_views.ClassFacts, list[views.Snapshot], float]:
            snaps = [self._snapshot(session, game) for game in tables]
            return class_views.ClassFacts.of(room), snaps, now

        return self._read_class(find, read)

    def _read_class(
        self,
        find: Callable[[Session], Classroom],
        read: Callable[[Session, Classroom, list[Game], float], T],
    ) -> T:
        """`read` of the class and its current tables in one snapshot, tables with a deadline
        passed caught up first (as `_view` does for one game)."""
        for attempt in range(3):
            with self._db.read() as session:
                room = find(session)
                tables = self._sitting_tables(session, room)
                now = self._clock()
                due = [g.code for g in tables if self._needs_catch_up(g, now)]
                if attempt == 2 or not due:
                    return read(session, room, tables, now)
            for code in due:
                self.tick(code)
        raise AssertionError("unreachable")

    def _class_command(
        self,
        find: Callable[[Session], Classroom],
        act: Callable[[Session, Classroom, list[Game], float], T],
        *,
        class_key: str | None = None,
        touch: bool = True,
        readiness: bool = False,
    ) -> T:
        """One class command in one write transaction: the class's row locked first, then its
        current tables (in table order), each caught up with the clock and settled as a
        game's own command would be (`_open`, `_settle`). `act` may add tables to the list
        it is given. With the class key, every table's facilitator token is bound to it."""
        with self._db.write() as session:
            room = self._locked(session, find(session))
            now = self._clock()
            tables = self._sitting_tables(session, room, lock=not self._db.is_sqlite)
            before = {g.id: self._open(session, g, now, touch=touch) for g in tables}
            room_version = room.version
            result = act(session, room, tables, now)
            if class_key is not None:
                for game in tables:
                    self._bind_table_key(game, class_key)
            changed = [
                g.code
                for g in tables
                if self._settle(session, g, before.get(g.id), readiness=readiness)
            ]
            if touch:
                room.touched_at = now
            if room.version != room_version:
                changed.append(room.code)
                if not self._db.is_sqlite:
                    notify_other_servers(session, room.code)
        for code in changed:
            self.changes.publish(code)
        return result

    def _new_table(self, session: Session, room: Classroom, number: int, now: float) -> Game:
        """A new table (a game in its lobby) of the class's sitting; no token: `_bind_table_key`."""
        new = self._new_game(
            session,
            room.language,
            room.deck,
            dict(room.durations),
            now,
            classroom_id=room.id,
            sitting=room.sitting,
            table=number,
            name_filter=room.name_filter,
            allowed_names=list(room.allowed_names),
        )
        return session.exec(select(Game).where(Game.code == new.code)).one()

    @staticmethod
    def _bind_table_key(game: Game, class_key: str) -> None:
        """Make the table's facilitator token the one derived from the class key (a table a
        student's join opened has none anyone holds until the key's holder comes)."""
        digest = token_hash(derived_token(class_key, game.code))
        if game.facilitator_hash != digest:
            game.facilitator_hash = digest

    def _move(self, session: Session, player: Player, source: Game, to: Game) -> None:
        """Move a student between two lobby tables of one class; their token stays valid and
        both tables' pages redraw (stage)."""
        seats = session.exec(select(Player.seat).where(Player.game_id == to.id)).all()
        player.game_id, player.seat = to.id, max(seats, default=0) + 1
        session.add(player)
        session.flush()
        for game in (source, to):
            game.version += 1
            game.stage = game.version

    @staticmethod
    def _sitting_tables(session: Session, room: Classroom, *, lock: bool = False) -> list[Game]:
        """The class's current tables, in table order (locked for a write on PostgreSQL)."""
        query = (
            select(Game)
            .where(Game.classroom_id == room.id, Game.sitting == room.sitting)
            .order_by(col(Game.table))
        )
        if lock:
            query = query.with_for_update().execution_options(populate_existing=True)
        return list(session.exec(query))

    def _classmates(self, session: Session, game: Game) -> list[Player]:
        """The players at the other tables of this table's sitting (none for a game of its
        own): names are unique in the whole class."""
        if game.classroom_id is None:
            return []
        return list(
            session.exec(
                select(Player)
                .join(Game, col(Game.id) == col(Player.game_id))
                .where(
                    Game.classroom_id == game.classroom_id,
                    Game.sitting == game.sitting,
                    Game.id != game.id,
                )
            )
        )

    @staticmethod
    def _class_progress(session: Session, room: Classroom) -> Progress:
        return _class_versions(session, [room.code])[room.code]

    @staticmethod
    def _room_by_key(class_key: str) -> Callable[[Session], Classroom]:
        def find(session: Session) -> Classroom:
            room = None
            if well_formed(class_key):
                digest = token_hash(class_key)
                room = session.exec(
                    select(Classroom).where(Classroom.facilitator_hash == digest)
                ).first()
            if room is None or not same_hash(room.facilitator_hash, class_key):
                raise RuleError("error.bad_facilitator_token")
            return room

        return find

    @staticmethod
    def _room_by_code(code: str) -> Callable[[Session], Classroom]:
        def find(session: Session) -> Classroom:
            normalised = storage.normal_code(code)
            room = (
                session.exec(select(Classroom).where(Classroom.code == normalised)).first()
                if normalised
                else None
            )
            if room is None:
                raise RuleError("error.unknown_code", code=storage.shown(code))
            return room

        return find

    def _room_of_code(self, session: Session, code: str) -> Classroom | None:
        """The class a code names, itself or through one of its tables; None for a game of
        its own; an unknown code is refused."""
        try:
            return self._room_by_code(code)(session)
        except RuleError:
            game = storage.game_by_code(session, code)
        return None if game.classroom_id is None else session.get(Classroom, game.classroom_id)

    # ------------------------------------------------------------------ plumbing

    def _command(
        self,
        find: Callable[[Session], Game],
        act: Callable[[Session, Game, float], T],
        *,
        touch: bool = True,
        readiness: bool = False,
    ) -> T:
        """One command in one write transaction, after catching the game up with the clock.

        The game is marked kept (a server is here); `touch` marks it changed by someone,
        which a mere catch-up is not: an abandoned game still expires on time. A `readiness`
        command (a student's join, submit, choice or vote) moves the game's stage only when
        it ended the phase: otherwise other phones need not redraw.
        """
        with self._db.write() as session:
            game = self._locked(session, find(session))
            code, now = game.code, self._clock()
            before = self._open(session, game, now, touch=touch)
            result = act(session, game, now)
            changed = self._settle(session, game, before, readiness=readiness)
        if changed:
            self.changes.publish(code)
        return result

    def _locked(self, session: Session, row: R) -> R:
        """The game's (or class's) row, locked for this write transaction on PostgreSQL and
        reloaded: what was read before the lock may predate it (SQLite has one writer)."""
        if self._db.is_sqlite:
            return row
        model = type(row)
        return session.exec(
            select(model)
            .where(model.id == row.id)
            .with_for_update()
            .execution_options(populate_existing=True)
        ).one()

    def _open(self, session: Session, game: Game, now: float, *, touch: bool) -> _Before:
        """Catch a locked game up with the clock before a command acts on it, marked kept (a
        server is here) and, when `touch`, changed by someone (a mere catch-up is not: an
        abandoned game still expires on time); returns what `_settle` compares."""
        before = _Before(game.version, _stage(game))
        self._catch_up(session, game, now)
        game.kept_at = now
        if touch:
            game.touched_at = now
        return before

    def _settle(
        self, session: Session, game: Game, before: _Before | None, *, readiness: bool = False
    ) -> bool:
        """After a command: whether the game changed (`before` None: made by this command);
        its stage moves with it unless a `readiness` change left the phase as it was; other
        servers are told once the transaction commits."""
        changed = before is None or game.version != before.version
        if changed and not (readiness and before is not None and _stage(game) == before.stage):
            game.stage = game.version
        if changed and not self._db.is_sqlite:
            notify_other_servers(session, game.code)
        return changed

    def _guarded(self, browser: str | None, call: Callable[[], T]) -> T:
        """A call that looks a game up by code or token: a browser that guessed wrong too
        often lately is refused before it may guess again."""
        key = _browser_key(browser)
        self._guesses.check(key)
        try:
            return call()
        except RuleError as error:
            if error.key in GUESS_ERRORS:
                self._guesses.failed(key)
            raise

    def _view(self, find, build) -> dict[str, Any]:  # type: ignore[no-untyped-def]
        """A view built from one snapshot; a game with a deadline passed is caught up first."""
        for attempt in range(3):
            with self._db.read() as session:
                game, player = find(session)
                now = self._clock()
                if attempt == 2 or not self._needs_catch_up(game, now):
                    snap = self._snapshot(session, game)
                    draft = None if player is None else self._own_draft(session, snap, player)
                    break
            self.tick(game.code)
        return build(snap, now) if player is None else build(snap, now, player, draft)

    def _own_draft(self, session: Session, snap: views.Snapshot, player: Player) -> Draft | None:
        """The player's draft for the pulse in progress: read apart from the shared snapshot,
        which is cached by version, while a draft changes no version."""
        rnd, pulse = snap.current_round, rules.pulse_of(snap.phase)
        return (
            None
            if rnd is None or pulse is None
            else cc.own_draft(session, rnd.id, player.id, pulse)
        )

    def _snapshot(self, session: Session, game: Game) -> views.Snapshot:
        """The game's rows at its current version; reused while the version stands."""
        with self._snapshots_lock:
            cached = self._snapshots.get(game.id)
        if cached is not None and cached.game.version == game.version:
            return cached
        rounds = list(
            session.exec(select(Round).where(Round.game_id == game.id).order_by(col(Round.number)))
        )
        round_ids = [r.id for r in rounds]
        snap = views.Snapshot(
            game=views.GameFacts.of(game),
            deck=self._deck_of(session, game),
            players=storage.players(session, game),
            rounds=rounds,
            fragments=list(session.exec(select(Fragment).where(Fragment.round_id == rounds[-1].id)))
            if rounds
            else [],
        )
        if game.phase == Phase.FINISHED and round_ids:
            every = select(Fragment).where(col(Fragment.round_id).in_(round_ids))
            for fragment in session.exec(every.order_by(col(Fragment.id))):
                snap.drawings.setdefault(fragment.round_id, []).append(fragment)
        if round_ids:
            for choice in session.exec(select(Choice).where(col(Choice.round_id).in_(round_ids))):
                snap.choices[choice.round_id] = choice
            for vote in session.exec(select(Vote).where(col(Vote.round_id).in_(round_ids))):
                snap.votes.setdefault(vote.round_id, []).append(vote)
            for award in session.exec(select(Award).where(col(Award.round_id).in_(round_ids))):
                snap.awards.setdefault(award.round_id, []).append(award)
        with self._snapshots_lock:
            if len(self._snapshots) >= SNAPSHOT_CACHE_SIZE:
                self._snapshots.pop(next(iter(self._snapshots)))
            self._snapshots[game.id] = snap
        return snap

    def _lost_at(self, game: Game, now: float) -> float | None:
        """When no server kept this running game any more, if that lasted over OUTAGE_SECONDS.

        This engine kept every game since it was awake; a keeper that has not beaten for too
        long means the machine slept just now (its thread has not noticed yet).
        """
        if game.kept_at is None or game.deadline is None or game.paused:
            return None
        awake = self._awake_since
        if self._last_beat is not None and now - self._last_beat > OUTAGE_SECONDS:
            awake = now
        return game.kept_at if awake - game.kept_at > OUTAGE_SECONDS else None

    def _needs_catch_up(self, game: Game, now: float) -> bool:
        return flow.is_due(game, CROSSED_CANVAS, now) or self._lost_at(game, now) is not None

    def _catch_up(self, session: Session, game: Game, now: float) -> None:
        """Bring the game up to `now`: every phase whose deadline passed, each chained from the
        last (no skips); but after an outage, only up to when the server lost the game, then
        paused with the time it had left there, nothing settled (RULINGS, timing)."""
        lost = self._lost_at(game, now)
        flow.walk(self._table(session, game), CROSSED_CANVAS, now if lost is None else lost)
        if lost is not None and game.deadline is not None and not game.paused:
            game.paused = True
            game.paused_left = max(0.0, game.deadline - lost)
            game.deadline = None
            game.interrupted = True
            game.version += 1

    def _table(self, session: Session, game: Game) -> Table:
        return Table(session, game, self._deck_of)

    def _deck_name(self, session: Session, deck: object, browser: str | None, now: float) -> str:
        """What a new game stores to find its deck again.

        Decks come from the data folder, by name, from a file the code itself names (a `Path`:
        tests and tools, never a visitor, who can only send text), or from the database, by the
        id only its uploading browser knows and for that browser alone; anything else is
        refused unread, with one message whether the deck is missing or someone else's.
        """
        if deck is None or deck == DEFAULT_DECK_NAME:
            return DEFAULT_DECK_NAME
        if isinstance(deck, Path):
            return str(load_deck(deck).path)
        owner = _browser_key(browser)
        stored = (
            # Locked: a purge of unused decks at this moment waits for this game, or wins.
            session.exec(select(StoredDeck).where(StoredDeck.ref == deck).with_for_update()).first()
            if isinstance(deck, str) and owner is not None
            else None
        )
        if stored is None or stored.owner != owner:
            raise RuleError("error.unknown_deck", deck=storage.shown(deck))
        stored.used_at = now
        session.add(stored)
        return STORED_DECK_PREFIX + stored.ref

    def _deck_of(self, session: Session, game: Game) -> Deck:
        """The game's deck; the default one by name, so a game survives the app moving folders.
        An uploaded deck never changes, so this process keeps the last few it read."""
        if game.deck == DEFAULT_DECK_NAME:
            return load_deck(DEFAULT_DECK)
        if not game.deck.startswith(STORED_DECK_PREFIX):
            return load_deck(Path(game.deck))
        ref = game.deck.removeprefix(STORED_DECK_PREFIX)
        with self._decks_lock:
            deck = self._decks.get(ref)
        if deck is not None:
            return deck
        stored = session.exec(select(StoredDeck).where(StoredDeck.ref == ref)).one()
        pictures = {
            picture.object_id: picture_data_uri(picture.data, picture.mime)
            for picture in session.exec(select(DeckPicture).where(DeckPicture.deck_id == stored.id))
        }
        deck = stored_deck(stored.content, pictures)
        with self._decks_lock:
            if len(self._decks) >= DECK_CACHE_SIZE:
                self._decks.pop(next(iter(self._decks)))
            self._decks[ref] = deck
        return deck

    @staticmethod
    def _require_running(game: Game) -> None:
        if game.phase == Phase.LOBBY:
            raise RuleError("error.not_started")
        if game.phase == Phase.FINISHED:
            raise RuleError("error.game_finished")

    @staticmethod
    def _require_unpaused(game: Game) -> None:
        if game.paused:
            raise RuleError("error.paused")

    @staticmethod
    def _acceptable_name(game: Game | Classroom, others: Sequence[Player], name: object) -> str:
        """A name as a join or a rename takes it: cleaned (R1), not refused by the game's (or
        class's) name filter unless the facilitator allowed it, and not like any other's."""
        cleaned = rules.clean_name(name)
        key = rules.name_key(cleaned)
        if (
            game.name_filter
            and name_filter.refuses(cleaned)
            and all(rules.name_key(allowed) != key for allowed in game.allowed_names)
        ):
            raise RuleError("error.name_refused")
        if any(p.name_key == key for p in others):
            raise RuleError("error.name_taken", name=cleaned)
        return cleaned

    @staticmethod
    def _new_player_token(session: Session, player: Player) -> str:
        token = new_token()
        player.token_hash = token_hash(token)
        session.add(player)
        return token


def _meant(game: Game, phase: str | None, round_number: int | None) -> bool:
    """Whether the game is still in the phase (and round) a facilitator's click named."""
    return (phase is None or game.phase == phase) and (
        round_number is None or game.round == round_number
    )


def _stage(game: Game) -> tuple[object, ...]:
    """What a student's own action changes for everyone only when it ends the phase."""
    return game.phase, game.round, game.paused, game.deadline


def _checked_settings(language: object, durations: Mapping[str, float] | None) -> dict:
    """A new game's or class's language and phase lengths, refused when they cannot be."""
    if not isinstance(language, str) or language not in LANGUAGES:
        raise RuleError("error.bad_language", language=storage.shown(language))
    return rules.durations_for(durations)


def _chosen(tables: Sequence[Game], table: object) -> list[Game]:
    """Every table of the sitting (`table` None), or the one numbered `table`."""
    if table is None:
        return list(tables)
    found = [g for g in tables if _is_int(table) and g.table == table]
    if not found:
        raise RuleError("error.class.unknown_table", table=storage.shown(str(table)))
    return found


def _class_versions(session: Session, codes: Sequence[str]) -> dict[str, Progress]:
    """Each class's progress: its own version (and stage) plus those of its current tables, so
    one stream moves whenever the class or any of its tables changes."""
    tables = (Game.classroom_id == Classroom.id) & (Game.sitting == Classroom.sitting)
    rows = session.exec(
        select(
            Classroom.code,
            Classroom.version + func.coalesce(func.sum(Game.version), 0),
            Classroom.stage + func.coalesce(func.sum(Game.stage), 0),
        )
        .select_from(Classroom)
        .outerjoin(Game, tables)
        .where(col(Classroom.code).in_(codes))
        .group_by(col(Classroom.id))
    ).all()
    return {code: Progress(int(version), int(stage)) for code, version, stage in rows}


def _class_status(
    session: Session, room: Classroom, tables: Sequence[Game], now: float
) -> dict[str, Any]:
    """A class's status as `status` gives a game's: its progress, no phase or clock of its own."""
    progress = _class_versions(session, [room.code])[room.code]
    return {
        "version": progress.version,
        "stage": progress.stage,
        "phase": None,
        "paused": False,
        "seconds_left": None,
        "sitting": room.sitting,
    }


def _set_name_filter(holder: Game | Classroom, on: bool) -> None:
    if holder.name_filter != bool(on):
        holder.name_filter = bool(on)
        holder.version += 1


def _allow_name(holder: Game | Classroom, name: object) -> None:
    cleaned = rules.clean_name(name)
    key = rules.name_key(cleaned)
    if all(rules.name_key(allowed) != key for allowed in holder.allowed_names):
        holder.allowed_names = [*holder.allowed_names, cleaned]
        holder.version += 1


def _browser_key(browser: object) -> str | None:
    """What is stored of a browser-session id: its hash; None when there is no usable id."""
    return token_hash(browser) if well_formed(browser) else None


def _is_int(value: object) -> bool:
    """A whole number as a page sends one (True is not a round)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _renamed_already(players: Sequence[Player], new_name: object) -> bool:
    """Whether a player already has exactly this name: a rename's retry after it was done."""
    try:
        cleaned = rules.clean_name(new_name)
    except RuleError:
        return False
    return any(p.name == cleaned for p in players)
