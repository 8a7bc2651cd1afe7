"""A game's projector, as pages/screen.py draws it for a game's own code, and for a table of a
whole class on the class projector (ui/classes/tables.py): the same parts at the same sizes, so a
table's reveal on the class projector shows what a single game's shows, as legibly.

Built from a public view alone, so it is safe to show at any moment (R11).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from engine import LOBBY, Engine
from ui.cycle import cycle_html
from ui.fullscreen import full_screen_button
from ui.games import last_seconds, parts_of
from ui.how_to_play import HOW_TO_CSS, how_to_html
from ui.links import page_url, qr_png, shown_url
from ui.live import live_status
from ui.text import Translator, literal, url_html

# Read from the back of a classroom: every text at least 28 px, and every phase (twelve players
# with 24-character names) within 1280x720 without scrolling; narrow margins buy the room.
SCREEN_CSS = """
.stMainBlockContainer { padding: .5rem 1.5rem; max-width: 100%; }
.stMarkdown p { font-size: 1.35rem; }
.cc-phase { font-size: 2.4rem; line-height: 1.2; }
/* A name in the heading ("Turno 33 · Turno de …") gives way before the heading wraps: a
   second line pushed a page past 720 px. The name stays whole where the page lists it. */
.cc-phase bdi { display: inline-block; max-width: 10em; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; vertical-align: bottom; }
.cc-clue { font-size: 1.8rem; line-height: 1.2; margin-top: .3rem; }
/* A clue with something after it (ui/classes/tables.py: the class's other tables) keeps one line:
   the clue gives way first (an ellipsis), what follows it wraps only if it alone is wider. */
.cc-clue:has(> span) { display: flex; gap: 0 1.5rem; }
.cc-clue > span:first-child { flex: 1 1 0; min-width: 12rem; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; }
.cc-clue-wraps:has(> span) { flex-wrap: wrap; }
.cc-clue-wraps > span:first-child { flex: 0 1 auto; white-space: normal; }
/* The line that may take, the height of a square picture sized by its width (a game's
   showcase: --cc-aside-line) gives back, so the page still ends within 720 px. */
.stMain:has(.cc-clue-wraps) { --cc-aside-line: 2.2rem; }
.cc-url { overflow-wrap: anywhere; }
.cc-game-name { font-weight: 800; text-align: center; max-width: 340px; }
.cc-howto { font-size: 1.75rem; line-height: 1.2; max-width: 340px; }
.cc-authors { font-size: 1.75rem; line-height: 1.3; }
.cc-authors .cc-glyph { font-size: 1em; }
"""
# The join QR code beside the code in a lobby: read from the back of the room.
QR_PX = 340
#: How long each of the lobby's lines telling the game stays.
HOW_TO_SECONDS = 6


def screen_header(
    view: Mapping[str, Any],
    status: Mapping[str, Any],
    t: Translator,
    *,
    title: str = "",
    aside: str = "",
    aside_wraps: bool = False,
) -> None:
    """The heading ("Round 2 of 6 · Ink pulse 1", after `title` HTML when given), the
    full-screen button, the clue under it followed by `aside` (HTML: on the clue's line, the
    clue cut short if both do not fit; on a line of its own then, with `aside_wraps`, when the
    page has a line to spare), and the countdown of `status` (seconds_left, paused, phase and
    the version the page shows) on the right."""
    heading, clue = parts_of(view).screen.heading(view, t)
    if title:
        heading = f"{title} · {heading}"
    with st.container(horizontal=True, gap="medium", wrap=False):
        # The button on the heading's line leaves the clue under it the page's width (less the
        # timer's): the longest clue stays on one line, paused or not.
        with st.container(gap=None):
            with st.container(horizontal=True, gap="medium", wrap=False):
                st.html(f'<div class="cc-phase">{heading}</div>')
                full_screen_button(t)
            if aside:
                clue = f"<span>{clue}</span>{aside}"
            wraps = " cc-clue-wraps" if aside_wraps else ""
            st.html(f'<div class="cc-clue{wraps}">{clue}</div>')
        with st.container(width="content"):
            live_status(
                view["code"], status, view["language"], big=True, warning=last_seconds(view)
            )


def screen_body(
    view: Mapping[str, Any],
    t: Translator,
    *,
    join_code: str,
    part: Callable[[], None],
) -> None:
    """Everything under the header, phase by phase: the lobby's code, address and QR code
    (students join with `join_code`), a round's composition, the reveal, the gallery or the
    podium. `part` draws what changes within a phase (the lobby's roster, a round's
    readiness: ui/parts.py) where it belongs."""
    phase = view["phase"]
    if phase == LOBBY:
        join_url = page_url("play", code=join_code)
        with st.container(horizontal=True, gap="medium"):
            with st.container():
                st.html(
                    f'<div class="cc-huge">{literal(t("ui.screen.join_with"))}</div>'
                    f'<div class="cc-code cc-code-huge">{literal(join_code)}</div>'
                    f'<div class="cc-big cc-url">{url_html(shown_url(join_url))}</div>'
                )
                part()
            with st.container(width="content", gap="small"):
                st.image(qr_png(join_url), width=QR_PX, alt=t("ui.qr.join"))
                # Which game the class is joining, under the code they scan, and the game
                # told in three lines, one at a time, each with its picture, while the class
                # joins.
                title = Engine.game_title(view["game"], view["language"])
                told = how_to_html(view["game"], view["language"], t)
                st.html(
                    f'{HOW_TO_CSS}<div class="cc-big cc-game-name">{literal(title)}</div>'
                    + cycle_html(told, HOW_TO_SECONDS, time.time(), "cc-howto")
                )
    else:
        parts_of(view).screen.round_body(view, t, big=True, part=part)
