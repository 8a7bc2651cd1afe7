"""A game told briefly, in our words, and the link to its full rules: on the home page (each
game's summary), and in a lobby (three lines, on the projector and the phones).

The lobby's lines name no role: a page of a game in progress never says "Curator" or
"Distorter" but on the phone of the student who holds it.
"""

from __future__ import annotations

import streamlit as st

from engine import Engine
from ui.text import Translator, literal

#: The lobby's lines (ui.howto.<game>.<n>).
HOW_TO_LINES = (1, 2, 3)


def how_to_lines(game: str, t: Translator) -> list[str]:
    """`game` in three short lines, as text."""
    return [t(f"ui.howto.{game}.{number}") for number in HOW_TO_LINES]


def game_summary(game: str, language: str, t: Translator) -> None:
    """The home page's summary of `game` (ui.home.rules_summary.<game>) and its rules' link."""
    st.markdown(t(f"ui.home.rules_summary.{game}"))
    rules_link(game, language, t)


def lobby_how_to(game: str, language: str, t: Translator) -> None:
    """A phone in the lobby: the game in three lines, and its rules' link."""
    st.html("".join(f"<p>{line}</p>" for line in map(literal, how_to_lines(game, t))))
    rules_link(game, language, t)


def rules_link(game: str, language: str, t: Translator) -> None:
    """A link to `game`'s full rules in `language` (pages/rules.py)."""
    st.page_link(
        "pages/rules.py",
        label=t("ui.rules.full", game=Engine.game_title(game, language)),
        icon=":material/menu_book:",
        query_params={"game": game, "lang": language},
    )
