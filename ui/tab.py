"""The browser tab's name: the game's own, in the page's language, and the page it is (a
teacher with the facilitator, class and projector pages open tells the tabs apart)."""

from __future__ import annotations

import streamlit as st

from engine import Engine
from ui.aria_words import speak_the_page_language
from ui.text import Translator


def tab_title(game: str, language: str, t: Translator, page: str | None = None) -> str:
    """ "Lienzo en capas · docente": the game's name, and the page's when it is not a phone's."""
    title = Engine.game_title(game, language)
    return f"{title} · {t(f'ui.tab.{page}')}" if page else title


def name_the_tab(game: str, language: str, t: Translator, page: str | None = None) -> None:
    """Renames the tab once the page knows its game (the page's first call named it before),
    and has the page speak its language: Streamlit's own words too (ui/aria_words.py)."""
    st.set_page_config(page_title=tab_title(game, language, t, page))
    speak_the_page_language(language)
