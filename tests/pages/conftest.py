from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy
import streamlit as st
from pagekit import NAMES, Table, seat_lobby
from sqlalchemy import event
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

from engine import Engine
from ui import live


@pytest.fixture
def db_url(tmp_path, monkeypatch) -> str:
    """A fresh SQLite file for the pages' engine and the test's engine alike."""
    url = f"sqlite:///{tmp_path / 'pages.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    st.cache_resource.clear()  # the pages' get_engine() must open this test's database
    yield url
    st.cache_resource.clear()


@pytest.fixture
def wide_last_seconds(monkeypatch) -> float:
    """The pages' "last seconds" widened to ten minutes; a test's phase of `LAST` seconds is in
    them from its start. The pages run on the wall clock: a phase of 10 s, as long as the real
    last seconds, could end on a loaded machine before the test's pages had run."""
    monkeypatch.setattr(live, "WARN_SECONDS", 600)
    return LAST


LAST = 300.0  # a phase's length in a test of its last seconds (within wide_last_seconds)


@pytest.fixture
def engine(db_url: str) -> Engine:
    return Engine(db_url, seed=11)


@pytest.fixture
def table(engine: Engine) -> Table:
    """Five players in an English game's lobby."""
    return seat_lobby(engine, NAMES)


@pytest.fixture
def started(table: Table) -> Table:
    """The same game, started: round 1, roles phase."""
    table.start()
    return table


@pytest.fixture
def recorded_files(monkeypatch) -> list[MemoryMediaFileStorage]:
    """Keeps the in-memory media storage of every AppTest run, to read downloads back."""
    stores: list[MemoryMediaFileStorage] = []

    class Recording(MemoryMediaFileStorage):
        def __init__(self, media_endpoint: str) -> None:
            super().__init__(media_endpoint)
            stores.append(self)

    monkeypatch.setattr("streamlit.testing.v1.app_test.MemoryMediaFileStorage", Recording)
    return stores


def _strings(value: Any) -> Iterator[str]:
    """Every string inside a statement's parameters (tuples, lists, dicts, nested)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


@pytest.fixture
def sql_strings() -> Iterator[list[str]]:
    """Every string any database statement received during the test, from any engine: a value
    that must never reach the database can be looked for here."""
    seen: list[str] = []

    def record(conn, cursor, statement, parameters, context, executemany) -> None:
        seen.extend(_strings(parameters))

    event.listen(sqlalchemy.engine.Engine, "before_cursor_execute", record)
    yield seen
    event.remove(sqlalchemy.engine.Engine, "before_cursor_execute", record)
