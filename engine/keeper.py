"""The Engine's keeper part: what the app's keeper thread does every few seconds (move every
running game on at its deadlines, mark them kept, purge old games now and then), and hearing
what other app servers on the same database change."""

from __future__ import annotations

import threading

from sqlmodel import Session, col, select

from engine import storage
from engine.changes import listen_to_other_servers
from engine.deck_store import STORED_DECK_PREFIX
from engine.door import OUTAGE_SECONDS, Door
from engine.models import Game
from engine.storage import delete_classes, delete_games, delete_unused_decks, old_classes

PURGE_EVERY_SECONDS = 600.0


class Keeper:
    """The keeper's beats and the purge, through the door."""

    def __init__(self, door: Door, retention_days: float) -> None:
        self.door = door
        self._retention_seconds = retention_days * 86400.0
        self._last_purge: float | None = None

    def keep(self) -> float | None:
        """One beat of this process's keeper: the app calls it every few seconds, and at the
        next deadline; returns the seconds until then (None: no running game has one).

        Every running game is moved on at its deadlines, even with nobody looking, and marked
        kept, so a restart knows how long games went without a server. A beat that comes more
        than OUTAGE_SECONDS late means this process itself was away (a sleeping laptop): the
        games it alone kept resume paused. Old games are purged now and then.
        """
        now = self.door.clock()
        self.door.beat(now)
        running = (col(Game.phase).in_(self.door.running_phases), col(Game.paused).is_(False))
        with self.door.db.read() as session:
            games = session.exec(select(Game).where(*running)).all()
        next_deadline: float | None = None
        for game in games:
            if self.door.needs_catch_up(game, now):
                self.door.tick(game.code)
                next_deadline = now  # its next deadline is new: look again at once
            elif game.deadline is not None:
                next_deadline = min(game.deadline, next_deadline or game.deadline)
        kept = (*running, col(Game.kept_at) >= self.door.awake_since - OUTAGE_SECONDS)
        self.door.db.write(lambda session: storage.mark_kept(session, kept, now))
        if self._last_purge is None or now - self._last_purge >= PURGE_EVERY_SECONDS:
            self.purge()
        return None if next_deadline is None else max(0.0, next_deadline - now)

    def purge(self) -> int:
        """Delete every game whose last change is older than the retention period (a class's
        tables: with their class, once neither changed for as long), and every uploaded deck
        no game or class uses and none was created on for as long; how many games."""
        now = self.door.clock()
        self._last_purge = now
        cutoff = now - self._retention_seconds

        def delete_old(session: Session) -> int:
            alone = col(Game.classroom_id).is_(None)  # a class's tables go with their class
            old = storage.lock_free(session, Game, col(Game.touched_at) < cutoff, alone)
            delete_games(session, old, self.door.games.values())
            tables = delete_classes(session, old_classes(session, cutoff), self.door.games.values())
            delete_unused_decks(session, cutoff, STORED_DECK_PREFIX)
            return len(old) + tables

        return self.door.db.write(delete_old)

    @property
    def hears_other_servers(self) -> bool:
        """Whether `listen_to_other_servers` hears anything (PostgreSQL, not SQLite)."""
        return not self.door.db.is_sqlite

    def listen_to_other_servers(self, stop: threading.Event) -> None:
        """Until `stop` is set, tell `changes` of every game other app servers on this database
        change (PostgreSQL's LISTEN/NOTIFY). Blocks: run it in a thread. On SQLite, which has
        no such notices and serves one machine, it returns at once."""
        if not self.door.db.is_sqlite:
            listen_to_other_servers(self.door.db.engine, self.door.changes.publish, stop)
