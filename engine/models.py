"""The shared tables: classes, games, players and uploaded decks. Each game keeps its own
tables in its folder (engine/<game>/models.py); the registry (engine/games.py) imports them
all, so whatever reads the metadata (the migrations) sees every table. Unique constraints
carry idempotency: whatever a retry or a race tries twice, the database itself refuses."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from sqlalchemy import JSON, BigInteger, Column, LargeBinary, UniqueConstraint
from sqlmodel import Field, SQLModel

from engine.declaration import LOBBY


class Row(Protocol):
    """Any table's row: its id is None until the database gives it one (a flush)."""

    @property
    def id(self) -> int | None: ...


def id_of(row: Row) -> int:
    """The id of a row the database has stored. Every row read from the database or flushed
    has one; asking for the id of a row never flushed is a bug in the engine, said loudly here
    rather than stored as NULL in another row's foreign key."""
    if row.id is None:
        raise ValueError(f"{type(row).__name__} has no id: it was never flushed")
    return row.id


def primary_keys(values: Iterable[int | None]) -> list[int]:
    """Ids as a query of a primary key column reads them: never NULL, whatever the column's
    Python type (None before a flush) says."""
    keys: list[int] = []
    for value in values:
        if value is None:
            raise ValueError("a primary key read as NULL")
        keys.append(value)
    return keys


class Classroom(SQLModel, table=True):
    """A whole class on one code: its students sit at tables, each table an ordinary Game
    (Game.classroom_id). The code shares the alphabet of game codes and never equals one."""

    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(unique=True, index=True, max_length=12)
    # A hash of the class key alone; each table's facilitator token derives from the key
    # (engine/tokens.py: derived_token), so nothing more secret is stored.
    facilitator_hash: str = Field(unique=True, index=True, max_length=64)
    language: str = Field(max_length=5)
    deck: str
    durations: dict[str, float | None] = Field(sa_column=Column(JSON, nullable=False))
    # The class's own changes (a new sitting, a move); a class page follows this plus the sum
    # of its current tables' versions (and stages), folded in here when that set changes so
    # the sum never goes back.
    version: int = 0
    stage: int = 0
    # The class's current game, from 1: its tables are the games with this `sitting`.
    sitting: int = 1
    created_at: float = 0.0
    touched_at: float = Field(default=0.0, index=True)
    name_filter: bool = True
    allowed_names: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # Faces beside names (engine/avatars.py), on unless the teacher turns them off; its tables
    # take it.
    faces: bool = True
    # How many tables the teacher chose (engine/classes/seating.py keeps that many while they fit);
    # None: the fewest that fit.
    table_count: int | None = None
    # The game its tables play (Game.kind of a game a whole class can play, engine/games.py).
    game: str = Field(max_length=32)


