"""What the app keeps about students, for how long and who sees it (/privacy?lang=es), linked
from the home page: docs/privacy.md and docs/privacy.es.md, the files the README links, so the
app and the project tell one story. No language asked, or an unknown one: the browser's."""

from __future__ import annotations

import streamlit as st

from engine.i18n import LANGUAGES
from ui.aria_words import speak_the_page_language
from ui.look import page_style
from ui.rulebook import privacy_notice
from ui.text import browser_language, translator

asked = st.query_params.get("lang", "")
language = asked if asked in LANGUAGES else browser_language()
t = translator(language)
st.set_page_config(page_title=t("ui.privacy.title"), page_icon="🎨")
page_style()
st.page_link("app.py", label=t("ui.go_home"), icon=":material/home:")
speak_the_page_language(language)  # the document's lang, and Streamlit's words
st.markdown(privacy_notice(language))
