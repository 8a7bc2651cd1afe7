"""The door into the game: every command and query the pages use, on one object.

`Engine` holds named parts, each a small class over the one door (engine/door.py: the
database, the clock, the games run, the caches, the change feed, and the one transaction per
command: a RuleError rolls back everything, so a refused command changes nothing): the lobby
(seats and names), the host (one game's teacher commands), the classes, the views, the keeper,
the robots and the faces. Its public methods are one line each over those parts, in one place
(engine/contract.py).
"""

from __future__ import annotations

from typing import Any

from engine import robots
from engine.avatar_commands import Faces
from engine.classes.commands import Classes
from engine.classes.following import SITTING
from engine.clock import Clock
from engine.contract import Contract
from engine.declaration import Games, offered_game, running_phases
from engine.door import (  # noqa: F401  (CODE_ALPHABET, Progress: for tests and ui/)
    CODE_ALPHABET,
    RETENTION_DAYS,
    Door,
    Progress,
)
from engine.games import DECLARATIONS
from engine.games_method import games_method
from engine.hosting import Host
from engine.keeper import Keeper
from engine.lobby import Lobby
from engine.queries import Views
from engine.robot_commands import Robots


class Engine(Contract):
    """The whole rulebook behind one object, persistent in any SQLAlchemy database.

    Thread-safe: pages in every browser session share one instance. Several processes may
    share one database; a new Engine on the same URL continues every game exactly, unless the
    games were left without any server for more than OUTAGE_SECONDS: those resume paused.
    `browser` (on joins and lookups) is an opaque id of the browser session asking: it holds
    one seat per game and its failed guesses are counted.
    """

    #: Every game an Engine runs, by Game.kind: the registry's (engine/games.py), unless an
    #: instance is given its own (`games=`: a test's declarations).
    GAMES: Games = DECLARATIONS

    def __init__(
        self,
        database_url: str = "sqlite:///crossed_canvas.db",
        *,
        clock: Clock | None = None,
        seed: int | None = None,
        retention_days: float = RETENTION_DAYS,
        games: Games | None = None,
        robot_seconds: tuple[float, float] = robots.ROBOT_SECONDS,
    ) -> None:
        """`robot_seconds`: how long a robot thinks before its first move in a phase, from
        fewest to most seconds (engine/robots.py; shorter in tests and a hurried rehearsal)."""
        self.door = Door(
            database_url,
            clock=clock,
            seed=seed,
            games=self.GAMES if games is None else games,
            sitting=SITTING,
        )
        self.GAMES = self.door.games
        #: Told the code of every game a command here changed, once committed (push streams).
        self.changes = self.door.changes
        self.classes = Classes(self.door)
        self.lobby = Lobby(self.door, self.classes)
        self.host = Host(self.door, self.classes)
        self.views = Views(self.door, self.classes)
        self.keeper = Keeper(self.door, retention_days)
        self.robots = Robots(self.door, robot_seconds)
        self.faces = Faces(self.door)

    @property
    def RUNNING_PHASES(self) -> list[str]:
        """Every phase in which some game of this engine's may run its clock (what the keeper
        and the robots look at)."""
        return running_phases(self.GAMES)

    @property
    def hears_other_servers(self) -> bool:
        """Whether `listen_to_other_servers` hears anything (PostgreSQL, not SQLite)."""
        return self.keeper.hears_other_servers

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
