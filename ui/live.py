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

# The last seconds of an ink pulse: every phone says so, so nobody is surprised by the end.
WARN_SECONDS = 10
WARN_PHASES = ("pulse1", "pulse2")


@st.fragment(run_every=POLL_SECONDS)
def live_status(code: str, version: int, language: str, *, big: bool = False) -> None:
    """The countdown (warning in a pulse's last seconds); a full rerun when the game changed."""
    try:
        status = get_engine().status(code)
    except RuleError:
        return
    if status["version"] != version:
        st.rerun()
    t = translator(language)
    left = status["seconds_left"]
    if status["paused"]:
        label = t("ui.paused")
    elif left is None:
        return
    else:
        label = seconds_text(left)
    css = "cc-timer cc-timer-big" if big else "cc-timer"
    warn = not status["paused"] and status["phase"] in WARN_PHASES and left <= WARN_SECONDS
    style = ' style="color:#b00020"' if warn else ""  # a dark red, 7:1 on white
    # On a phone a line under the countdown says it (the play page styles .cc-warn).
    banner = f'<div class="cc-warn" role="alert">{t("ui.last_seconds")}</div>' if warn else ""
    st.html(f'<div class="{css}" role="timer"{style}>{label}</div>{"" if big else banner}')
