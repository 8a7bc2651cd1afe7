"""The engine's only source of time: a callable returning seconds as a float.

Deadlines are absolute times kept in the database and read against this clock, never a thread
or a timer, so tests drive a whole game by moving a fake clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]

system_clock: Clock = time.time


class FakeClock:
    """A clock that stands still until a test moves it."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
