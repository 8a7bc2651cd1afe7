"""What a game declares, so one engine can run any game (boardgame.io's shape in Python).

A game is one `PhaseTable` (pure: its phases in order, each phase's length, the moves it
allows, when it ends early and what it makes public) plus one `GameDeclaration` that adds what
touches stored rows: setup at the start, what happens on leaving and on entering a phase, the
answers counted for "ends early", its moves (name -> `Move`, boardgame.io's `moves`) and its
views. `engine/flow.py` walks any declaration with
one bounded loop; the service finds a game's declaration and never names a phase itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from engine.errors import RuleError
from engine.i18n import LANGUAGES

if TYPE_CHECKING:
    from sqlmodel import Session

    from engine.models import Game, Player
    from engine.table import Table


@dataclass(frozen=True)
class Answers:
    """What the players have answered so far in the current phase: for `ends_early`, and for
    the views' "who is ready" (`view_parts.readiness`), so the two never disagree."""

    answered: int = 0  # players (or artists) who answered what the phase asks
    expected: int = 0  # how many answers end the phase early
    decided: bool = False  # a phase that one player's answer ends (the Curator's choice)
    # Who answered (player ids), where the phase counts players: their views mark them ready.
    who: frozenset[int] = frozenset()

    @classmethod
    def of(cls, who: Iterable[int], expected: int, *, decided: bool = False) -> Answers:
        """The answers of these players, out of `expected`."""
        answered = frozenset(who)
        return cls(len(answered), expected, decided, answered)


@dataclass(frozen=True)
class PhaseRule:
    """One phase of a round: the rulebook's length, the moves it allows, whether it ends as
    soon as everyone answered, and the secrets of the round it makes visible (to everyone
    for round facts, to their owner for a player's own ones): each view asks this, never
    the order phases are listed in."""

    seconds: float
    moves: frozenset[str] = frozenset()
    ends_early: Callable[[Answers], bool] | None = None
    shows: frozenset[str] = frozenset()
    # The length setting of another phase (of this game or of its other variant) that this
    # one takes, paced and overridden with it, when the rulebook times both with the same
    # timer: this phase then has no setting of its own.
    timed_as: str | None = None
    # Whether the phase after this one is skipped, asked of the answers as this one ends
    # (on time, early or by the facilitator): for a following phase that only some answer
    # starts, like a sand timer that only the first to finish flips.
    skips_next: Callable[[Answers], bool] | None = None


def everyone_answered(answers: Answers) -> bool:
    return answers.expected > 0 and answers.answered >= answers.expected


def one_answer_decides(answers: Answers) -> bool:
    return answers.decided


def nobody_answered(answers: Answers) -> bool:
    return answers.answered == 0


#: The phase a game waits in before its start, and the one it ends in: the platform's names,
#: the same for every game (each game's `PhaseTable` declares them as its `lobby` and
#: `finished`), which the pages and classes read a view's phase by. Stored as they are.
LOBBY = "lobby"
FINISHED = "finished"


def require_lobby(game: Game) -> None:
    """Refuse a command that only the lobby allows, once the game has started."""
    if game.phase != LOBBY:
        raise RuleError("error.already_started")


def require_running(game: Game) -> None:
    """Refuse a command of a game being played, before its start or after its end."""
    if game.phase == LOBBY:
        raise RuleError("error.not_started")
    if game.phase == FINISHED:
        raise RuleError("error.game_finished")


