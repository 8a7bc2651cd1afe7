"""A game told briefly, in our words, and the link to its full rules: on the home page (each
game's summary), and in a lobby (three lines, each under a picture, on the projector and the
phones).

The lobby's lines and their pictures name no role: a page of a game in progress never says
"Curator" or "Distorter" but on the phone of the student who holds it.
"""

from __future__ import annotations

import base64

import streamlit as st

from engine import Engine
from ui.games import PARTS
from ui.text import Translator, literal

#: The lobby's lines (ui.howto.<game>.<n>).
HOW_TO_LINES = (1, 2, 3)
#: A line's picture: the projector's column under the QR code is 340 px wide, and under the
#: game's name it holds three lines of 28 px text and this much more within 720 px. A phone
#: narrower than that shrinks it to its width.
PICTURE_WIDTH, PICTURE_HEIGHT = 340, 96

HOW_TO_CSS = """
<style>
.cc-howto-picture { display: block; max-width: 100%; height: auto; margin: 0 0 .2rem; }
.cc-howto-line + .cc-howto-line { margin-top: 1rem; }
</style>
"""


def how_to_lines(game: str, t: Translator) -> list[str]:
    """`game` in three short lines, as text."""
    return [t(f"ui.howto.{game}.{number}") for number in HOW_TO_LINES]


def how_to_html(game: str, language: str, t: Translator) -> list[str]:
    """`game`'s lobby lines as HTML, each under its picture (the game draws them: ui/games.py
    `HowTo`), so a line and what it says are seen together."""
    pictures = PARTS[game].how_to.how_to_pictures(t, language, PICTURE_WIDTH, PICTURE_HEIGHT)
    return [
        f"{picture_html(svg, alt)}<div>{literal(line)}</div>"
        for (svg, alt), line in zip(pictures, how_to_lines(game, t), strict=True)
    ]


def picture_html(svg: str, alt: str) -> str:
    """An SVG document as an <img> (st.html drops inline <svg>; nothing in an image runs)."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (
        f'<img class="cc-howto-picture" alt="{literal(alt)}" '
        f'src="data:image/svg+xml;base64,{data}">'
    )


def game_summary(game: str, language: str, t: Translator) -> None:
    """The home page's summary of `game` (ui.home.rules_summary.<game>) and its rules' link."""
    st.markdown(t(f"ui.home.rules_summary.{game}"))
    rules_link(game, language, t)


def lobby_how_to(game: str, language: str, t: Translator) -> None:
    """A phone in the lobby: the game in three lines with their pictures, and its rules' link."""
    lines = how_to_html(game, language, t)
    st.html(HOW_TO_CSS + "".join(f'<div class="cc-howto-line">{line}</div>' for line in lines))
    rules_link(game, language, t)


def rules_link(game: str, language: str, t: Translator) -> None:
    """A link to `game`'s full rules in `language` (pages/rules.py)."""
    st.page_link(
        "pages/rules.py",
        label=t("ui.rules.full", game=Engine.game_title(game, language)),
        icon=":material/menu_book:",
        query_params={"game": game, "lang": language},
    )
