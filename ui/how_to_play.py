"""A game's rules in a few lines, in our words, and the link to its full rules: on the home
page for every game offered, and on a student's phone while the lobby fills."""

from __future__ import annotations

import streamlit as st

from engine import Engine
from ui.text import Translator


def game_summary(game: str, language: str, t: Translator) -> None:
    """`game`'s summary (ui.home.rules_summary.<game>) and a link to its full rules in
    `language` (pages/rules.py)."""
    st.markdown(t(f"ui.home.rules_summary.{game}"))
    st.page_link(
        "pages/rules.py",
        label=t("ui.rules.full", game=Engine.game_title(game, language)),
        icon=":material/menu_book:",
        query_params={"game": game, "lang": language},
    )
