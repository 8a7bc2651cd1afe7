from __future__ import annotations

import pytest
import streamlit as st
from pagekit import NAMES, Table, seat
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

from engine import Engine


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
def engine(db_url: str) -> Engine:
    return Engine(db_url, seed=11)


@pytest.fixture
def table(engine: Engine) -> Table:
    """Five players in an English game's lobby."""
    return seat(engine, NAMES)


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
