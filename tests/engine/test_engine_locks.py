"""Layer 8, PostgreSQL: the engine's transactions never deadlock each other, and what the
database still aborts is run again before anyone sees it (docs/reliability.md, the order of
locks).

The cycle the soak met (issue 46): two servers' keepers each marked every running game kept in
one UPDATE, taking the games' rows in whatever order their scans met them, while students'
commands held single games. Here a raw transaction stands in for a command in progress on one
game (it holds that game's row, as `Door.locked` does), and each step waits until the
database shows the transaction before it waiting (or done), so the interleaving is the same on
every run.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from cc_support import ROUND_ORDER, seat_table
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection
from sqlalchemy.pool import NullPool
from test_engine_classes import two_tables_at_their_reveal

import engine.db
from engine import Engine, FakeClock
from engine.classes.following import Sitting

HANG_GUARD_SECONDS = 60  # only a transaction stuck for good ever takes this long
Waiting = dict[int, list[int]]  # a backend waiting for a lock -> the backends holding it up


@pytest.fixture
def url(postgres_server) -> str:
    return postgres_server.new_database()


class Beat(threading.Thread):
    """One call on its own thread (a server's keeper, a command), keeping what it raised."""

    def __init__(self, call: Callable[[], Any]) -> None:
        super().__init__(daemon=True)
        self.call = call
        self.error: Exception | None = None

    def run(self) -> None:
        try:
            self.call()
        except Exception as error:  # reported by `finish`
            self.error = error

    def finish(self) -> None:
        self.join(HANG_GUARD_SECONDS)
        assert not self.is_alive(), "a transaction never finished"
        assert self.error is None, f"{type(self.error).__name__}: {self.error}"


@contextmanager
def holding(url: str, game_id: int) -> Iterator[Connection]:
    """A transaction holding one game's row, as a command in progress does, until the block
    ends (then rolled back)."""
    with create_engine(url, poolclass=NullPool).connect() as connection:
        connection.execute(text("SELECT id FROM game WHERE id = :g FOR UPDATE"), {"g": game_id})
        yield connection
        connection.rollback()


def pid(connection: Connection) -> int:
    return int(connection.execute(text("SELECT pg_backend_pid()")).scalar_one())


def waiting(raw: Any, query: str) -> Waiting:
    """The transactions whose statement contains `query` waiting for a lock now."""
    with raw.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT pid, pg_blocking_pids(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock' "
                "AND query LIKE :query"
            ),
            {"query": f"%{query}%"},
        )
        return {backend: list(blockers) for backend, blockers in rows}


def blocked_or_done(
    raw: Any,
    beat: Beat | None,
    found: Callable[[Waiting], int | None],
    query: str = "kept_at",
) -> int:
    """Wait until `beat` finished (0) or `found` picks, among the transactions waiting in a
    statement containing `query`, the one it waits in."""
    deadline = time.monotonic() + HANG_GUARD_SECONDS
    while time.monotonic() < deadline:
        if beat is not None and not beat.is_alive():
            return 0
        backend = found(waiting(raw, query))
        if backend is not None:
            return backend
        time.sleep(0.02)
    raise AssertionError("the transaction neither finished nor waited")


def held_up_by(blocker: int) -> Callable[[Waiting], int | None]:
    """The backend waiting for a lock `blocker` holds."""
    return lambda found: next((b for b, by in found.items() if blocker in by), None)


def other_than(backend: int) -> Callable[[Waiting], int | None]:
    """A backend waiting that is not `backend`."""
    return lambda found: next((b for b in found if b != backend), None)


def scan_order(raw: Any) -> list[int]:
    """The games' ids in the order a sequential scan meets their live rows."""
    with raw.connect() as connection:
        return list(connection.execute(text("SELECT id FROM game ORDER BY ctid")).scalars())


