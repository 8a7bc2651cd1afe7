"""The door every command and query passes (the Engine's parts hold it: engine/service.py):
one write transaction per command, the game caught up with the clock first and settled after
(its version and stage, other servers told), views read from one snapshot, every move through
one gate, and the rows every command shares (a new game, its code). The shared state (the
database, the clock, the games run, the caches, the change feed) is the door's, read by the
parts through its public names.
"""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, TypedDict, TypeVar, Unpack

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from engine import flow, robots, storage
from engine.caches import Snapshots
from engine.changes import ChangeFeed, notify_other_servers
from engine.clock import Clock, system_clock
from engine.db import Database
from engine.deck_store import DeckStore
from engine.declaration import (
    Command,
    GameDeclaration,
    Games,
    Move,
    require_running,
    running_phases,
)
from engine.durations import durations_for
from engine.errors import RuleError
from engine.guesses import GuessLimiter
from engine.i18n import LANGUAGES
from engine.models import (
    Classroom,
    Game,
    Player,
    id_of,
)
from engine.seats import browser_key
from engine.storage import delete_games
from engine.table import Table
from engine.tokens import new_token, token_hash

# Read aloud and typed on a phone: no 0/O, 1/I/L.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
SNAPSHOT_CACHE_SIZE = 256
#: Locks that let one reader of a game's new snapshot go first (engine/caches.py), shared by
#: games whose ids fall on the same one.
READING_LOCKS = 64
# RULINGS (timing): a game the server could not keep for longer resumes paused, not played.
OUTAGE_SECONDS = 30.0
# Games and the names in them are deleted this long after their last change (configurable).
RETENTION_DAYS = 30.0
# The refusals a guess of a code or a token earns; they count against the guessing browser.
GUESS_ERRORS = frozenset(
    {"error.unknown_code", "error.bad_player_token", "error.bad_facilitator_token"}
)

T = TypeVar("T")
R = TypeVar("R", Game, Classroom)
D = TypeVar("D", Move, Command)


class NewGame(NamedTuple):
    code: str
    facilitator_token: str


class ClassTable(TypedDict, total=False):
    """What makes a new game a table of a class (`Door.new_game`): the class, its sitting
    and the table's number in it, and the class's name filter and faces switch, copied."""

    classroom_id: int
    sitting: int
    table: int
    name_filter: bool
    allowed_names: list[str]
    faces: bool


class Progress(NamedTuple):
    """Where a game is, as push streams tell pages: `version` moves with every change, `stage`
    with those every page must show (see Game.stage)."""

    version: int
    stage: int


class Before(NamedTuple):
    """A game as a command found it: what tells whether the command changed it, and how."""

    version: int
    stage: tuple[object, ...]
    phase: tuple[object, ...]


class Sitting(Protocol):
    """What a command on a class's table asks of its sitting's other tables: the classes'
    (engine/classes/following.py), handed to the door, which names no class."""

    def lock_class_of(self, session: Session, game: Game, *, lock: bool) -> None:
        """Lock the table's class (if it is a class's) before the table itself."""

    def followers(
        self,
        session: Session,
        game: Game,
        before: tuple[object, ...],
        now: float,
        kind: GameDeclaration,
        *,
        lock: bool,
    ) -> list[Game]:
        """The sitting's other tables the command's change to `game` moved."""


