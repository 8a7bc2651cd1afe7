"""One keeper thread per app process: it moves games on at their deadlines with nobody looking
(it wakes at the next deadline), marks them kept (so a restart can tell an outage from a quiet
class), purges old games and moves the robots due to move (`Engine.play_robots`: every
process steps every robot, and the engine lets each robot's move happen once).

A thread, not a timer in the engine: the engine only reads its injected clock, and this beat
calls `Engine.keep()` and `Engine.play_robots()` the way a page calls a command.
"""

from __future__ import annotations

import logging
import threading

from engine import Engine

# Pages no longer ask for the game every second (they are told by push), so this beat and
# the wake-ups at deadlines are what end phases: often enough that a phase started since the
# last beat still ends on time. A beat is one read and one small write for all running games.
KEEP_SECONDS = 1.0
DEADLINE_SLACK = 0.05

log = logging.getLogger(__name__)


class Keeper:
    """A daemon thread beating `engine.keep()` until stopped."""

    def __init__(self, engine: Engine, interval: float = KEEP_SECONDS) -> None:
        self._engine = engine
        self._interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="crossed-canvas-keeper", daemon=True)

    def start(self) -> Keeper:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            wait = self._interval
            for beat in (self._engine.keep, self._engine.play_robots):
                try:
                    due_in = beat()
                except Exception:  # a database hiccup must not end the beat
                    log.exception("keeper beat failed; trying again")
                    continue
                # Wake at the next deadline (or robot's move), so a phase ends on time with
                # every page closed (a push tells the pages); a bit after it, so the deadline
                # has surely passed.
                if due_in is not None:
                    wait = min(wait, due_in + DEADLINE_SLACK)
            self._stop.wait(wait)
