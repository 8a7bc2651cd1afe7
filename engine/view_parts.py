"""The parts of a view every game's views share: the game row without its secrets, the header
every public view opens with, the facilitator's commands and the time left in a phase."""

from __future__ import annotations

from dataclasses import dataclass

from engine import avatars
from engine.declaration import Answers, PhaseTable
from engine.models import Game, Player, id_of
from engine.view_types import GameHeader


@dataclass(frozen=True)
class GameFacts:
    """The game row without its secrets (seed, rotations, token hash, removed browsers), so
    that no view can reach one of them by mistake."""

    id: int
    code: str
    kind: str
    language: str
    phase: str
    round: int
    rounds: int
    phase_started_at: float | None
    deadline: float | None
    paused: bool
    paused_left: float | None
    durations: dict[str, float | None]
    version: int
    stage: int
    locked: bool
    interrupted: bool
    next_code: str | None
    name_filter: bool
    allowed_names: list[str]
    faces: bool
    shown_round: int | None
    # Its number among its class's tables (None: a game of its own).
    table: int | None = None
    # A class's table still in its lobby while others of its sitting play (Game.latecomers).
    latecomers: bool = False
    # A latecomers' table whose sitting's other tables have all finished (Game.others_finished).
    others_finished: bool = False

    @classmethod
    def of(cls, game: Game) -> GameFacts:
        return cls(
            id=id_of(game),
            code=game.code,
            kind=game.kind,
            language=game.language,
            phase=game.phase,
            round=game.round,
            rounds=game.rounds,
            phase_started_at=game.phase_started_at,
            deadline=game.deadline,
            paused=game.paused,
            paused_left=game.paused_left,
            durations=dict(game.durations),
            version=game.version,
            stage=game.stage,
            locked=game.locked,
            interrupted=game.interrupted,
            next_code=game.next_code,
            name_filter=game.name_filter,
            allowed_names=list(game.allowed_names),
            faces=game.faces,
            shown_round=game.shown_round,
            table=game.table,
            latecomers=game.latecomers,
            others_finished=game.others_finished,
        )


def facilitator_actions(game: GameFacts, phases: PhaseTable, players: int) -> list[str]:
    """The commands the facilitator may give now: start once enough players joined; while a
    round runs, pause or resume, end the phase, and more time for a phase that has a clock."""
    if game.phase == phases.lobby:
        return ["start"] if players >= phases.min_players else []
    if not phases.running(game.phase):
        return []
    timed = game.paused_left is not None if game.paused else game.deadline is not None
    return ["resume" if game.paused else "pause", "advance"] + (["extend"] if timed else [])


def game_header(game: GameFacts, players: list[Player], now: float) -> GameHeader:
    """What every game's public view opens with: where the game is and who plays it."""
    return {
        # Which game this is (Game.kind; a variant's views say their game and the variant).
        "game": game.kind,
        "code": game.code,
        "language": game.language,
        "phase": game.phase,
        "round": game.round,
        "rounds": game.rounds,
        # The game's status as this view was built (what `Engine.status` tells anyone with
        # the code, and every push event): a page compares these, with no read of its own.
        "version": game.version,
        "stage": game.stage,
        "seconds_left": seconds_left(game, now),
        "paused": game.paused,
        # Paused by the engine after the server was away, not by the facilitator.
        "interrupted": game.interrupted,
        "locked": game.locked,
        "players": [p.name for p in players],
        # The players who are robots (public: their seats, never their roles, which the
        # reveal says as it says everyone's).
        "robots": [p.name for p in players if p.robot],
        # Whether faces are shown beside names (Game.faces, the teacher's switch), and each
        # player's face (engine/avatars.py), public like the name: picked or drawn in the
        # lobby before any secret is dealt, never from a round; a drawn face the teacher hid
        # is the player's animal here. Faces off: none.
        "faces": game.faces,
        "avatars": {p.name: avatars.shown_face(p) for p in players} if game.faces else {},
        # The code of the game the class plays next, once the facilitator started it.
        "next_game": game.next_code,
        # A class's table waiting while the others play: who sits here came late (public:
        # the class projector lists them as latecomers).
        # A class's table's number (None: a game of its own): its phones name their table.
        "table": game.table,
        "latecomers": game.latecomers,
        # ... and every other table of the class has finished (public, as their podium is).
        "others_finished": game.others_finished,
    }


def readiness(answers: Answers) -> dict[str, int] | None:
    """How many are done with what the phase asks, as every view says it ({"done",
    "total"}), from the same answers that end the phase early; None where it counts nobody
    (a choice one player makes, a phase that waits for the clock)."""
    if answers.expected == 0:
        return None
    return {"done": answers.answered, "total": answers.expected}


def seconds_left(game: Game | GameFacts, now: float) -> float | None:
    """Time left in the current phase: frozen while paused, None where no clock runs."""
    if game.paused:
        return None if game.paused_left is None else round(game.paused_left, 1)
    if game.deadline is None:
        return None
    return round(max(0.0, game.deadline - now), 1)