@dataclass(frozen=True)
class PhaseTable:
    """A game's phases: the lobby (`LOBBY`), the phases of a round in order, and the end
    (`FINISHED`). The round repeats `rounds` times; after the last phase of the last round
    the game is finished."""

    lobby: str
    round_phases: tuple[str, ...]
    finished: str
    rules: Mapping[str, PhaseRule]
    min_players: int
    max_players: int

    def __post_init__(self) -> None:
        # Checked when declared, not when a class trips over it.
        if set(self.round_phases) != set(self.rules) or len(set(self.round_phases)) != len(
            self.round_phases
        ):
            raise ValueError("every round phase needs exactly one rule")
        if {self.lobby, self.finished} & set(self.round_phases):
            raise ValueError("the lobby and the end are not round phases")
        if self.rules[self.round_phases[-1]].skips_next is not None:
            raise ValueError("a round's last phase has no phase of its round to skip")

    def next_phase(self, phase: str, round_number: int, rounds: int, *, skip: bool = False) -> str:
        """The phase after `phase` (after the one after it, if `skip`: see `skips_next`);
        after the last phase of the last round, the end."""
        if phase == self.lobby:
            return self.round_phases[0]
        if phase == self.finished:
            raise ValueError("a finished game has no next phase")
        at = self.round_phases.index(phase) + 1 + skip
        if at < len(self.round_phases):
            return self.round_phases[at]
        return self.round_phases[0] if round_number < rounds else self.finished

    def running(self, phase: str) -> bool:
        return phase in self.rules

    def shows(self, phase: str, secret: str) -> bool:
        """Whether `secret` is visible in `phase` (never in the lobby; always once finished)."""
        if phase == self.finished:
            return True
        rule = self.rules.get(phase)
        return rule is not None and secret in rule.shows

    def allows(self, phase: str, move: str) -> bool:
        rule = self.rules.get(phase)
        return rule is not None and move in rule.moves

    def ends_early(self, phase: str, answers: Answers) -> bool:
        rule = self.rules.get(phase)
        return rule is not None and rule.ends_early is not None and rule.ends_early(answers)

    def skips_next(self, phase: str, answers: Callable[[], Answers]) -> bool:
        """Whether leaving `phase` skips the phase after it; `answers` (read from stored rows)
        is asked only of a phase whose rule may skip."""
        rule = self.rules.get(phase)
        return rule is not None and rule.skips_next is not None and rule.skips_next(answers())

    def timer_of(self, phase: str) -> str:
        """The length setting (a key of Game.durations) that times `phase`."""
        rule = self.rules.get(phase)
        return phase if rule is None or rule.timed_as is None else rule.timed_as

    @property
    def default_seconds(self) -> dict[str, float]:
        """The rulebook's length of each phase with a setting of its own."""
        return {
            str(phase): self.rules[phase].seconds
            for phase in self.round_phases
            if self.rules[phase].timed_as is None
        }

    def most_steps(self, rounds: int) -> int:
        """More phase changes than a game of `rounds` rounds can make, with room for as many
        rounds again as twice its seats (the tie-breaks a game may add): the bound of the
        walk's loop. A game of many short rounds (Canvas Layers' turns) left alone while its
        server slept catches up through all of them at once."""
        return len(self.round_phases) * (rounds + 2 * self.max_players + 1) + 2


class UploadedDeck(Protocol):
    """A teacher's deck accepted whole: its content as the database keeps it, its pictures
    (MIME type and bytes) by object id, and how many objects it holds."""

    @property
    def content(self) -> dict[str, Any]: ...
    @property
    def pictures(self) -> dict[str, tuple[str, bytes]]: ...
    @property
    def objects(self) -> int: ...


@dataclass(frozen=True)
class Decks:
    """How a game that plays from decks reads them, so the door can keep any game's decks
    without knowing their shape: the built-in one (`default`), one a tool names in the data
    folder (`in_data`: the path resolved, or None for any other, decided without opening it),
    one read from a file (`load`, which refuses a bad file) and one a teacher uploaded, rebuilt
    from its stored content and pictures (`from_stored`). A deck read has a `path` when it
    came from a file."""

    default: Path
    in_data: Callable[[Path], Path | None]
    load: Callable[[Path], Any]
    from_stored: Callable[[dict[str, Any], dict[str, str]], Any]
    # A teacher's upload read (a CSV and picture files, each (file name, bytes)): refused
    # whole (DeckRefused) or accepted whole, as `from_stored` will rebuild it.
    parse: Callable[[bytes, Sequence[tuple[str, bytes]]], UploadedDeck]


Hook = Callable[["Table"], None]
View = Callable[..., dict[str, Any]]


@dataclass(frozen=True)
class Move:
    """One move a player makes, as plain functions of its game's folder, so the door plays any
    game's move by name (`Door.move`) after its one gate has let it through.

    `act(table, player, now, **args)` checks the move against the rules, stores it (moving the
    game's version when it changed anything) and returns what the player's page is told; a
    RuleError refuses it and changes nothing. A move a page may retry has `earlier(session,
    player, request_id)`, which finds what the first try of that request answered (None: this
    is the first); its `act` is also given the `request_id`, to store with what it made."""

    act: Callable[..., Any]
    earlier: Callable[[Session, Player, str], Any] | None = None


