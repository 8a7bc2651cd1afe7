"""A limit on failed code and token guesses, per browser session.

Per browser session, not per network address: a whole school reaches the app from one address.
Kept in this process's memory (a load balancer's sticky sessions keep a browser on one server);
a restart forgets it, which costs a guesser nothing they could not get by waiting.
"""

from __future__ import annotations

import math
import threading
from collections import deque

from engine.clock import Clock
from engine.errors import RuleError

GUESS_LIMIT = 10  # failed guesses allowed in one window
GUESS_WINDOW_SECONDS = 60.0
MAX_TRACKED = 10_000  # browsers remembered at once; the oldest are forgotten first


class GuessLimiter:
    """Counts failures per browser and refuses a browser that failed too often lately."""

    def __init__(
        self, clock: Clock, limit: int = GUESS_LIMIT, window: float = GUESS_WINDOW_SECONDS
    ) -> None:
        self._clock = clock
        self._limit = limit
        self._window = window
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def check(self, browser: str | None) -> None:
        """Refuse a browser over its limit, saying how long to wait."""
        if browser is None:
            return
        now = self._clock()
        with self._lock:
            recent = self._recent(browser, now)
            if len(recent) >= self._limit:
                wait = max(1, math.ceil(recent[0] + self._window - now))
                raise RuleError("error.too_many_guesses", seconds=wait)

    def failed(self, browser: str | None) -> None:
        """One more failed guess from this browser."""
        if browser is None:
            return
        now = self._clock()
        with self._lock:
            self._recent(browser, now).append(now)
            if len(self._failures) > MAX_TRACKED:
                self._failures.pop(next(iter(self._failures)))

    def _recent(self, browser: str, now: float) -> deque[float]:
        recent = self._failures.setdefault(browser, deque())
        while recent and recent[0] <= now - self._window:
            recent.popleft()
        return recent
