"""ui/keeper.py: the app's beat moves a game on at its deadline with nobody looking, and stops."""

from __future__ import annotations

from sqlalchemy import text

from engine import Engine
from tests.kit import eventually
from ui.keeper import Keeper


def stored_phase(engine: Engine, code: str) -> str:
    """The phase as stored: unlike a view or status, reading it moves nothing on."""
    with engine.door.db.engine.connect() as connection:
        query = text("SELECT phase FROM game WHERE code = :code")
        return connection.execute(query, {"code": code}).scalar_one()


def test_the_keeper_ends_a_phase_on_time_with_nobody_looking_then_stops(tmp_path):
    engine = Engine(f"sqlite:///{tmp_path / 'k.db'}")
    game = engine.create_game(durations={"roles": 1})
    for name in ["Ana", "Ben", "Cai", "Dee", "Eli"]:
        engine.join(game.code, name)
    engine.start(game.facilitator_token)
    keeper = Keeper(engine, interval=0.05).start()
    try:
        eventually(lambda: stored_phase(engine, game.code), "pulse1", 10)
    finally:
        keeper.stop()
    assert stored_phase(engine, game.code) == "pulse1"
    keeper._thread.join(timeout=2)
    assert not keeper._thread.is_alive()


def test_a_phase_ends_at_its_deadline_not_at_the_next_beat_and_pages_are_told(tmp_path):
    """Every page closed, and a beat every minute: the keeper still wakes at the deadline (a
    one-second phase), and the change is published for the push streams."""
    engine = Engine(f"sqlite:///{tmp_path / 'k.db'}")
    game = engine.create_game(durations={"roles": 1})
    for name in ["Ana", "Ben", "Cai", "Dee", "Eli"]:
        engine.join(game.code, name)
    engine.start(game.facilitator_token)
    told: list[str] = []
    engine.changes.subscribe(told.append)
    keeper = Keeper(engine, interval=60).start()
    try:
        # 10 s, far less than the beat: only the deadline wakes it.
        eventually(lambda: stored_phase(engine, game.code), "pulse1", 10)
    finally:
        keeper.stop()
    assert told and set(told) == {game.code}


def test_robots_move_on_the_keepers_beat_with_nobody_looking(tmp_path):
    """A teacher's robots draw in the first pulse with every page closed: the keeper wakes when
    a robot is due (a beat every minute would be too late), as every app process's does."""
    engine = Engine(f"sqlite:///{tmp_path / 'k.db'}", seed=1, robot_seconds=(0.2, 0.4))
    game = engine.create_game()
    engine.join(game.code, "Ana")
    engine.add_robots(game.facilitator_token, 4)
    engine.start(game.facilitator_token)
    engine.advance(game.facilitator_token, phase="roles")
    keeper = Keeper(engine, interval=60).start()
    try:
        eventually(
            lambda: engine.public_view(game.code)["ready"]["done"] > 0, what="a robot's drawing"
        )
    finally:
        keeper.stop()
