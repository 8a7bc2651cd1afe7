"""The one Engine every browser session shares, and the database it runs on."""

from __future__ import annotations

import os

import streamlit as st

from engine import Engine
from engine.service import RETENTION_DAYS
from ui.keeper import Keeper

DEFAULT_DATABASE_URL = "sqlite:///crossed_canvas.db"
# Every device polls this often: updates reach everyone within about 1.5 s.
POLL_SECONDS = 1.0


_keepers: dict[int, Keeper] = {}


def _stop_keeper(engine: Engine) -> None:
    keeper = _keepers.pop(id(engine), None)
    if keeper is not None:
        keeper.stop()


@st.cache_resource(on_release=_stop_keeper)
def get_engine() -> Engine:
    """`DATABASE_URL` when set (PostgreSQL for several app servers), else a local SQLite file;
    games are deleted `RETENTION_DAYS` (default 30) after their last change."""
    engine = Engine(
        os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL,
        retention_days=float(os.environ.get("RETENTION_DAYS") or RETENTION_DAYS),
    )
    _keepers[id(engine)] = Keeper(engine).start()
    return engine


def query_param(name: str) -> str | None:
    """A query parameter from the address bar, trimmed; None when absent or empty."""
    value = st.query_params.get(name)
    return value.strip() or None if isinstance(value, str) else None
