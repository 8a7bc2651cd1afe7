from __future__ import annotations

import pytest
from cc_support import seat_table
from hypothesis import settings
from postgres_server import PostgresServer

from engine import Engine, FakeClock
from engine.declaration import Games
from engine.robots import ROBOT_SECONDS

# Property tests check what is true, never how fast: on a shared machine an example may take
# longer than Hypothesis's 200 ms deadline (seen at a load of 28), which it reports as flaky.
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def seed() -> int:
    """The engine's seed: a module whose expected deals were worked out on another seed says
    so by overriding this fixture."""
    return 7


@pytest.fixture
def database() -> str:
    """The engine's database: in memory on SQLite, unless a module overrides it."""
    return "sqlite://"


@pytest.fixture
def robot_seconds() -> tuple[float, float]:
    """How long the engine's robots think before a phase's first move: the engine's own,
    unless a module of robots overrides it with quicker ones."""
    return ROBOT_SECONDS


@pytest.fixture
def games() -> Games | None:
    """The games the engine offers: the registry's, unless a module hands it its own (the
    tests' fourth game)."""
    return None


@pytest.fixture
def engine(
    database: str,
    clock: FakeClock,
    seed: int,
    robot_seconds: tuple[float, float],
    games: Games | None,
) -> Engine:
    """Every engine test's engine (one fixture: what a module changes, its database, seed,
    robots' pace or games, are fixtures too)."""
    return Engine(database, clock=clock, seed=seed, robot_seconds=robot_seconds, games=games)


@pytest.fixture
def table(engine: Engine, clock: FakeClock):
    """A started six-player game at the start of round 1's roles phase."""
    return seat_table(engine, clock, 6)


@pytest.fixture(params=["sqlite", "postgresql"])
def file_url(request, tmp_path) -> str:
    """A fresh database on disk: a SQLite file, or a new database on a throwaway PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'crossed.db'}"
    return request.getfixturevalue("postgres_server").new_database()


@pytest.fixture(scope="session")
def postgres_server():
    """A PostgreSQL server of our own for this test run, in a temporary folder in memory (no
    system service, no password): tests/run.sh installs Debian's postgresql package for it."""
    server = PostgresServer.start(in_memory=True)
    yield server
    server.stop()
