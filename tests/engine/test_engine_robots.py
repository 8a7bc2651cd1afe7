"""Robot seats (issue 43): a teacher seats robots in a lobby, within the game's table; each
robot moves from its own view after its delay, never while the game is paused, and once per
move however many engines (servers) step it at the same moment."""

from __future__ import annotations

import itertools
import random
import threading

import pytest
import robot_workers
from cc_support import row_counts
from sqlalchemy import text
from test_conformance import a_move
from test_engine_concurrency import in_processes

from engine import Engine, FakeClock, storage
from engine.crossed_canvas import tracing
from engine.games import DECLARATIONS
from engine.robots import robot_token
from tests.kit import refused

_ids = itertools.count()
#: A quick robot (a test's: the app's think for seconds) and the clock's longest step, well
#: under the outage a keeper's late beat would take for a sleeping laptop.
QUICK = (0.5, 2.0)
LONGEST_STEP = 5.0
MOST_STEPS = 4000


def teacher_with_robots(engine: Engine, kind: str, robots: int) -> tuple[str, str, str]:
    """A game of `kind` at a quick pace (no phase over 20 s) with the teacher seated as Ana
    and `robots` robots: its code, key and Ana's token."""
    quick = {phase: min(20.0, s) for phase, s in Engine.default_durations(kind).items()}
    new = engine.create_game(game=kind, durations=quick)
    ana = engine.join(new.code, "Ana")
    engine.add_robots(new.facilitator_token, robots)
    return new.code, new.facilitator_token, ana


def beat(engines: list[Engine], clock: FakeClock) -> None:
    """Every engine's keeper and robots beat once, then the clock moves to what is due next."""
    waits = []
    for engine in engines:
        waits += [engine.keep(), engine.play_robots()]
    due = [wait for wait in waits if wait is not None]
    clock.advance(min(LONGEST_STEP, max(0.5, min(due, default=1.0))))


def play_to_the_end(engines: list[Engine], clock: FakeClock, code: str, ana: str, kind: str):
    """Ana plays her seat from her view (as the test's one human), the robots the rest."""
    engine = engines[0]
    rng = random.Random(kind)
    for _ in range(MOST_STEPS):
        view = engine.player_view(ana)
        if view["phase"] == "finished":
            return view
        legal = DECLARATIONS[kind].bot.legal_moves(view, rng)
        if legal and rng.random() < 0.3:
            a_move(legal, rng).on(engine, ana, f"ana-{next(_ids)}")
        beat(engines, clock)
    raise AssertionError(f"{kind} with robots did not end")


def robot_moves(engine: Engine, code: str) -> dict[str, int]:
    """Each robot's moves made, by name (as stored)."""
    with engine.door.db.engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT p.name, p.robot_moves FROM player p JOIN game g ON g.id = p.game_id "
                "WHERE g.code = :code AND p.robot"
            ),
            {"code": code},
        )
        return {name: moves for name, moves in rows}


@pytest.mark.parametrize("kind", sorted(Engine.offered_games()))
def test_a_teacher_alone_with_robots_plays_each_game_to_its_end(kind, tmp_path):
    clock = FakeClock(1_000.0)
    engine = Engine(f"sqlite:///{tmp_path / 'robots.db'}", clock=clock, seed=3, robot_seconds=QUICK)
    fewest = Engine.offered_games()[kind]["class_fewest"]
    code, key, ana = teacher_with_robots(engine, kind, fewest)
    lobby = engine.public_view(code)
    robots = [f"Robot {n}" for n in range(1, fewest + 1)]
    assert lobby["players"] == ["Ana", *robots] and lobby["robots"] == robots
    engine.start(key)
    end = play_to_the_end([engine], clock, code, ana, kind)
    assert end["robots"] == robots
    assert end["winners"]
    moves = robot_moves(engine, code)
    assert all(moves[name] > 0 for name in robots), moves


