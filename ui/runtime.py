"""The one Engine every browser session shares, and the database it runs on."""

from __future__ import annotations

import os

import streamlit as st

from engine import Engine, RuleError
from engine.door import RETENTION_DAYS
from engine.robots import ROBOT_SECONDS
from ui.keeper import Keeper

DEFAULT_DATABASE_URL = "sqlite:///crossed_canvas.db"
# Codes and tokens are a few dozen characters; an address holding more is not the app's.
MAX_TEXT_LENGTH = 200


_keepers: dict[int, Keeper] = {}


def _stop_keeper(engine: Engine) -> None:
    keeper = _keepers.pop(id(engine), None)
    if keeper is not None:
        keeper.stop()


@st.cache_resource(on_release=_stop_keeper)
def get_engine() -> Engine:
    """`DATABASE_URL` when set (PostgreSQL for several app servers), else a local SQLite file;
    games are deleted `RETENTION_DAYS` (default 30) after their last change; `ROBOT_SECONDS`
    ("fewest,most"), when set, is how long robots think before a phase's first move."""
    engine = Engine(
        os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL,
        retention_days=float(os.environ.get("RETENTION_DAYS") or RETENTION_DAYS),
        robot_seconds=robot_seconds(os.environ.get("ROBOT_SECONDS")),
    )
    _keepers[id(engine)] = Keeper(engine).start()
    return engine


def robot_seconds(setting: str | None) -> tuple[float, float]:
    """The robots' thinking time a server is started with ("0.5,1" in the browser tests), or
    the engine's own."""
    if not setting:
        return ROBOT_SECONDS
    fewest, most = (float(part) for part in setting.split(","))
    return fewest, most


def checked(value: str, refusal: str) -> str:
    """`value` trimmed, or RuleError(refusal) when no link of the app and no code on a screen
    could hold it (a control character such as NUL, or hundreds of characters): such a value
    gets the page's clear message and never reaches the database, whatever the database is."""
    value = value.strip()
    if len(value) > MAX_TEXT_LENGTH or not value.isprintable():
        raise RuleError(refusal)
    return value


def query_param(name: str, refusal: str) -> str | None:
    """A query parameter from the address bar, trimmed; None when absent or empty.

    Raises RuleError(refusal) for a value `checked` refuses, so the page says what is wrong.
    """
    value = st.query_params.get(name)
    return checked(value, refusal) or None if isinstance(value, str) else None