def test_two_keepers_and_commands_crossing_games_never_deadlock(url, monkeypatch):
    monkeypatch.setattr(engine.db, "WRITE_ATTEMPTS", 1)  # a deadlock would reach the caller
    clock = FakeClock()
    first = Engine(url, clock=clock, seed=3)  # a server awake since t
    untimed = dict.fromkeys(ROUND_ORDER)  # no deadline: the keeper only marks games kept
    for _ in range(3):
        seat_table(first, clock, 5, durations=untimed)
    raw = create_engine(url, isolation_level="AUTOCOMMIT")
    with raw.connect() as connection:
        connection.execute(text("VACUUM FULL game"))  # the live rows alone, on one page
        # W, X, Y in scan order; W was last kept long enough ago that only the first server
        # (awake since before then) still counts it as its own.
        w, x, y = scan_order(raw)
        connection.execute(
            text("UPDATE game SET kept_at = CASE WHEN id = :w THEN :old ELSE :new END"),
            {"w": w, "old": clock(), "new": clock() + 100},
        )
    assert scan_order(raw) == [w, x, y]
    clock.advance(100)
    second = Engine(url, clock=clock, seed=4)  # a server awake since t + 100

    with holding(url, w) as on_w:  # a command on W holds it: the first keeper waits there
        first_beat = Beat(first.keep)
        first_beat.start()
        keeper = blocked_or_done(raw, first_beat, held_up_by(pid(on_w)))
        with raw.connect() as connection:  # a command on X commits: X's row moves after Y's
            connection.execute(text("UPDATE game SET version = version WHERE id = :x"), {"x": x})
        assert scan_order(raw) == [w, y, x]
        with holding(url, x) as on_x:  # another command holds X
            on_w.rollback()  # W's command ends: the first keeper goes on to X and waits
            blocked_or_done(raw, first_beat, held_up_by(pid(on_x)))
            second_beat = Beat(second.keep)  # the second keeper meets Y, then X
            second_beat.start()
            blocked_or_done(raw, second_beat, other_than(keeper))
    # X's command ended: with one UPDATE over every game, the first keeper took X and waited
    # for Y, which the second held while it waited for X.
    first_beat.finish()
    second_beat.finish()
    with raw.connect() as connection:
        kept = dict(connection.execute(text("SELECT id, kept_at FROM game")).all())
    assert kept[y] == clock()  # a game no command held is marked kept by the beat
    raw.dispose()


def test_a_transaction_the_database_aborts_as_a_deadlock_is_run_again(url):
    database = engine.db.Database(url)
    raw = create_engine(url)
    with raw.begin() as connection:
        connection.execute(text("CREATE TABLE scratch (id int PRIMARY KEY, n int)"))
        connection.execute(text("INSERT INTO scratch VALUES (1, 0), (2, 0)"))
    tries: list[int] = []
    answers: list[str] = []

    def work(session: Any) -> str:
        tries.append(len(tries) + 1)
        session.execute(text("UPDATE scratch SET n = n + 1 WHERE id = 1"))
        session.execute(text("UPDATE scratch SET n = n + 1 WHERE id = 2"))
        return "done"

    with raw.connect() as other:
        # The other transaction waits longer before looking for a deadlock, so the database
        # aborts ours, whatever the machine's load.
        other.execute(text("SET LOCAL deadlock_timeout = '20s'"))
        other.execute(text("UPDATE scratch SET n = n + 1 WHERE id = 2"))
        ours = Beat(lambda: answers.append(database.write(work)))
        ours.start()
        blocked_or_done(raw, None, held_up_by(pid(other)), "scratch")  # ours holds 1, waits for 2
        other.execute(text("UPDATE scratch SET n = n + 1 WHERE id = 1"))  # the cycle closes
        other.commit()
    ours.finish()
    assert answers == ["done"] and tries == [1, 2]  # aborted once, then done
    with raw.connect() as connection:
        rows = dict(connection.execute(text("SELECT id, n FROM scratch")).all())
    assert rows == {1: 2, 2: 2}  # both transactions' changes, each once
    raw.dispose()
    database.engine.dispose()


def test_two_tables_of_a_class_ending_their_reveals_at_once_never_deadlock(url, monkeypatch):
    """A table's command that moves its class's other tables (its reveal ended: the next waits
    for the projector no more) locks them after its own; two tables' commands at once must
    not each hold their own table while waiting for the other's."""
    monkeypatch.setattr(engine.db, "WRITE_ATTEMPTS", 1)  # a deadlock would reach the caller
    clock = FakeClock()
    service = Engine(url, clock=clock, seed=7)
    klass, _ = two_tables_at_their_reveal(service, clock)
    first_key, second_key = (service.table_key(klass.key, klass.code_of(n)) for n in (1, 2))
    follow = Sitting.followers
    arrived, go_on = threading.Event(), threading.Event()

    def follow_later(session: Any, game: Any, *rest: Any, **how: Any) -> list[Any]:
        if game.table == 2:  # table 2's command holds what it locked before following
            arrived.set()
            go_on.wait(HANG_GUARD_SECONDS)
        return follow(session, game, *rest, **how)

    monkeypatch.setattr(Sitting, "followers", staticmethod(follow_later))
    raw = create_engine(url, isolation_level="AUTOCOMMIT")
    second = Beat(lambda: service.advance(second_key))
    second.start()
    assert arrived.wait(HANG_GUARD_SECONDS)
    first = Beat(lambda: service.advance(first_key))
    first.start()
    blocked_or_done(raw, first, lambda found: next(iter(found), None), "FOR UPDATE")
    go_on.set()  # table 2's command goes on to lock table 1
    second.finish()
    first.finish()
    assert [t["phase"] for t in klass.view()["tables"]] == ["roles", "roles"]
    raw.dispose()
