"""What an engine keeps in memory between reads, each with its own lock: the games' snapshots
at their current version, and the uploaded decks it last read. Nothing here is a source of
truth: the database is, and a missed entry is read again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Shelf(Generic[K, V]):
    """At most `size` values by key, the oldest put given up for a new one; thread-safe."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._kept: dict[K, V] = {}
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            return self._kept.get(key)

    def put(self, key: K, value: V) -> None:
        with self._lock:
            if key not in self._kept and len(self._kept) >= self._size:
                self._kept.pop(next(iter(self._kept)))
            self._kept[key] = value

    def forget(self, keys: list[K]) -> None:
        with self._lock:
            for key in keys:
                self._kept.pop(key, None)


class Snapshots:
    """Each game's snapshot (its declaration's `read`) at the version it was read at, by game
    id; the code tells a game from a later one that got the id of one another process deleted
    (SQLite reuses the largest id).

    A new version is asked for by every page of the game at once (and by the push hub): one of
    them reads it while the others wait for it (`stripes` locks, shared by games whose ids fall
    on the same one), rather than each reading the same rows on the server's one core (a class
    of 12 read it 14 times)."""

    def __init__(self, size: int, stripes: int) -> None:
        self._kept: Shelf[int, tuple[str, int, Any]] = Shelf(size)
        self._reading = [threading.RLock() for _ in range(stripes)]

    def at(self, game_id: int, code: str, version: int, read: Callable[[], Any]) -> Any:
        """The snapshot of game `game_id` (`code`) at `version`: the one kept, or `read()`,
        kept unless a newer version is kept already (a page still at an older one)."""
        kept = self._kept_at(game_id, code, version)
        if kept is not None:
            return kept
        with self._reading[game_id % len(self._reading)]:
            kept = self._kept_at(game_id, code, version)
            if kept is not None:
                return kept
            snap = read()
            newest = self._kept.get(game_id)
            if newest is None or newest[0] != code or newest[1] <= version:
                self._kept.put(game_id, (code, version, snap))
        return snap

    def _kept_at(self, game_id: int, code: str, version: int) -> Any:
        kept = self._kept.get(game_id)
        if kept is None or kept[:2] != (code, version):
            return None
        return kept[2]

    def forget(self, game_ids: list[int]) -> None:
        """Deleted games: their ids may be given to new ones."""
        self._kept.forget(game_ids)
