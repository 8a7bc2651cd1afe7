"""Streamlit's theme in each run's NewSession message, built once instead of on every run.

Streamlit 1.67 starts every run, a fragment's too, with a NewSession message and fills its six
theme sections ([theme], its light and dark variants, their sidebars) from the config each
time: `_populate_theme_msg` in streamlit/runtime/app_session.py scans every config option once
per section. py-spy on a server running a phone's page and its live fragment over and over
put that at 11 % of a page run's CPU and 14 % of a fragment run's (docs/performance.md), on
every page of every class. The theme is what the config said when it was last parsed, so
each section is built once and copied into each message; a new parse builds it again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from streamlit import config
from streamlit.runtime import app_session

_lock = threading.Lock()


def build_theme_once() -> bool:
    """Put the once-built theme in Streamlit's place; False if it was there already."""
    original: Callable[..., None] = app_session._populate_theme_msg
    if getattr(original, "built_once", False):
        return False
    built: dict[str, Any] = {}

    def populate(msg: Any, section: str = "theme") -> None:
        """Streamlit's `_populate_theme_msg(msg, section)`, from the section built once."""
        with _lock:
            if section not in built:
                fresh = type(msg)()
                original(fresh, section)
                built[section] = fresh
            section_msg = built[section]
        if section_msg.ListFields():  # an empty section stays unset, as Streamlit leaves it
            msg.MergeFrom(section_msg)

    def forget() -> None:
        with _lock:
            built.clear()

    populate.built_once = True  # type: ignore[attr-defined]
    app_session._populate_theme_msg = populate
    config.on_config_parsed(forget, force_connect=True)
    return True
