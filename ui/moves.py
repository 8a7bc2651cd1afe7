"""A player's move from a page: one engine command for the phase on screen, its refusal shown
in the game's language, and request ids that a double click or a retry repeats."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

import streamlit as st

from engine import RuleError
from ui.text import show_error


def act(view: Mapping[str, Any], action: Callable[..., Any], *args: Any, **options: Any) -> bool:
    """Run one player command for the phase on screen (once that is over the engine refuses
    it, never counting it in the next); a refusal is shown in the game's language."""
    try:
        action(*args, **options, phase=view["phase"], round=view["round"])
    except RuleError as error:
        show_error(error, st.session_state["language"])
        return False
    return True


def act_and_redraw(
    view: Mapping[str, Any], action: Callable[..., Any], *args: Any, **options: Any
) -> NoReturn:
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


def act_once(
    kind: str, view: Mapping[str, Any], action: Callable[..., Any], *args: Any, **options: Any
) -> bool:
    """`act` for a move made once a round and phase (a fragment, a choice, a vote, ribbons, a
    guess), its request id last among `args`: a double click or a retry from this tab repeats
    the id, so the engine answers it quietly; another tab's own id is refused with a message.
    Once done here, this tab no longer counts as offering it (`done_elsewhere`)."""
    done = act(view, action, *args, request_id(kind, view), **options)
    if done:
        st.session_state.pop(_key("offered", kind, view), None)
    return done


def offer(kind: str, view: Mapping[str, Any]) -> None:
    """Remember that this tab shows the move (its canvas or form) in this round and phase."""
    st.session_state[_key("offered", kind, view)] = True


def done_elsewhere(kind: str, view: Mapping[str, Any]) -> bool:
    """Asked once the view shows the move made: whether this tab offered it but did not make
    it, i.e. the same personal link open in another tab or device did (the student is told
    so, rather than silently shown other strokes or ribbons than the ones they chose)."""
    offered: bool = st.session_state.get(_key("offered", kind, view), False)
    return offered


def request_id(kind: str, view: Mapping[str, Any]) -> str:
    """One id per action and round: a double click or a retry repeats it, never a new one."""
    kept: str = st.session_state.setdefault(_key("request", kind, view), uuid.uuid4().hex)
    return kept


def _key(what: str, kind: str, view: Mapping[str, Any]) -> str:
    """This tab's session-state key for a move of `kind` in the round and phase on screen."""
    return f"{what}_{kind}_{view['round']}_{view['phase']}"
