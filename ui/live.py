"""Live updates: the only part of a page that reruns every second.

It does one cheap read (the game's version and time left) and draws the timer. When the
version moved (a join, a submission, a new phase), it reruns the whole page once; otherwise
nothing heavy is re-rendered, and the canvas is never touched.
"""

from __future__ import annotations

import streamlit as st

from engine import RuleError
from ui.runtime import POLL_SECONDS, get_engine
from ui.text import seconds_text, translator


@st.fragment(run_every=POLL_SECONDS)
def live_status(code: str, version: int, language: str, *, big: bool = False) -> None:
    """The countdown; a full rerun as soon as the game changed."""
    try:
        status = get_engine().status(code)
    except RuleError:
        return
    if status["version"] != version:
        st.rerun()
    t = translator(language)
    if status["paused"]:
        label = t("ui.paused")
    elif status["seconds_left"] is None:
        return
    else:
        label = seconds_text(status["seconds_left"])
    css = "cc-timer cc-timer-big" if big else "cc-timer"
    st.html(f'<div class="{css}" role="timer">{label}</div>')
