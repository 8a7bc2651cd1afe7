"""A player's move from a page: one engine command for the phase on screen, its refusal shown
in the game's language, and request ids that a double click or a retry repeats."""

from __future__ import annotations

import uuid
from typing import Any, NoReturn

import streamlit as st

from engine import RuleError
from ui.text import show_error


def act(view: dict[str, Any], action, *args, **options) -> bool:  # type: ignore[no-untyped-def]
    """Run one player command for the phase on screen (once that is over the engine refuses
    it, never counting it in the next); a refusal is shown in the game's language."""
    try:
        action(*args, **options, phase=view["phase"], round=view["round"])
    except RuleError as error:
        show_error(error, st.session_state["language"])
        return False
    return True


def act_and_redraw(view: dict[str, Any], action, *args, **options) -> NoReturn:  # type: ignore[no-untyped-def]
    """`act` for a widget that shows a move before its answer (the mosaic): the page is drawn
    again either way, to show the truth, so a refusal is kept for that run (`kept_refusal`)."""
    try:
        action(*args, **options, phase=view["phase"], round=view["round"])
    except RuleError as error:
        st.session_state[_KEPT] = error
    st.rerun()


def show_kept_refusal(language: str) -> None:
    """The refusal `act_and_redraw` kept for this run, shown once."""
    kept = st.session_state.pop(_KEPT, None)
    if kept is not None:
        show_error(kept, language)


_KEPT = "cc_kept_refusal"


def request_id(kind: str, view: dict[str, Any]) -> str:
    """One id per action and round: a double click or a retry repeats it, never a new one."""
    key = f"request_{kind}_{view['round']}_{view['phase']}"
    return st.session_state.setdefault(key, uuid.uuid4().hex)
