"""The home page's "Join a game": the code a student types, and the game it belongs to.

A code is public (it is on the projector), and so is its game: once typed, the form names that
game in the game's own language, before the student presses Join. The code is looked up once
per change of the field, not on every run of the page: an unknown code counts as this browser's
guess (engine rate limit), and a teacher switching the creation's choices below reruns the page.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from engine import Engine, RuleError
from ui.classes.tables import view_of_code
from ui.runtime import checked
from ui.text import Translator, literal, show_error, translator

#: Session state: the last code typed and what it named (`Looked`).
LOOKED = "home_join_looked"


@dataclass(frozen=True)
class Looked:
    """A typed code's answer: its game and language, or the refusal. Nothing else of the view
    is kept (the page shows no more than a projector would)."""

    code: str
    game: str = ""
    language: str = ""
    error: RuleError | None = None


def look_up(engine: Engine, browser: str | None) -> None:
    """The field's on_change: look the typed code up once, keep only its game and language."""
    typed = st.session_state.get("join_code", "")
    if not typed.strip():
        st.session_state.pop(LOOKED, None)
        return
    try:
        view, _ = view_of_code(engine, checked(typed, "error.bad_code"), browser)
    except RuleError as error:
        st.session_state[LOOKED] = Looked(code=typed, error=error)
    else:
        st.session_state[LOOKED] = Looked(
            code=view["code"], game=view["game"], language=view["language"]
        )


def join_form(engine: Engine, browser: str | None, t: Translator, language: str) -> None:
    """The code field, the game it names (or why it names none) and Join, which opens the
    student's join form (pages/play.py) on that code."""
    st.text_input(
        t("ui.home.code_label"), key="join_code", on_change=look_up, args=(engine, browser)
    )
    looked: Looked | None = st.session_state.get(LOOKED)
    if looked is not None and looked.error is not None:
        show_error(looked.error, language)
    elif looked is not None:
        st.html(code_game_html(looked.code, looked.game, looked.language))
    if st.button(t("ui.home.join_go"), key="join_go", type="primary"):
        if looked is None:
            show_error(RuleError("error.bad_code"), language)
        elif looked.error is None:
            st.switch_page("pages/play.py", query_params={"code": looked.code})


def code_game_html(code: str, game: str, language: str) -> str:
    """ "Code ABC123: Canvas Critters", in the game's language: what a student joins, said
    before they type a name (the home page's code field, the join form behind a QR code)."""
    said = translator(language)(
        "ui.home.code_game", code=code, game=Engine.game_title(game, language)
    )
    return f'<p class="cc-code-game" lang="{language}"><strong>{literal(said)}</strong></p>'
