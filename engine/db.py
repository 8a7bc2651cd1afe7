"""Database engines for any SQLAlchemy URL; SQLite is set up for many writers.

On SQLite: a WAL-mode file (readers never wait for the writer), a long busy timeout, and
`BEGIN IMMEDIATE` for write transactions, so two writers queue for the lock at the start
instead of one failing with "database is locked" when it tries to upgrade a read lock. The file
is created readable by its owner alone: it holds students' names.
Elsewhere (PostgreSQL) a write transaction locks its game's row (`SELECT ... FOR UPDATE`), and
a transaction the server aborts for what another one did at the same moment (a deadlock, a
serialization failure) or that lost its connection is run again whole, a few times, before
anyone sees it fail (`Database.write`).

A read transaction is one consistent snapshot on every database: SQLite's deferred transaction
is one by nature; PostgreSQL's default READ COMMITTED is not (each statement sees the latest
commit, so a view could mix one round's game row with the next round's rows), hence
REPEATABLE READ for reads there.
"""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any, TypeVar

from sqlalchemy import event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.engine import Engine as SqlEngine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import ConnectionPoolEntry, StaticPool
from sqlmodel import Session, create_engine

from engine import migrations

BUSY_TIMEOUT_SECONDS = 60
SCHEMA_LOCK = 0x43616E76  # any constant: PostgreSQL advisory lock taken while migrating
#: How often a write transaction is tried when the database aborts it for a reason that
#: trying again can cure, and the first pause between tries (doubled each time, jittered, so
#: two transactions that met once do not meet again on the same beat).
WRITE_ATTEMPTS = 5
FIRST_PAUSE_SECONDS = 0.02
#: PostgreSQL's codes for "this transaction lost a race, try it again": a serialization
#: failure and a deadlock (https://www.postgresql.org/docs/current/errcodes-appendix.html).
RETRIED_STATES = frozenset({"40001", "40P01"})

T = TypeVar("T")


class Database:
    """One SQLAlchemy engine and the two kinds of transaction the service uses."""

    def __init__(self, url: str) -> None:
        parsed = make_url(url)
        self.backend = parsed.get_backend_name()
        self.is_sqlite = self.backend == "sqlite"
        if self.is_sqlite:
            path = parsed.database
            memory = path in (None, "", ":memory:")
            if path and not memory:
                _make_private(path)
            self.engine = create_engine(
                url,
                connect_args={"timeout": BUSY_TIMEOUT_SECONDS, "check_same_thread": False},
                **({"poolclass": StaticPool} if memory else {}),
            )
            _configure_sqlite(self.engine, wal=not memory)
        else:
            self.engine = create_engine(url, pool_pre_ping=True)
        self._reader = (
            self.engine
            if self.is_sqlite
            else self.engine.execution_options(isolation_level="REPEATABLE READ")
        )
        # Threads of one process queue here rather than in SQLite's sleeping busy handler;
        # other processes still queue on BEGIN IMMEDIATE.
        self._write_lock = threading.Lock() if self.is_sqlite else None
        # Under a write lock: app servers starting together on one database then queue
        # instead of one failing ("database is locked" on SQLite, a duplicate type on
        # PostgreSQL, where CREATE TABLE does not wait for a concurrent CREATE TABLE) or both
        # migrating it.
        with (
            self.engine.execution_options(crossed_write=True).connect() as connection,
            _foreign_keys_checked_at_end(connection) if self.is_sqlite else connection.begin(),
        ):
            if self.backend == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
            migrations.bring_up_to_date(connection)

    def write(self, work: Callable[[Session], T]) -> T:
        """`work` in one write transaction, committed when it returns, rolled back when it
        raises. When the database aborts it for another transaction's sake or its connection
        drops, it is rolled back and run again whole, a bounded number of times with jittered
        pauses: `work` must do nothing outside the session that a second run would repeat."""
        for attempt in range(1, WRITE_ATTEMPTS + 1):
            try:
                with self._transaction() as session:
                    return work(session)
            except DBAPIError as error:
                if attempt == WRITE_ATTEMPTS or not worth_retrying(error):
                    raise
            time.sleep(random.uniform(0.5, 1.5) * FIRST_PAUSE_SECONDS * 2 ** (attempt - 1))
        raise AssertionError("unreachable")

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        """A write transaction: committed when the block ends, rolled back on any error."""
        with (
            self._write_lock or nullcontext(),
            Session(
                self.engine.execution_options(crossed_write=True), expire_on_commit=False
            ) as session,
            session.begin(),
        ):
            yield session

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A read-only transaction: one consistent snapshot of the database."""
        with Session(self._reader, expire_on_commit=False) as session, session.begin():
            yield session


def worth_retrying(error: DBAPIError) -> bool:
    """Whether a failed transaction may succeed when run again from the start: it lost a race
    the database settles by aborting one side, or its connection broke (a restarted server,
    a dropped link; the pool makes a new one). A refused constraint or a bad statement
    would fail the same way again."""
    return error.connection_invalidated or getattr(error.orig, "sqlstate", None) in RETRIED_STATES


def _make_private(path: str) -> None:
    """Create the SQLite file for its owner alone (SQLite gives its -wal and -shm files the
    same mode); an existing file is made private too."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        os.chmod(path, 0o600)
    except OSError:
        pass  # SQLite itself will say what is wrong with the path


def _switch_to_wal(cursor: sqlite3.Cursor) -> None:
    """WAL mode, which a new file gets from the first connection: two connections switching it
    at once both hold a shared lock and want the file alone, and SQLite refuses one at once
    rather than wait for a deadlock (its busy timeout does not apply), so that one tries again."""
    deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _configure_sqlite(engine: SqlEngine, *, wal: bool) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: ConnectionPoolEntry) -> None:
        # Let SQLAlchemy's "begin" event, not the driver, open transactions.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if wal:
            _switch_to_wal(cursor)
            cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_SECONDS * 1000}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        write = connection.get_execution_options().get("crossed_write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def driver_connection(connection: Connection) -> Any:
    """The driver's own connection under SQLAlchemy's (sqlite3's or psycopg's), for what only
    the driver does (a PRAGMA outside a transaction, LISTEN's notices): Any, as its methods
    are the driver's. A connection already closed has none."""
    driver = connection.connection.driver_connection
    if driver is None:
        raise RuntimeError("the database connection is closed")
    return driver


@contextmanager
def _foreign_keys_checked_at_end(connection: Connection) -> Iterator[None]:
    """A write transaction on SQLite with foreign keys checked once, before it commits, not
    statement by statement: a migration copies a table to alter it (SQLite cannot ALTER most
    things), and dropping the old copy would break every reference to it until the new copy
    takes its name. The switch only works outside a transaction, on the driver's connection."""
    driver = driver_connection(connection)
    driver.execute("PRAGMA foreign_keys=OFF")
    try:
        with connection.begin():
            yield
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").first()
            if broken:
                raise RuntimeError(f"Migrating the database broke a reference: {tuple(broken)}")
    finally:
        driver.execute("PRAGMA foreign_keys=ON")
