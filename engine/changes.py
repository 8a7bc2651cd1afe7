"""Who hears that a game changed: the push streams of this app server, and (on PostgreSQL) of
every other app server on the same database.

A notice says only "game CODE changed"; whoever hears it reads the game's version from the
database, which stays the truth. A lost notice therefore costs time, never correctness: the
listeners also look at the database now and then without one.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from sqlalchemy import Engine as SqlEngine
from sqlalchemy import text
from sqlmodel import Session

from engine.db import driver_connection

#: The PostgreSQL channel every app server LISTENs on.
CHANNEL = "crossed_canvas_changes"

Listener = Callable[[str], None]

log = logging.getLogger(__name__)


class ChangeFeed:
    """Listeners called with a game's code after a change to it was committed here."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(code)` after each change; returns the call that stops it."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def publish(self, code: str) -> None:
        """Tell every listener; one that fails must not stop the others, nor the command."""
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(code)
            except Exception:  # a listener's bug is logged, never a player's error
                log.exception("change listener failed")


def notify_other_servers(session: Session, code: str) -> None:
    """Within a PostgreSQL write transaction: other servers hear of it once it commits (a
    rolled-back command tells nobody)."""
    notice = text("SELECT pg_notify(:channel, :code)").bindparams(channel=CHANNEL, code=code)
    session.connection().execute(notice)


def listen_to_other_servers(
    engine: SqlEngine, heard: Listener, stop: threading.Event, *, wait_seconds: float = 1.0
) -> None:
    """LISTEN on CHANNEL until `stop` is set, calling `heard(code)` for every notice. Blocks:
    run it in a thread. A lost connection is opened again (what was missed meanwhile is made
    up by the listeners' own reads). Needs the psycopg (3) driver, the one the README uses."""
    while not stop.is_set():
        try:
            with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
                connection.execute(text(f"LISTEN {CHANNEL}"))
                driver = driver_connection(connection)
                while not stop.is_set():
                    for notice in driver.notifies(timeout=wait_seconds):
                        heard(notice.payload)
        except Exception:  # a dropped connection must not end the listening
            log.exception("listening for other servers' changes failed; trying again")
            stop.wait(wait_seconds)