@dataclass(frozen=True)
class Command:
    """A game's command that is no move through the gate (a draft kept, a role card seen, a
    teacher's choice for the game), as a plain function of its game's folder, so the door
    plays it by name (`Door.command`) as it plays a move, and a game adds no Engine method.

    `act(table, player, now, **args)` checks it, stores it (moving the game's version when
    others must see it) and returns its answer; a RuleError refuses it and changes nothing.
    `by`: whose token it takes, a seat's ("player": `player` is that seat) or the teacher's
    ("facilitator": `player` is None). `readiness`: a student's own action, which moves the
    game's stage only when it ends the phase (`Door.write_game`)."""

    act: Callable[..., Any]
    by: Literal["player", "facilitator"]
    readiness: bool = False


@dataclass(frozen=True)
class Play:
    """One move a robot may make now, made as a page makes it: the move its button plays (a
    key of its declaration's `moves`) with the move's arguments. `action` is the name the
    player's view lists the move under (its "actions")."""

    action: str
    move: str
    args: Mapping[str, Any]

    def on(self, engine: Any, token: str, request_id: str, **meant: Any) -> Any:
        """Make the move on `engine` (an Engine, which the declarations lie below) as the
        player of `token`, with `request_id` (a retry of it answers the first result);
        `meant`: the round and phase the page showed, as a page sends them."""
        return engine.move(token, self.move, request_id, **self.args, **meant)


#: The moves one listed action allows: given its entry in the view's "actions", the whole
#: view, and the dice for what a player chooses freely (strokes, a title, an order of ribbons).
Plays = Callable[[Any, Mapping[str, Any], random.Random], list[Play]]


@dataclass(frozen=True)
class Bot:
    """A game's robot player (boardgame.io's `ai.enumerate`, OpenSpiel's legal actions): the
    moves each action a view lists allows, so tests and benchmarks play every game one way."""

    plays: Mapping[str, Plays]
    #: The move a robot seat makes among the legal ones (never empty), as a class would play
    #: (a greedy painter); None: an action, then a way of taking it, at random (engine/robots.py).
    prefer: Callable[[Sequence[Play], Mapping[str, Any]], Play] | None = None
    #: The command a phone plays on being looked at that its view lists as no action (opening
    #: the role card: a name of the declaration's `commands`, taking no arguments): a robot
    #: plays it before it moves; None, or no such thing now: nothing.
    look: Callable[[Mapping[str, Any]], str | None] | None = None

    def legal_moves(self, view: Mapping[str, Any], rng: random.Random) -> list[Play]:
        """Every move the player of `view` may make now. An action the view lists that the bot
        cannot play is an error: a game's new move needs its robot before anything plays it."""
        listed: Mapping[str, Any] = view["actions"]
        lacking = set(listed) - set(self.plays)
        if lacking:
            raise ValueError(f"no robot plays {sorted(lacking)}")
        return [
            play for name, entry in listed.items() for play in self.plays[name](entry, view, rng)
        ]


