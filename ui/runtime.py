"""The one Engine every browser session shares, and the database it runs on."""

from __future__ import annotations

import os

import streamlit as st

from engine import Engine, RuleError
from engine.door import RETENTION_DAYS
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
    games are deleted `RETENTION_DAYS` (default 30) after their last change."""
    engine = Engine(
        os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL,
        retention_days=float(os.environ.get("RETENTION_DAYS") or RETENTION_DAYS),
    )
    _keepers[id(engine)] = Keeper(engine).start()
    return engine


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
