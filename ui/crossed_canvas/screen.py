"""Crossed Canvas on the projector (ui/projector.py draws the header and the lobby) and, smaller,
on the teacher's page: a round's composition, the reveal with its replay, the gallery."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from ui.crossed_canvas.board import composition_html, show_composition, show_replay
from ui.crossed_canvas.look import (
    authors_html,
    category_line,
    crossed_canvas_style,
    reveal_by_player,
    reveal_outcome_html,
    reveal_pictures,
    round_heading,
)
from ui.look import podium
from ui.text import Translator, literal

COMPOSITION_PX = 500
GALLERY_PX = 560
# The room under the reveal's first row, less the table's heading and a margin.
REPLAY_PX = 430
# The phases in which a table of a class takes the class projector: the reveal, which the
# table watches together on the big screen.
SHOWCASE = frozenset({"reveal"})
# The composition in a class's projected card: the largest that leaves the rest of a card on
# screen.
CARD_COMPOSITION_PX = 330
# The reveal of a table of up to CLASS_BESIDE_MOST (`reveal_beside`), a game's or a class's
# table's: the replay beside everything else, from under the heading down, rather than under
# the objects and the outcome (which took 100 to 130 px from its height): up to this size,
# less the class strip's line when it may wrap, it still ends within 720 px (a game's header,
# or ui/classes/tables.py's heading with the table and the other tables).
CLASS_REPLAY_PX = 540
# Beside the replay, the objects, the outcome and a row per player stack up: up to this many
# players they end within 720 px; a larger table's reveal is laid out as a game's, its rows
# with each signature as a glyph (`reveal_body`).
CLASS_BESIDE_MOST = 10
# Beside the replay, the rows' cells a little closer (and a small gap): the width they give
# back is the replay's, which long signatures otherwise hold under 480 px.
CLASS_REVEAL_CSS = """<style>
.st-key-cc_class_reveal .cc-by-player td, .st-key-cc_class_reveal .cc-by-player th {
  padding: 0 .3rem; }
</style>"""


def heading(view: Mapping[str, Any], t: Translator) -> tuple[str, str]:
    """A page's heading ("Round 2 of 6 · Ink pulse 1") and the line under it, as HTML."""
    return round_heading(view, t), category_line(view, t)


def round_body(
    view: Mapping[str, Any],
    t: Translator,
    *,
    big: bool,
    part: Callable[[], None],
) -> None:
    """The projector after the lobby: a round's composition beside its hint (`part`: who is
    ready), the reveal, then the gallery the facilitator steps through, or the podium."""
    crossed_canvas_style()
    phase = view["phase"]
    if phase == "finished":
        # The facilitator steps through the rounds: a teacher talks over each drawing for as
        # long as the class needs, so the laptop, not a timer, turns the page.
        shown = next((g for g in view["gallery"] if g["round"] == view["shown_round"]), None)
        if shown is None:
            podium(view["totals"], view["avatars"], t)
        else:
            with st.container(horizontal=True, gap="medium", wrap=False):
                with st.container(width=GALLERY_PX):
                    show_composition(shown["fragments"], shown["signatures"], GALLERY_PX, t)
                with st.container():
                    reveal_pictures(shown, t, 96, big=True)
                    st.html(authors_html(shown))
    elif phase == "reveal":
        reveal_beside(view, t)
    else:
        with st.container(horizontal=True, gap="medium"):
            with st.container(width=COMPOSITION_PX):
                show_composition(view["fragments"], view["signatures"], COMPOSITION_PX, t)
            with st.container():
                st.html(f'<div class="cc-big">{literal(t(f"ui.screen.hint.{phase}"))}</div>')
                part()


def showcase_body(view: Mapping[str, Any], t: Translator) -> None:
    """A class's table in its reveal, on the class projector: a game's reveal."""
    crossed_canvas_style()
    reveal_beside(view, t)


def reveal_beside(view: Mapping[str, Any], t: Translator) -> None:
    """The reveal with the replay at least 480 px wide where the row per player leaves it
    the width (issue 34), so on the left from under the heading, the objects, the outcome and
    the rows beside it; a table of more than CLASS_BESIDE_MOST as `reveal_body`."""
    if len(view["players"]) > CLASS_BESIDE_MOST:
        reveal_body(view, t)
        return
    st.html(CLASS_REVEAL_CSS)
    with st.container(horizontal=True, gap="small", wrap=False, key="cc_class_reveal"):
        with st.container():
            show_replay(view["fragments"], view["signatures"], CLASS_REPLAY_PX, t)
        with st.container(width="content", gap="xsmall"):
            reveal_pictures(view["reveal"], t, 96, big=True)
            # Under the objects, as wide as the rows below: its own line would widen the column.
            st.html(outcome_html(view, t, 'style="width:0;min-width:100%"'))
            reveal_by_player(view, t)


def card_html(view: Mapping[str, Any], t: Translator) -> str:
    """A class's table in a round, in its card on the class projector: the public clue and
    the composition so far."""
    clue = f'<div class="cc-muted">{category_line(view, t)}</div>'
    return clue + composition_html(view["fragments"], view["signatures"], CARD_COMPOSITION_PX, t)


def reveal_body(view: Mapping[str, Any], t: Translator, replay_px: int = REPLAY_PX) -> None:
    """The reveal (R11) of a table larger than CLASS_BESIDE_MOST: both objects and the
    outcome, then the drawing replayed stroke by stroke beside a row per player (their
    signature, points and vote, each signature as its glyph: with twelve 24-character names,
    signatures' names too left the drawing under 220 px), half a gap apart."""
    with st.container(gap="xsmall"):
        with st.container(horizontal=True, gap="medium", vertical_alignment="center", wrap=False):
            reveal_pictures(view["reveal"], t, 96, big=True)
            st.html(outcome_html(view, t))
        # The table takes the width its names need; the replay takes the rest, up to replay_px.
        with st.container(horizontal=True, gap="medium", wrap=False):
            with st.container():
                show_replay(view["fragments"], view["signatures"], replay_px, t)
            with st.container(width="content"):
                reveal_by_player(view, t, glyphs_only=True)


def outcome_html(view: Mapping[str, Any], t: Translator, attributes: str = "") -> str:
    """The reveal's outcome (who the Curator and the Distorter were, what came of it), large;
    `attributes` added to its element."""
    outcome = reveal_outcome_html(view["reveal"], t)
    return f'<div class="cc-label-big cc-outcome" {attributes}>{outcome}</div>'
