"""What an engine keeps between reads (engine/caches.py): a game's snapshot is read once per
version however many pages ask at once, an older page's read never replaces a newer one, a
game that took a deleted one's id is read afresh, and the deck shelf keeps its last few."""

from __future__ import annotations

import threading
import time

from engine.caches import Shelf, Snapshots


def test_the_shelf_keeps_its_last_few_and_a_key_put_again_evicts_nothing():
    shelf: Shelf[str, int] = Shelf(2)
    shelf.put("a", 1)
    shelf.put("b", 2)
    shelf.put("b", 3)
    assert (shelf.get("a"), shelf.get("b")) == (1, 3)
    shelf.put("c", 4)
    assert (shelf.get("a"), shelf.get("b"), shelf.get("c")) == (None, 3, 4)
    shelf.forget(["b", "missing"])
    assert shelf.get("b") is None


def test_fourteen_pages_asking_for_a_new_version_at_once_read_it_once():
    snapshots = Snapshots(size=8, stripes=4)
    reads: list[int] = []

    def read() -> str:
        reads.append(1)
        time.sleep(0.05)  # a slow read: the others arrive while it runs
        return "rows at 7"

    seen: list[str] = []
    pages = [
        threading.Thread(target=lambda: seen.append(snapshots.at(3, "ABCDEF", 7, read)))
        for _ in range(14)
    ]
    for page in pages:
        page.start()
    for page in pages:
        page.join()
    assert len(reads) == 1 and seen == ["rows at 7"] * 14


def test_an_older_read_never_replaces_a_newer_and_a_new_game_on_an_old_id_is_read():
    snapshots = Snapshots(size=8, stripes=4)
    assert snapshots.at(3, "ABCDEF", 8, lambda: "v8") == "v8"
    assert snapshots.at(3, "ABCDEF", 7, lambda: "v7") == "v7"  # a page still at 7
    assert snapshots.at(3, "ABCDEF", 8, lambda: "read again") == "v8"
    assert snapshots.at(3, "GHJKMN", 1, lambda: "another game") == "another game"
    snapshots.forget([3])
    assert snapshots.at(3, "GHJKMN", 1, lambda: "read after") == "read after"