class Door:
    """The engine's shared state (database, clock, games, caches, change feed) and its
    transactions: every part of the Engine acts through one door."""

    def __init__(
        self,
        database_url: str,
        *,
        clock: Clock | None = None,
        seed: int | None = None,
        games: Games,
        sitting: Sitting,
    ) -> None:
        """`games`: every game this door runs, by Game.kind (the registry's, engine/games.py,
        or a test's own declarations), so the door itself names no game; `sitting`: how a
        class's tables follow one another, so it names no class either."""
        self.games: Games = dict(games)
        self._sitting = sitting
        self.db = Database(database_url)
        self.clock: Clock = clock or system_clock
        # This engine has kept every game's clock since it was made (and since the keeper's
        # last late beat): only a gap in its life before that is an outage.
        self.awake_since = self.clock()
        self._last_beat: float | None = None
        self._guesses = GuessLimiter(self.clock)
        # Seeded only in tests; tokens never come from here, always from `secrets`.
        self._rng: random.Random = (
            random.Random(seed) if seed is not None else secrets.SystemRandom()
        )
        self._rng_lock = threading.Lock()
        self.snapshots = Snapshots(SNAPSHOT_CACHE_SIZE, READING_LOCKS)
        #: Told the code of every game a command here changed, once committed (push streams).
        self.changes = ChangeFeed()
        #: Where games' decks come from, and the uploaded ones read: once, not every round.
        self.decks = DeckStore()

    @property
    def running_phases(self) -> list[str]:
        """Every phase in which some game of this door's may run its clock (what the keeper
        and the robots look at)."""
        return running_phases(self.games)

    def beat(self, now: float) -> None:
        """The keeper's beat at `now`: one that comes more than OUTAGE_SECONDS late means this
        process itself was away (a sleeping laptop), so the games it alone kept were lost."""
        if self._last_beat is not None and now - self._last_beat > OUTAGE_SECONDS:
            self.awake_since = now
        self._last_beat = now

    def new_game(
        self,
        session: Session,
        language: str,
        deck_name: str,
        durations: dict[str, float | None],
        now: float,
        kind: str,
        **table: Unpack[ClassTable],
    ) -> NewGame:
        """A game row in the lobby, under a join code no other game or class has. `table`
        (classroom_id, sitting, table) makes it a class's table: its facilitator token is
        then the class key's to derive (`Classes.bind_table_key`); until then nobody holds one."""
        token = new_token()

        def make(code: str) -> Game:
            with self._rng_lock:
                seed = self._rng.getrandbits(62)
            return Game(
                code=code,
                kind=kind,
                facilitator_hash=token_hash(token),
                language=language,
                deck=deck_name,
                durations=durations,
                seed=seed,
                created_at=now,
                touched_at=now,
                **table,
            )

        return NewGame(self.draw_code(session, make).code, token)

    def draw_code(self, session: Session, make: Callable[[str], R]) -> R:
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

    def delete(self, session: Session, game: Game) -> None:
        """Delete a game and everything in it, in this transaction, and forget its snapshot."""
        session.flush()
        session.expunge(game)  # gone below: nothing of it is left to write back
        game_id = id_of(game)
        delete_games(session, [game_id], self.games.values())
        self.snapshots.forget([game_id])

    def start(self, session: Session, game: Game, now: float) -> None:
        """Freeze the roster, draw what the game draws and open its first phase (an act for
        `write_game`, or for a class command on each of its tables)."""
        flow.start(self.table(session, game), self.rules_of(game), now, resolve=self.rules_of)

    def advance(self, session: Session, game: Game, now: float) -> None:
        """End the current timed phase now (an act, as `start`)."""
        require_running(game)
        flow.enter_next_phase(self.table(session, game), self.rules_of(game), now)

    def tick(self, code: str) -> None:
        """Catch the game up with the clock; cheap (one read) when nothing is due."""
        with self.db.read() as session:
            game = storage.game_by_code(session, code)
            due = self.needs_catch_up(game, self.clock())
        if due:
            self.write_game(lambda s: storage.game_by_code(s, code), lambda *_: None, touch=False)

    def write_by_facilitator(
        self,
        facilitator_token: str,
        act: Callable[[Session, Game, float], T],
        *,
        clock: bool = False,
    ) -> T:
        """A teacher's command: `write_game` on the game `facilitator_token` runs (a bad token
        is refused by the lookup, before anything is read or written)."""
        return self.write_game(
            lambda s: storage.game_by_facilitator(s, facilitator_token), act, clock=clock
        )

    def write_game(
        self,
        find: Callable[[Session], Game],
        act: Callable[[Session, Game, float], T],
        *,
        touch: bool = True,
        readiness: bool = False,
        clock: bool = False,
    ) -> T:
        """One command in one write transaction, after catching the game up with the clock.

        The game is marked kept (a server is here); `touch` marks it changed by someone,
        which a mere catch-up is not: an abandoned game still expires on time. A `readiness`
        command (a student's join, submit, choice or vote) moves the game's stage only when
        it ended the phase: otherwise other phones need not redraw. A `clock` command (a
        pause, a resume, more time) moves it only when the catch-up before it changed the
        phase: the push stream carries the clock, and pages tick and say "Paused" themselves.
        A class's table locks its class first and moves its sitting's other tables after
        (engine/classes/following.py: the order of locks, docs/reliability.md).
        """

        def run(session: Session) -> tuple[T, list[str]]:
            found = find(session)
            self._sitting.lock_class_of(session, found, lock=not self.db.is_sqlite)
            game = self.locked(session, found)
            now = self.clock()
            before = self.open(session, game, now, touch=touch)
            result = act(session, game, now)
            moved = self._sitting.followers(
                session, game, before.phase, now, self.rules_of(game), lock=not self.db.is_sqlite
            )
            for other in moved:
                self.settle(session, other, None)
            changed = self.settle(session, game, before, readiness=readiness, clock=clock)
            return result, [game.code] * changed + [other.code for other in moved]

        result, changed_codes = self.db.write(run)
        self.publish(changed_codes)
        return result

    def publish(self, codes: Sequence[str]) -> None:
        """Tell this process's push streams of the games (and classes) a committed command
        changed."""
        for code in codes:
            self.changes.publish(code)

    def locked(self, session: Session, row: R) -> R:
        """The game's (or class's) row, locked for this write transaction on PostgreSQL and
        reloaded: what was read before the lock may predate it (SQLite has one writer)."""
        if self.db.is_sqlite:
            return row
        model = type(row)
        return session.exec(
            select(model)
            .where(model.id == row.id)
            .with_for_update()
            .execution_options(populate_existing=True)
        ).one()

    def open(self, session: Session, game: Game, now: float, *, touch: bool) -> Before:
        """Catch a locked game up with the clock before a command acts on it, marked kept (a
        server is here) and, when `touch`, changed by someone (a mere catch-up is not: an
        abandoned game still expires on time); returns what `settle` compares."""
        before = Before(game.version, _stage(game), _phase(game))
        self._catch_up(session, game, now)
        game.kept_at = now
        if touch:
            game.touched_at = now
        return before

    def settle(
        self,
        session: Session,
        game: Game,
        before: Before | None,
        *,
        readiness: bool = False,
        clock: bool = False,
    ) -> bool:
        """After a command: whether the game changed (`before` None: made by this command);
        its stage moves with it unless a `readiness` change left the phase and its clock as
        they were, or a `clock` change the phase and round; other servers are told once the
        transaction commits."""
        changed = before is None or game.version != before.version
        kept = before is not None and (
            (readiness and _stage(game) == before.stage) or (clock and _phase(game) == before.phase)
        )
        if changed and not kept:
            game.stage = game.version
        if changed:
            self.notify(session, game.code)
        return changed

    def notify(self, session: Session, code: str) -> None:
        """Tell other app servers on this database, once the transaction commits, that the
        game (or class) of `code` changed (PostgreSQL; SQLite serves one machine)."""
        if not self.db.is_sqlite:
            notify_other_servers(session, code)

    def guarded(self, browser: str | None, call: Callable[[], T]) -> T:
        """A call that looks a game up by code or token: a browser that guessed wrong too
        often lately is refused before it may guess again."""
        key = browser_key(browser)
        self._guesses.check(key)
        try:
            return call()
        except RuleError as error:
            if error.key in GUESS_ERRORS:
                self._guesses.failed(key)
            raise

    def view(
        self, find: Callable[[Session], tuple[Game, Player | None]], audience: str
    ) -> dict[str, Any]:
        """The game's view for `audience` ("public", "player", "facilitator") built from one
        snapshot; a game with a deadline passed is caught up first."""
        for attempt in range(3):
            with self.db.read() as session:
                game, player = find(session)
                now = self.clock()
                if attempt == 2 or not self.needs_catch_up(game, now):
                    game_rules = self.rules_of(game)
                    snap = self.snapshot(session, game)
                    build = game_rules.views[audience]
                    if player is None:
                        return build(snap, now)
                    private = game_rules.private
                    mine = (
                        None
                        if private is None
                        else private(self.table(session, game), snap, player)
                    )
                    return build(snap, player, now, mine)
            self.tick(game.code)
        raise AssertionError("unreachable")

    def snapshot(self, session: Session, game: Game) -> Any:
        """The game's rows at its current version (its declaration's `read`); reused while
        the version stands (engine/caches.py: one reader per new version)."""
        return self.snapshots.at(
            id_of(game),
            game.code,
            game.version,
            lambda: self.rules_of(game).read(self.table(session, game)),
        )

    def _lost_at(self, game: Game, now: float) -> float | None:
        """When no server kept this running game any more, if that lasted over OUTAGE_SECONDS.

        This engine kept every game since it was awake; a keeper that has not beaten for too
        long means the machine slept just now (its thread has not noticed yet).
        """
        if game.kept_at is None or game.deadline is None or game.paused:
            return None
        awake = self.awake_since
        if self._last_beat is not None and now - self._last_beat > OUTAGE_SECONDS:
            awake = now
        return game.kept_at if awake - game.kept_at > OUTAGE_SECONDS else None

    def needs_catch_up(self, game: Game, now: float) -> bool:
        """Whether a deadline of the game passed, or its server was lost, since it was kept."""
        return flow.is_due(game, self.rules_of(game), now) or self._lost_at(game, now) is not None

    def _catch_up(self, session: Session, game: Game, now: float) -> None:
        """Bring the game up to `now`: every phase whose deadline passed, each chained from the
        last (no skips); but after an outage, only up to when the server lost the game, then
        paused with the time it had left there, nothing settled (RULINGS, timing)."""
        lost = self._lost_at(game, now)
        flow.walk(self.table(session, game), self.rules_of(game), now if lost is None else lost)
        if lost is not None and game.deadline is not None and not game.paused:
            game.paused = True
            game.paused_left = max(0.0, game.deadline - lost)
            game.deadline = None
            game.interrupted = True
            game.version += 1

    def table(self, session: Session, game: Game) -> Table:
        """The game's rows as its rules read and write them, in this transaction."""
        return Table(session, game, self._deck_of)

    def _deck_of(self, session: Session, game: Game) -> Any:
        return self.decks.deck_of(session, game, self.rules_of(game).decks)

    def rules_of(self, game: Game) -> GameDeclaration:
        """The declaration of the game a row stores."""
        return self.games[game.kind]

    def move(
        self,
        /,
        player_token: str,
        move: str,
        request_id: str | None = None,
        *,
        phase: str | None = None,
        round: int | None = None,
        **args: Any,
    ) -> Any:
        """Play the move the player's game declares as `move` (a key of its declaration's
        `moves`, the name its phase table lists) with `args`, through the one gate; returns
        what the move answers. `request_id` names the request of a move a page may retry (a
        retry answers the first result); a move that is never retried takes none. `phase`
        and `round` name what the page showed when the player acted: once that is over, the
        move is refused, never applied to the next phase. Another game's move is refused as
        out of its phase, and a name no game declares as `error.unknown_move`."""

        def run(session: Session, game: Game, now: float) -> Any:
            chosen = self._move_named(game, move)
            retried = chosen.earlier

            def act(session: Session, game: Game, player: Player, now: float) -> Any:
                retry = {} if retried is None else {"request_id": request_id}
                return chosen.act(self.table(session, game), player, now, **retry, **args)

            def earlier(session: Session, player: Player) -> Any:
                if retried is None:
                    return None
                if request_id is None:  # a move a page may retry names its request
                    raise RuleError("error.bad_request_id")
                return retried(session, player, request_id)

            return self._pass_gate(
                session, game, now, player_token, move, act, (phase, round), earlier
            )

        return self.write_game(
            lambda s: storage.game_by_player(s, player_token), run, readiness=True
        )

    def _move_named(self, game: Game, move: object) -> Move:
        """The move a name stands for in this game: its own, or else another game's, which no
        phase of this one allows, so the gate refuses it as out of its phase (a page of
        another game's, left open); a name no game declares is refused."""
        return self._declared(game, move, lambda rules: rules.moves)

    def command(self, /, token: str, command: str, **args: Any) -> Any:
        """Play the command the token's game declares as `command` (a key of its
        declaration's `commands`: no move, so no gate) with `args`, in one transaction;
        returns its answer. `token` is a seat's or the teacher's, as the command says it
        takes (`Command.by`). A command of another game's is played as that game's, which
        refuses a game not its own (a page of another game's, left open), as a move is; a
        name no game declares is refused as `error.unknown_move`."""
        declared = self._declared(None, command, lambda rules: rules.commands)
        by_player = declared.by == "player"
        find = storage.game_by_player if by_player else storage.game_by_facilitator

        def act(session: Session, game: Game, now: float) -> Any:
            chosen = self._declared(game, command, lambda rules: rules.commands)
            player = storage.player_by_token(session, token) if by_player else None
            return chosen.act(self.table(session, game), player, now, **args)

        return self.write_game(lambda s: find(s, token), act, readiness=declared.readiness)

    def _declared(
        self, game: Game | None, name: object, kind: Callable[[GameDeclaration], Mapping[str, D]]
    ) -> D:
        """What `name` stands for among each game's moves or commands (`kind`): `game`'s own
        first, else the first game's that declares it; refused when none does."""
        if isinstance(name, str):
            games = (
                self.games.values() if game is None else [self.rules_of(game), *self.games.values()]
            )
            for rules in games:
                declared = kind(rules)
                if name in declared:
                    return declared[name]
        raise RuleError("error.unknown_move", move=storage.shown(name))

    def _pass_gate(
        self,
        session: Session,
        game: Game,
        now: float,
        player_token: str,
        move: str,
        act: Callable[[Session, Game, Player, float], T],
        meant_for: tuple[str | None, int | None],
        earlier: Callable[[Session, Player], T | None] | None,
    ) -> T:
        """The one gate every player's move passes, for every game: a retry (`earlier` finds
        what the first try of its request did) answers with the first result, whatever the
        phase is now; otherwise the game must be running, not paused, in a phase that allows
        `move` and still in the phase and round the page showed (`meant_for`, when given); a
        robot's move also takes its move number (engine/robots.py). `act` checks the move
        and stores it; an answer from everyone the phase waits for ends it at once."""
        player = storage.player_by_token(session, player_token)
        first = earlier(session, player) if earlier is not None else None
        if first is not None:
            return first
        require_unpaused(game)
        game_rules = self.rules_of(game)
        if not game_rules.table.allows(game.phase, move) or not meant(game, *meant_for):
            raise RuleError("error.wrong_phase", phase=game.phase)
        if player.robot:  # one move per number, however many servers step the robot
            robots.claimed(session, player, now)
        result = act(session, game, player, now)
        session.flush()
        flow.end_phase_if_complete(self.table(session, game), game_rules, now)
        return result

    def require_finished(self, game: Game) -> None:
        """Refuse a command meant for a finished game's gallery while it is still played."""
        if game.phase != self.rules_of(game).table.finished:
            raise RuleError("error.not_finished")