def test_robots_wait_their_delay_and_never_move_while_paused():
    clock = FakeClock(1_000.0)
    engine = Engine("sqlite://", clock=clock, seed=5, robot_seconds=(4.0, 6.0))
    code, key, ana = teacher_with_robots(engine, "crossed_canvas", 4)
    engine.start(key)
    engine.advance(key, phase="roles")  # the first pulse: every artist may draw now
    assert engine.public_view(code)["phase"] == "pulse1"
    assert 4.0 <= engine.play_robots() <= 6.0
    assert engine.public_view(code)["ready"]["done"] == 0  # none thinks faster than 4 s
    engine.pause(key)
    clock.advance(7.0)
    assert engine.play_robots() is None
    assert engine.public_view(code)["ready"]["done"] == 0  # paused: nobody moves
    engine.resume(key)
    engine.play_robots()
    drew = engine.public_view(code)["ready"]["done"]
    artists = 4 - (engine.player_view(ana)["role"] == "curator")
    # Every artist robot drew, but for one letting this pulse run out, as students may.
    assert drew >= 1 and drew <= artists


def test_a_robot_artist_draws_outlines_of_its_own_picture():
    """The loyal robots trace the true object, the Distorter robot its decoy: a teacher can
    find the Distorter by looking, as a class would."""
    clock = FakeClock(1_000.0)
    engine = Engine("sqlite://", clock=clock, seed=8, robot_seconds=QUICK)
    code, key, ana = teacher_with_robots(engine, "crossed_canvas", 4)
    engine.start(key)
    engine.advance(key, phase="roles")
    clock.advance(QUICK[1])
    engine.play_robots()
    engine.advance(key, phase="pulse1")  # the merge shows the first pulse's drawing
    with engine.door.db.read() as session:
        seed = storage.game_by_code(session, code).seed
    drawn = {f["signature"]: f["strokes"] for f in engine.public_view(code)["fragments"]}
    robots = [engine.player_view(robot_token(seed, seat)) for seat in (2, 3, 4, 5)]
    traced = 0
    for robot in robots:
        if robot["signature"] not in drawn:
            continue  # the Curator, or a robot letting this pulse run out
        points = {point for line in tracing.outlines(robot["target"]["image"]) for point in line}
        for stroke in drawn[robot["signature"]]:
            assert {tuple(point) for point in stroke} <= points, robot["name"]
        traced += 1
    assert traced >= 2


def test_robots_on_two_engines_make_each_move_once(file_url):
    """Two servers (two engines on one database) step the robots of a Canvas Layers game at
    the same moments, as two processes' keepers may: every robot's moves are numbered, and
    each number is one stored move (its request id), never two, none skipped."""
    clock = FakeClock(1_000.0)
    engines = [Engine(file_url, clock=clock, seed=9, robot_seconds=QUICK) for _ in range(2)]
    code, key, ana = teacher_with_robots(engines[0], "canvas_layers", 3)
    engines[0].start(key)
    dice = random.Random(0)
    together = threading.Barrier(len(engines))

    def robots_beat(engine: Engine) -> None:
        together.wait()
        engine.play_robots()

    for _ in range(MOST_STEPS):
        if engines[0].public_view(code)["phase"] == "finished":
            break

        threads = [threading.Thread(target=robots_beat, args=(e,)) for e in engines]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        legal = DECLARATIONS["canvas_layers"].bot.legal_moves(engines[0].player_view(ana), dice)
        if legal:
            a_move(legal, dice).on(engines[0], ana, f"ana-{next(_ids)}")
        beat(engines[:1], clock)
    assert engines[0].public_view(code)["phase"] == "finished"
    assert_each_move_once(engines[0], code)


def assert_each_move_once(engine: Engine, code: str) -> None:
    """Every robot's moves in Canvas Layers game `code` are numbered, and each number is one
    stored move (its request id), never two, none skipped."""
    with engine.door.db.engine.connect() as connection:
        robots = connection.execute(
            text(
                "SELECT p.seat, p.robot_moves FROM player p JOIN game g ON g.id = p.game_id "
                "WHERE g.code = :code AND p.robot"
            ),
            {"code": code},
        ).all()
        stored = connection.execute(
            text(
                "SELECT m.request_id FROM layers_move m JOIN player p ON p.id = m.player_id "
                "JOIN game g ON g.id = p.game_id WHERE p.robot AND g.code = :code"
            ),
            {"code": code},
        ).all()
    numbered = [f"robot-{seat}-{n}" for seat, made in robots for n in range(made)]
    assert sorted(request for (request,) in stored) == sorted(numbered)
    assert numbered


