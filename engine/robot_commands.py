"""Robot seats, the Engine's robots part: a teacher seats robots in a game's lobby (`add_robots`),
and every server's keeper steps them (`play_robots`): each robot due to move reads its own
view and makes one move through the one gate, as a phone would (engine/robots.py)."""

from __future__ import annotations

from typing import NamedTuple

from sqlmodel import Session, col, select

from engine import robots, storage
from engine.declaration import require_lobby
from engine.door import Door, is_whole
from engine.errors import RuleError
from engine.models import Game, Player, id_of
from engine.names import name_key
from engine.seats import next_seat
from engine.tokens import token_hash


class RobotTurn(NamedTuple):
    """What the runner reads of a robot and its game to know whether it is due to move."""

    code: str
    kind: str
    seed: int
    phase: str
    round: int
    phase_started_at: float
    timed: bool
    version: int
    robot: Player


class Robots:
    """The robots part of `Engine`, through the door."""

    def __init__(self, door: Door, robot_seconds: tuple[float, float]) -> None:
        """`robot_seconds`: how long a robot thinks before its first move in a phase, from
        fewest to most seconds (engine/robots.py; shorter in tests and a hurried rehearsal)."""
        self.door = door
        self.robot_seconds = robot_seconds
        #: The robots (player ids) whose own view offered no move at this game version.
        self._idle: dict[int, int] = {}

    def add_robots(self, facilitator_token: str, count: int) -> list[str]:
        """Seat `count` robots in the game's lobby, after its students; returns their names.
        Refused once the game started, beyond the game's largest table, and at a class's table
        (the class page fills a short table instead: `fill_table_with_robots`)."""

        def act(session: Session, game: Game, now: float) -> list[str]:
            require_lobby(game)
            if game.classroom_id is not None:
                raise RuleError("error.robots_in_class")
            if not is_whole(count) or count < 1:
                raise RuleError("error.robot_count")
            players = storage.players(session, game)
            most = self.door.rules_of(game).table.max_players
            if len(players) + count > most:
                raise RuleError("error.robots_too_many", most=most, free=most - len(players))
            names = robots.robot_names([p.name for p in players], count)
            seat_robots(session, game, names)
            game.version += 1
            return names

        return self.door.write_by_facilitator(facilitator_token, act)

    def play_robots(self) -> float | None:
        """One beat of the robots on this server: every robot of a running, unpaused game that
        is due makes one move its own view allows (none: it waits for a later beat). Returns
        the seconds until the next robot is due (None: none is waiting for its time)."""
        now = self.door.clock()
        due, next_due = self.due_robots(now)
        for turn in due:
            self.play_robot(turn)
        return None if next_due is None else next_due - now

    def due_robots(self, now: float) -> tuple[list[RobotTurn], float | None]:
        """The robots due to move at `now` (a robot sitting a timed phase out never is, nor
        one whose view offered no move at its game's version: reading it again would cost a
        view every beat), and when the next one waiting for its time is due."""
        due: list[RobotTurn] = []
        next_due: float | None = None
        turns = self._robot_turns()
        idle = self._idle
        self._idle = {
            id_of(turn.robot): idle[id_of(turn.robot)]
            for turn in turns
            if idle.get(id_of(turn.robot)) == turn.version
        }
        for turn in turns:
            robot = turn.robot
            if id_of(robot) in self._idle:
                continue  # its view offered no move at this version: nothing changed since
            if turn.timed and robots.sits_out(turn.seed, robot.seat, turn.round, turn.phase):
                continue
            at = robots.due_at(turn.seed, robot, turn.phase_started_at, self.robot_seconds)
            if at <= now:
                due.append(turn)
            else:
                next_due = at if next_due is None else min(next_due, at)
        return due, next_due

    def _robot_turns(self) -> list[RobotTurn]:
        """Every robot of every running, unpaused game, in seat order."""
        with self.door.db.read() as session:
            rows = session.exec(
                select(Game, Player)
                .join(Player, col(Player.game_id) == col(Game.id))
                .where(
                    col(Player.robot).is_(True),
                    col(Game.phase).in_(self.door.running_phases),
                    col(Game.paused).is_(False),
                )
                .order_by(col(Game.id), col(Player.seat))
            ).all()
        return [
            RobotTurn(
                game.code,
                game.kind,
                game.seed,
                game.phase,
                game.round,
                game.phase_started_at or 0.0,
                game.deadline is not None,
                game.version,
                robot,
            )
            for game, robot in rows
        ]

    def play_robot(self, turn: RobotTurn) -> None:
        """The robot's move, picked from its own view alone, made as its phone would make it,
        after what its phone does on being looked at (`Bot.look`: opening its role card); a
        refusal (another server moved it first, the phase ended meanwhile) changes nothing."""
        robot = turn.robot
        token = robots.robot_token(turn.seed, robot.seat)
        try:
            view = self.door.view(lambda s: _game_and_player(s, token), "player")
            bot = self.door.games[turn.kind].bot
            looked = bot.look(view) if bot.look is not None else None
            if looked is not None:  # idempotent: another server's look changes nothing more
                self.door.command(token, looked)
            play = robots.pick(bot, view, turn.seed, robot)
            if play is None:
                self._idle[id_of(robot)] = turn.version
                return
            with robots.moving(robot.robot_moves):
                play.on(
                    self.door,
                    token,
                    robots.request_id(robot),
                    phase=view["phase"],
                    round=view["round"],
                )
        except RuleError:
            return


def seat_robots(session: Session, game: Game, names: list[str]) -> None:
    """Seat robots of these names after the game's players (`robots.robot_names` names them
    apart from everyone). They are pinned: a class's seating never moves a robot, whose link
    is made from its table's seed and seat."""
    for name in names:
        seat = next_seat(session, game)
        session.add(
            Player(
                game_id=id_of(game),
                seat=seat,
                name=name,
                name_key=name_key(name),
                token_hash=token_hash(robots.robot_token(game.seed, seat)),
                robot=True,
                pinned=True,
            )
        )
        session.flush()


def _game_and_player(session: Session, token: str) -> tuple[Game, Player | None]:
    player, game = storage.player_and_game(session, token)
    return game, player
