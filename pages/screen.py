"""The projector: built from public_view alone, so it is safe to show at any moment (R11)."""

from __future__ import annotations

import streamlit as st

from engine import RuleError
from ui.browser import browser_id
from ui.classes.tables import (
    BIG_CSS,
    CLASS_CSS,
    class_heading,
    class_screen,
    is_class,
    ticking,
    view_of_code,
)
from ui.critters.screen import heading_and_clue, is_critters, show_critters
from ui.crossed_canvas.board import show_composition, show_replay
from ui.fullscreen import full_screen_button
from ui.links import page_url, qr_png, shown_url
from ui.live import follow_changes, live_status
from ui.look import (
    authors_html,
    page_style,
    podium,
    reveal_by_player,
    reveal_outcome_html,
    reveal_pictures,
)
from ui.parts import in_round
from ui.runtime import get_engine, query_param
from ui.text import browser_language, dead_end, literal, translator, url_html

# Read from the back of a classroom: every text at least 28 px, and every phase (twelve players
# with 24-character names) within 1280x720 without scrolling; narrow margins buy the room.
SCREEN_CSS = """
.stMainBlockContainer { padding: .5rem 1.5rem; max-width: 100%; }
.stMarkdown p { font-size: 1.35rem; }
.cc-phase { font-size: 2.4rem; line-height: 1.2; }
.cc-clue { font-size: 1.8rem; line-height: 1.2; margin-top: .3rem; }
.cc-url { overflow-wrap: anywhere; }
.cc-authors { font-size: 1.75rem; line-height: 1.3; }
.cc-authors .cc-glyph { font-size: 1em; }
"""
COMPOSITION_PX = 500
GALLERY_PX = 560
# The room under the reveal's first row, less the table's heading and a margin.
REPLAY_PX = 430

st.set_page_config(page_title="Crossed Canvas", page_icon="🎨", layout="wide")
page_style(SCREEN_CSS)
engine = get_engine()

language = browser_language()
try:
    code = query_param("code", "error.bad_code")
    if code is None:
        st.title(translator(language)("ui.title"))
        dead_end(language, message_key="ui.screen.no_code")
    view, status = view_of_code(engine, code, browser_id())
except RuleError as error:
    dead_end(language, error)

if is_class(status):
    # One projector address for a game and for a whole class: the teacher opens it the same
    # way, and the same "Open the projector screen" button leads here.
    t = translator(view["language"])
    st.html(f"<style>{CLASS_CSS}{BIG_CSS}</style>")
    with st.container(horizontal=True, gap="medium", wrap=False, vertical_alignment="center"):
        st.html(f'<div class="cc-phase">{class_heading(view, t)}</div>')
        full_screen_button(t)
    class_screen(view, status["version"], t)
    follow_changes(view["code"], status, view["language"], big=True, clocks=ticking(view["tables"]))
    st.stop()

language = view["language"]
t = translator(language)
# Canvas Critters shares the header, the lobby and the move to the next game; the rest is its own.
heading, clue = heading_and_clue(view, t)
with st.container(horizontal=True, gap="medium", wrap=False):
    # The button on the heading's line leaves the clue under it the page's width (less the
    # timer's): the longest clue stays on one line, paused or not.
    with st.container(gap=None):
        with st.container(horizontal=True, gap="medium", wrap=False):
            st.html(f'<div class="cc-phase">{heading}</div>')
            full_screen_button(t)
        st.html(f'<div class="cc-clue">{clue}</div>')
    with st.container(width="content"):
        live_status(view["code"], status, language, big=True)


def follow_part() -> None:
    """The page's live part, placed where what changes within a phase sits (the lobby's
    roster, a round's readiness: ui/parts.py): a join, submit or vote comes by push, and the
    whole page runs again only when the phase moves (a stage, as on the phones)."""
    follow_changes(view["code"], status, language, big=True, redraw="stage", part="screen")


phase = view["phase"]
# Elsewhere (Canvas Critters, a reveal, the end) the whole page redraws on every change.
part_in_place = phase == "lobby" or in_round(view)
if phase == "finished" and view["next_game"]:  # the teacher started the next game: follow it
    st.query_params.from_dict({"code": view["next_game"]})
    st.rerun()
if phase == "lobby":
    join_url = page_url("play", code=view["code"])
    with st.container(horizontal=True, gap="medium"):
        with st.container():
            st.html(
                f'<div class="cc-huge">{literal(t("ui.screen.join_with"))}</div>'
                f'<div class="cc-code cc-code-huge">{literal(view["code"])}</div>'
                f'<div class="cc-big cc-url">{url_html(shown_url(join_url))}</div>'
            )
            follow_part()
        st.image(qr_png(join_url), width=340, alt=t("ui.qr.join"))
elif is_critters(view):
    show_critters(view, t, big=True)
elif phase == "finished":
    # The facilitator steps through the rounds: a teacher talks over each drawing for as long
    # as the class needs, so the laptop, not a timer, turns the page.
    shown = next((g for g in view["gallery"] if g["round"] == view["shown_round"]), None)
    if shown is None:
        podium(view["totals"], t)
    else:
        with st.container(horizontal=True, gap="medium", wrap=False):
            with st.container(width=GALLERY_PX):
                show_composition(shown["fragments"], shown["signatures"], GALLERY_PX, t)
            with st.container():
                reveal_pictures(shown, t, 96, big=True)
                st.html(authors_html(shown))
elif phase == "reveal":
    with st.container(horizontal=True, gap="medium", vertical_alignment="center", wrap=False):
        reveal_pictures(view["reveal"], t, 96, big=True)
        st.html(f'<div class="cc-label-big">{reveal_outcome_html(view["reveal"], t)}</div>')
    # The table takes the width its names need; the replay takes the rest, up to REPLAY_PX.
    with st.container(horizontal=True, gap="medium", wrap=False):
        with st.container():
            show_replay(view["fragments"], view["signatures"], REPLAY_PX, t)
        with st.container(width="content"):
            reveal_by_player(view, t)
else:
    with st.container(horizontal=True, gap="medium"):
        with st.container(width=COMPOSITION_PX):
            show_composition(view["fragments"], view["signatures"], COMPOSITION_PX, t)
        with st.container():
            st.html(f'<div class="cc-big">{literal(t(f"ui.screen.hint.{phase}"))}</div>')
            follow_part()
if not part_in_place:
    follow_changes(view["code"], status, language, big=True)
