from __future__ import annotations

import pytest
from cc_support import seat_table

from engine import Engine, FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def engine(clock: FakeClock) -> Engine:
    return Engine("sqlite://", clock=clock, seed=7)


@pytest.fixture
def file_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'crossed.db'}"


@pytest.fixture
def table(engine: Engine, clock: FakeClock):
    """A started six-player game at the start of round 1's roles phase."""
    return seat_table(engine, clock, 6)
