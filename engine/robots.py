"""What a robot seat is, for any game: its name, its link, its pace and the move it picks.

A robot plays as a phone does: it reads its own player view, picks one of the moves its game's
bot (engine/<game>/bots.py) lists for that view, and makes it through the Engine's method for
it, with a request id, so the door's one gate judges it like any student's. Each robot's move
has a number (`Player.robot_moves`): the gate lets a robot move only under the number it has
reached (`claimed`, in the move's own transaction), so two servers stepping one robot at the
same moment make one move, the other being told `error.robot_moved` (or, for the same
request, answered the first result). Everything here is decided from stored facts (the game's
seed, the robot's seat and move number), never from which server asks or when it asked.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from sqlmodel import Session, col, update

from engine.declaration import Bot, Play
from engine.errors import RuleError
from engine.models import Player, id_of
from engine.names import name_key
from engine.tokens import derived_token

#: A robot's name, the same in every language the catalogues speak.
ROBOT_NAME = "Robot {number}"
#: A robot's thinking time before its first move in a phase, in seconds (the Engine's
#: `robot_seconds` replaces it: tests and a rehearsal in a hurry); later moves in the same
#: phase (another piece, another card) come four times faster.
ROBOT_SECONDS = (3.0, 9.0)
LATER_MOVES_FASTER = 4.0
#: How often a robot lets a timed phase run out without its move, as a slow student does.
SITS_OUT = 0.1

#: The move number the robot runner is making in this context (None: no robot is moving).
_MOVING: ContextVar[int | None] = ContextVar("robot_moving", default=None)


def robot_names(taken: list[str], count: int) -> list[str]:
    """`count` robot names no seat has yet, numbered from 1."""
    keys = {name_key(name) for name in taken}
    names: list[str] = []
    number = 1
    while len(names) < count:
        name = ROBOT_NAME.format(number=number)
        if name_key(name) not in keys:
            names.append(name)
        number += 1
    return names


def robot_token(seed: int, seat: int) -> str:
    """A robot's link: made from its game's secret seed and its seat, so every server on the
    database can act for it while only the token's hash is stored, as for a student."""
    return derived_token(str(seed), f"robot:{seat}")


def sits_out(seed: int, seat: int, round_number: int, phase: str) -> bool:
    """Whether this robot lets this phase run out without moving (only a timed one ends
    without it: the caller asks only then)."""
    return random.Random(f"sit:{seed}:{seat}:{round_number}:{phase}").random() < SITS_OUT


def due_at(
    seed: int,
    robot: Player,
    phase_started_at: float,
    seconds: tuple[float, float],
) -> float:
    """When the robot makes its next move: a varied delay after its phase started (its first
    move there) or after its last move (a later one), drawn from its move number."""
    low, high = seconds
    delay = random.Random(f"pace:{seed}:{robot.seat}:{robot.robot_moves}").uniform(low, high)
    moved = robot.robot_moved_at
    if moved is None or moved < phase_started_at:
        return phase_started_at + delay
    return moved + delay / LATER_MOVES_FASTER


def pick(bot: Bot, view: dict[str, object], seed: int, robot: Player) -> Play | None:
    """One of the moves the robot's own view allows (None: it has none now): the one its
    game's robot prefers (`Bot.prefer`), or else an action first, then one way of taking it,
    so an action listed many ways (cards to take) is not favoured over one listed once."""
    rng = random.Random(f"move:{seed}:{robot.seat}:{robot.robot_moves}")
    legal = bot.legal_moves(view, rng)
    if not legal:
        return None
    if bot.prefer is not None:
        return bot.prefer(legal, view)
    action = rng.choice(sorted({play.action for play in legal}))
    return rng.choice([play for play in legal if play.action == action])


def request_id(robot: Player) -> str:
    """The request id of the robot's next move: the same on every server, so a second server
    making the same move is answered the first result."""
    return f"robot-{robot.seat}-{robot.robot_moves}"


@contextmanager
def moving(number: int) -> Iterator[None]:
    """The runner makes a robot's move number `number` within this block (`claimed` checks it)."""
    reset = _MOVING.set(number)
    try:
        yield
    finally:
        _MOVING.reset(reset)


def claimed(session: Session, player: Player, now: float) -> None:
    """For a robot's move passing the gate: take the move number the runner is making, in the
    move's own transaction, or refuse the move when another server took it first (or when
    anything but the runner acts for the robot)."""
    number = _MOVING.get()
    if number is None:
        raise RuleError("error.robot_seat")
    taken = session.connection().execute(
        update(Player)
        .where(col(Player.id) == id_of(player), col(Player.robot_moves) == number)
        .values(robot_moves=number + 1, robot_moved_at=now)
    )
    if taken.rowcount != 1:
        raise RuleError("error.robot_moved")