class Game(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(unique=True, index=True, max_length=12)
    # Which game it is (engine/games.py: its declaration), always named when a game is made.
    kind: str = Field(max_length=32)
    # Only a hash of the facilitator's token is stored (engine/tokens.py): a copy of the
    # database file gives nobody the game.
    facilitator_hash: str = Field(unique=True, index=True, max_length=64)
    language: str = Field(max_length=5)
    deck: str
    # Seconds per phase; None: the phase waits for the facilitator (an untimed pace).
    durations: dict[str, float | None] = Field(sa_column=Column(JSON, nullable=False))
    # Secret: rotations, pairs, signatures and option order all derive from it.
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    phase: str = Field(default=LOBBY, max_length=16)
    round: int = 0
    rounds: int = 0
    phase_started_at: float | None = None
    deadline: float | None = None
    # Paused by the facilitator (or after an outage): actions wait for resume.
    paused: bool = False
    # Seconds the phase had left at the pause; None while the clock runs, or in a phase that
    # waits for the facilitator (an untimed pace).
    paused_left: float | None = None
    # Secret: player ids in round order (R1).
    curator_order: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    distorter_order: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # Bumped by every change, so a poll that finds it unchanged needs nothing else.
    version: int = 0
    # The version of the last change every page must show, phones included (a new phase, a
    # pause, any facilitator command); not moved by a student's join, submit, choice or vote
    # alone, which changes only who is ready: a phone then reruns just that part (push).
    stage: int = 0
    created_at: float = 0.0
    # The last change: a game is deleted a retention period after it (names do not live forever).
    touched_at: float = Field(default=0.0, index=True)
    # The last moment a server was known to keep this game's clock (a command, or a keeper's
    # beat): a gap of more than OUTAGE_SECONDS after it resumes the game paused, not played.
    kept_at: float | None = None
    # Paused by the engine after an outage, not by the facilitator: the page says why.
    interrupted: bool = False
    # The facilitator closed the lobby: nobody else may join.
    locked: bool = False
    # The game the facilitator started for the same class once this one finished.
    next_code: str | None = Field(default=None, max_length=12)
    # Hashes of the browser sessions and personal tokens of players the facilitator removed:
    # such a browser may not rejoin, and such a link is told why it no longer works.
    banned: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # The built-in filter of names a school would refuse (engine/name_filter.py), on unless
    # the facilitator turns it off; names the facilitator allowed despite it, as typed.
    name_filter: bool = True
    allowed_names: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # Faces beside names (engine/avatars.py), on unless the teacher turns them off: off, every
    # view shows names alone (the faces picked or drawn are kept, for turning them on again).
    faces: bool = True
    # The round the projector's final gallery shows (None: the podium); the facilitator steps.
    shown_round: int | None = None
    # A table of a class (None: a game of its own): the class's game number it belongs to,
    # and its table number in that sitting, from 1.
    classroom_id: int | None = Field(default=None, foreign_key="classroom.id", index=True)
    sitting: int | None = None
    table: int | None = None
    # A class's table waiting in its lobby while others of its sitting play: its students came
    # late. Their rosters are frozen (R1), so they wait for this table to fill or for the
    # class's next game, and their phones say so.
    latecomers: bool = False
    # A latecomers' table whose sitting's other tables have all finished: its phones say the
    # class's game is over (engine/classes/commands.py, `_follow_tables`).
    others_finished: bool = False


class Player(SQLModel, table=True):
    # One seat per browser session: the database refuses a second one (NULLs never clash).
    __table_args__ = (
        UniqueConstraint("game_id", "name_key"),
        UniqueConstraint("game_id", "browser"),
    )
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seat: int
    name: str = Field(max_length=64)
    name_key: str = Field(max_length=64)
    # Only a hash of the player's token (engine/tokens.py); a new link replaces it.
    token_hash: str = Field(unique=True, index=True, max_length=64)
    # A hash of the browser session that joined (None when the page gave none).
    browser: str | None = Field(default=None, max_length=64)
    # Seated at a class's table by the teacher: rebalancing the class never moves them.
    pinned: bool = False
    # The round in which the player opened their role card during the roles phase (0: none):
    # the roles phase's readiness, a count the teacher ends the phase by.
    role_seen: int = 0
    # A robot's seat (engine/robots.py plays it; public: every view names the robots). Its
    # moves made so far, the number its next move claims (two servers stepping one robot at
    # once claim the same number, so one of them moves), and when it last moved (its next
    # move is paced from then, or from its phase's start).
    robot: bool = False
    robot_moves: int = 0
    robot_moved_at: float | None = None
    # The student's face (engine/avatars.py: an animal and a colour), public like the name;
    # None for a seat made before faces: its seat's face (`avatars.seat_face`).
    avatar: str | None = Field(default=None, max_length=32)
    # The face the student drew instead (engine/avatars.py `checked_drawing`): its strokes,
    # the key its address names (a digest of the strokes: it says nothing of who drew it),
    # and whether the teacher hid it (then the animal above is shown, everywhere at once).
    drawing: list[Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    drawing_key: str | None = Field(default=None, index=True, max_length=16)
    drawing_hidden: bool = False


class StoredDeck(SQLModel, table=True):
    """A teacher's uploaded deck, kept in the database so every app server shares it. It never
    changes once accepted, so games on it cannot disturb one another."""

    id: int | None = Field(default=None, primary_key=True)
    # What the uploading browser is given to choose the deck again: random, so it tells nothing.
    ref: str = Field(unique=True, index=True, max_length=40)
    # A hash of the uploading browser's deck key: only that browser may list or use the deck.
    owner: str = Field(index=True, max_length=64)
    title: str = Field(max_length=80)
    # {"categories": [...], "objects": [...], "pairs": [...]}, as crossed_canvas/deck_csv made it.
    content: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    objects: int
    pictures: bool
    created_at: float
    # The last game created on it: a deck unused for the retention period is deleted.
    used_at: float = Field(index=True)


class DeckPicture(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("deck_id", "object_id"),)
    id: int | None = Field(default=None, primary_key=True)
    deck_id: int = Field(foreign_key="storeddeck.id", index=True)
    object_id: str = Field(max_length=40)
    mime: str = Field(max_length=32)
    data: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
