"""One keeper thread per app process: it moves games on at their deadlines with nobody looking,
marks them kept (so a restart can tell an outage from a quiet class), and purges old games.

A thread, not a timer in the engine: the engine only reads its injected clock, and this beat
calls `Engine.keep()` the way a page calls a command.
"""

from __future__ import annotations

import logging
import threading

from engine import Engine

KEEP_SECONDS = 5.0  # well under the engine's 30 s outage threshold

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
            try:
                self._engine.keep()
            except Exception:  # noqa: BLE001 - a database hiccup must not end the beat
                log.exception("keeper beat failed; trying again")
            self._stop.wait(self._interval)
