"""One game's full rules in one language (/rules?game=crossed_canvas&lang=es), reached from
"How to play" on the home page: the same files the README links, so the app and the project
tell one story. An address naming no known game or language says so and reads no file."""

from __future__ import annotations

import streamlit as st

from engine import Engine
from engine.i18n import LANGUAGES
from ui.aria_words import speak_the_page_language
from ui.look import page_style
from ui.rulebook import rulebook
from ui.text import browser_language, dead_end, translator

game = st.query_params.get("game", "")
# No language asked: the browser's. One asked for but unknown is refused like an unknown game.
asked = st.query_params.get("lang") or browser_language()
language = asked if asked in LANGUAGES else browser_language()
t = translator(language)
text = rulebook(game, asked)
st.set_page_config(
    page_title=Engine.game_title(game, language) if text else t("ui.title"), page_icon="🎨"
)
page_style()
if text is None:
    dead_end(language, message_key="ui.rules.unknown")
st.page_link("app.py", label=t("ui.go_home"), icon=":material/home:")
speak_the_page_language(language)  # the document's lang, and Streamlit's words
st.markdown(text)