def test_robots_stepped_by_two_processes_make_each_move_once(file_url):
    """Two processes (two servers' keepers) beat the robots of one Canvas Layers game of
    robots from the same moment on, each as fast as it can: the game ends, each robot's move
    was made once, and every turn was one move."""
    engine = Engine(file_url, seed=9)
    untimed = dict.fromkeys(Engine.default_durations("canvas_layers"), None)
    new = engine.create_game(game="canvas_layers", durations=untimed)
    engine.add_robots(new.facilitator_token, 3)
    engine.start(new.facilitator_token)
    outcomes = in_processes(robot_workers.step_robots, file_url, new.code, tags=("P", "Q"))
    assert [status for _, status, _ in outcomes] == ["ok", "ok"], outcomes
    assert all(beats > 0 for _, _, beats in outcomes), outcomes  # both stepped the game
    final = engine.public_view(new.code)
    assert all(len(painter["paintings"]) == 3 for painter in final["painters"])
    assert_each_move_once(engine, new.code)
    assert sum(robot_moves(engine, new.code).values()) == final["round"]  # no tie to pick


def test_a_server_stepping_a_robot_another_just_moved_makes_no_second_move(file_url):
    """The same moment on two servers, drawn out: one reads which robots are due, the other
    moves them all, then the first plays what it read. Mid-build (each robot takes piece
    after piece), it must not add a piece or finish a mosaic the robot did not mean."""
    clock = FakeClock(1_000.0)
    first, second = (Engine(file_url, clock=clock, seed=4, robot_seconds=QUICK) for _ in "ab")
    code, key, ana = teacher_with_robots(first, "canvas_critters", 3)
    first.start(key)
    for _ in range(200):
        if first.public_view(code)["phase"] == "build":
            break
        if first.player_view(ana)["actions"]:  # Ana's turn to pick the theme
            first.pick_theme(ana, first.player_view(ana)["actions"]["pick_theme"]["themes"][0])
        beat([first], clock)
    clock.advance(QUICK[1])  # every robot is due to take its first piece
    stale, _ = first.robots.due_robots(clock())
    assert stale
    second.play_robots()
    seen = [first.public_view(code), first.facilitator_view(key)]
    moved = robot_moves(first, code)
    for turn in stale:
        first.robots.play_robot(turn)
    assert [first.public_view(code), first.facilitator_view(key)] == seen
    assert robot_moves(first, code) == moved


def test_robots_are_seated_only_in_a_lobby_within_the_table():
    engine = Engine("sqlite://", clock=FakeClock(), seed=1)
    new = engine.create_game(game="canvas_layers")  # two to five painters
    engine.join(new.code, "Robot 1")
    refused("error.robot_count", engine.add_robots, new.facilitator_token, 0)
    refused("error.robot_count", engine.add_robots, new.facilitator_token, "2")
    error = refused("error.robots_too_many", engine.add_robots, new.facilitator_token, 5)
    assert error.params == {"most": 5, "free": 4}
    assert engine.add_robots(new.facilitator_token, 2) == ["Robot 2", "Robot 3"]
    engine.start(new.facilitator_token)
    refused("error.already_started", engine.add_robots, new.facilitator_token, 1)
    assert engine.public_view(new.code)["robots"] == ["Robot 2", "Robot 3"]


def test_nobody_but_the_runner_moves_a_robot_and_deleting_leaves_no_robot(tmp_path):
    engine = Engine(f"sqlite:///{tmp_path / 'r.db'}", clock=FakeClock(), seed=2)
    code, key, ana = teacher_with_robots(engine, "crossed_canvas", 4)
    engine.start(key)
    engine.advance(key, phase="roles")
    with engine.door.db.read() as session:
        seed = storage.game_by_code(session, code).seed
    views = {seat: engine.player_view(robot_token(seed, seat)) for seat in (2, 3, 4, 5)}
    seat = next(seat for seat, view in views.items() if view["actions"])
    move = DECLARATIONS["crossed_canvas"].bot.legal_moves(views[seat], random.Random(0))[0]
    # A page holding a robot's link (it is never shown) may not play it, and the teacher's
    # "new link" (for a student who lost theirs) gives none for a robot.
    refused("error.robot_seat", move.on, engine, robot_token(seed, seat), "stolen-1")
    refused("error.robot_seat", engine.player_token, key, views[seat]["name"])
    assert engine.public_view(code)["ready"]["done"] == 0
    assert row_counts(engine)["player"] == 5
    engine.delete_game(key)
    assert row_counts(engine)["player"] == 0