def require_unpaused(game: Game) -> None:
    if game.paused:
        raise RuleError("error.paused")


def pause_clock(session: Session, game: Game, now: float) -> None:
    """Stop the game's clock with the time left (an act for `Door.write_game`)."""
    require_running(game)
    if game.paused:
        raise RuleError("error.already_paused")
    game.paused = True
    game.paused_left = None if game.deadline is None else max(0.0, game.deadline - now)
    game.deadline = None
    game.version += 1


def resume_clock(session: Session, game: Game, now: float) -> None:
    """Restart the game's clock with the time left at the pause (an act, as `pause_clock`)."""
    require_running(game)
    if not game.paused:
        raise RuleError("error.not_paused")
    game.deadline = None if game.paused_left is None else now + game.paused_left
    game.paused, game.paused_left = False, None
    game.interrupted = False
    game.version += 1


def meant(game: Game, phase: str | None, round_number: int | None) -> bool:
    """Whether the game is still in the phase (and round) a facilitator's click named."""
    return (phase is None or game.phase == phase) and (
        round_number is None or game.round == round_number
    )


def _stage(game: Game) -> tuple[object, ...]:
    """What a student's own action changes for everyone only when it ends the phase."""
    return game.phase, game.round, game.paused, game.deadline


def _phase(game: Game) -> tuple[object, ...]:
    """What a clock command (pause, resume, more time) changes for pages only when the
    catch-up before it moved the game on."""
    return game.phase, game.round


def checked_settings(
    language: object, durations: Mapping[str, float | None] | None, game: GameDeclaration
) -> dict[str, float | None]:
    """A new game's or class's language and phase lengths, refused when they cannot be."""
    if not isinstance(language, str) or language not in LANGUAGES:
        raise RuleError("error.bad_language", language=storage.shown(language))
    return durations_for(durations, game.phase_seconds)


def is_whole(value: object) -> bool:
    """A whole number as a page sends one (True is not a round)."""
    return isinstance(value, int) and not isinstance(value, bool)