@dataclass(frozen=True)
class GameDeclaration:
    """A whole game as the engine runs it: its phase table and what happens to stored rows
    at the start (`setup`, once the roster is final), on leaving and on entering a phase, the
    answers so far (`answers`, for a phase that may end early), its moves (`moves`, each
    played by name through the door's one gate), its robot player (`bot`) and its views.

    Views are built from `read` (every row the views need, at one version: the engine keeps
    it while the version stands) by `views`: "public" and "facilitator" as
    `view(snapshot, now)`, "player" as `view(snapshot, player, now, private)`, where
    `private` is what `private(table, snapshot, player)` read apart (rows that change no
    version, like a drawing's draft).
    """

    name: str
    # The game's name as a class sees it, in every language the catalogues speak (i18n).
    titles: Mapping[str, str]
    table: PhaseTable
    setup: Hook
    answers: Callable[[Table], Answers]
    read: Callable[[Table], Any]
    views: Mapping[str, View]
    # Delete the game's own rows (its tables, children first) of these games, before the
    # shared Player and Game rows go.
    forget: Callable[[Session, Sequence[int]], None]
    # Every move a phase of its table allows, by the name the table lists it under.
    moves: Mapping[str, Move]
    # How a robot plays it (engine/<game>/bots.py): what tests and benchmarks play through.
    bot: Bot
    on_exit: Mapping[str, Hook] = field(default_factory=dict)
    on_entry: Mapping[str, Hook] = field(default_factory=dict)
    private: Callable[[Table, Any, Any], Any] | None = None
    # Whether the game is over, asked as each phase ends (after its `on_exit`): a game that
    # ends when its players are done rather than after a number of rounds (Canvas Layers ends
    # when everyone has three paintings). None: the phase table's rounds alone decide.
    finished: Callable[[Table], bool] | None = None
    # What the registry and the pages read about the game, so nothing shared names one:
    # the game "play again" creates (a variant is created as its game; None: this one), the
    # phase lengths a teacher may set and a pace scales (None: its table's own), its decks
    # (None: it plays from none, and a teacher picks none), and whether a whole class can
    # play it in tables.
    created_as: str | None = None
    settings: Mapping[str, float] | None = None
    decks: Decks | None = None
    as_class: bool = False
    # The fewest students a class seats at one of its tables, when more than the game's own
    # fewest (None: the same). Every game can say it: a class's tables are the game itself,
    # and a count the game turns into a variant (two at Canvas Critters play its duel) is
    # never a class's table.
    class_fewest: int | None = None
    # Whether a class whose tables played different numbers of rounds ranks its best by
    # points per round (a table's size sets its rounds at Crossed Canvas and Canvas Critters,
    # so totals alone would compare unequal games). False where a "round" is no share of the
    # game (Canvas Layers' turns: every painter completes three paintings whatever the size).
    class_per_round: bool = True
    # The phases a class's table shows on the class projector, one table at a time (its
    # reveal, its scores): a table reaching one while another shows its own waits its turn
    # there, for its whole length (engine/classes/showcase.py).
    showcase: frozenset[str] = frozenset()
    # What a page of the gallery the teacher steps through at the end shows (Engine.
    # show_round): a round (False), or one player's work (Canvas Layers: a painter's three
    # paintings, the rounds being turns).
    gallery_by_player: bool = False
    # The teacher's choices made in this game's lobby that "play again" keeps for the next
    # game (`carry(session, finished, new)`, the new game still in its lobby), so a class
    # plays on as its teacher set it up. None: the game has no such choice.
    carry: Callable[[Session, Game, Game], None] | None = None
    # Its commands that are no moves, by name (`Command`): played through `Door.command`.
    commands: Mapping[str, Command] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Checked when declared: a phase allowing a move the game lacks would otherwise be
        # found only when a player tried it.
        allowed = {move for rule in self.table.rules.values() for move in rule.moves}
        lacking = allowed - set(self.moves)
        if lacking:
            raise ValueError(f"{self.name}: its phases allow moves it lacks: {sorted(lacking)}")
        untitled = set(LANGUAGES) - set(self.titles)
        if untitled:
            raise ValueError(f"{self.name}: it has no name in {sorted(untitled)}")

    @property
    def takes_decks(self) -> bool:
        """Whether a teacher picks a deck for this game."""
        return self.decks is not None

    @property
    def offered(self) -> bool:
        """Whether a teacher creates this game by name (a variant comes with its game)."""
        return self.created_as is None

    @property
    def class_sizes(self) -> tuple[int, int]:
        """The fewest and most students at one of a class's tables of this game."""
        fewest = self.table.min_players if self.class_fewest is None else self.class_fewest
        return fewest, self.table.max_players

    @property
    def phase_seconds(self) -> dict[str, float]:
        """The rulebook's length of each phase a teacher may set for a new game."""
        return dict(self.table.default_seconds if self.settings is None else self.settings)


Games = Mapping[str, GameDeclaration]


def running_phases(games: Games) -> list[str]:
    """Every phase in which some game's clock may run: where the keeper and the robots look."""
    return sorted({phase for game in games.values() for phase in game.table.rules})


def offered_game(games: Games, kind: object) -> GameDeclaration:
    """The game of `games` a teacher asked for by name (None: the first offered, which
    DESIGN.md's `create_game` predating the others makes the default), refused clearly when
    it is not one."""
    if kind is None:
        return next(game for game in games.values() if game.offered)
    found = games.get(kind) if isinstance(kind, str) else None
    if found is None or not found.offered:
        raise RuleError("error.unknown_game")
    return found
