"""The one Engine every browser session shares, and the database it runs on."""

from __future__ import annotations

import os

import streamlit as st

from engine import Engine

DEFAULT_DATABASE_URL = "sqlite:///crossed_canvas.db"
# Every device polls this often: updates reach everyone within about 1.5 s.
POLL_SECONDS = 1.0


@st.cache_resource
def get_engine() -> Engine:
    """`DATABASE_URL` when set (PostgreSQL for several app servers), else a local SQLite file."""
    return Engine(os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL)


def query_param(name: str) -> str | None:
    """A query parameter from the address bar, trimmed; None when absent or empty."""
    value = st.query_params.get(name)
    return value.strip() or None if isinstance(value, str) else None
