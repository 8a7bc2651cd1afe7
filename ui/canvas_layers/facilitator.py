"""The Canvas Layers controls on the teacher's page: the four scoring cards, picked in the
lobby; the game as the projector shows it, smaller; the gallery of every painting."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine import Engine
from engine.canvas_layers.cards import SCORING_IDS
from engine.canvas_layers.rules import SCORING_IN_PLAY
from ui.canvas_layers import gallery
from ui.canvas_layers.cards_html import LAYERS_CSS, scoring_html, scoring_option
from ui.canvas_layers.ending import breakdown_html, painter_html, shown_painter
from ui.canvas_layers.screen import show_layers
from ui.moderation import Run, gallery_steps
from ui.text import Translator, isolate

#: Downloads are named after the game: canvas-layers-<code>.csv, .zip.
FILE_PREFIX = "canvas-layers"
#: The pick's chips (each card's name and gist) wrap onto a second line rather than scroll
#: out of sight; the scoring cards under the pick stand side by side where there is room.
PICKER_CSS = """<style>
[class*="st-key-scoring_"] [role="group"]:has(> [data-testid="stMultiSelectTagsContainer"]) {
  height: auto; max-height: none; }
[class*="st-key-scoring_"] [data-testid="stMultiSelectTagsContainer"] { flex-wrap: wrap;
  overflow: visible; height: auto; }
.cl-picker { display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr));
  gap: .5rem; }
</style>"""


def table_files(view: Mapping[str, Any], t: Translator) -> list[tuple[str, bytes]]:
    """A table's folder in its class's ZIP: what the game's own gallery ZIP holds."""
    return gallery.table_files(view, t)


def advance_key(view: Mapping[str, Any]) -> str:
    """Ending a turn plays it for its painter (the free card, or the oldest three painted)."""
    return "ui.layers.fac.advance.turn"


def lobby_body(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """The four scoring cards the game is played with: the first game's four until the
    teacher picks others. Each is offered with what it asks in a few words, and under the
    pick every card's rule and points in words, the four in play first. Keyed by the pick
    in force, so one made on another tab shows."""
    language = view["language"]
    current = list(view["scoring"])
    st.subheader(t("ui.layers.fac.scoring"))
    st.html(PICKER_CSS)
    chosen = st.multiselect(
        t("ui.layers.fac.scoring_label", count=SCORING_IN_PLAY),
        SCORING_IDS,
        default=current,
        format_func=lambda card: scoring_option(card, t, language),
        max_selections=SCORING_IN_PLAY,
        placeholder=t("ui.layers.fac.scoring_pick"),
        key=f"scoring_{'_'.join(current)}",
    )
    if chosen != current:
        if len(chosen) == SCORING_IN_PLAY:
            run(engine.set_scoring, chosen)  # a refusal is kept and shown after the rerun
            st.rerun()
        else:
            st.caption(t("ui.layers.fac.scoring_hint", count=SCORING_IN_PLAY))
    others = [card for card in SCORING_IDS if card not in current]
    with st.expander(t("ui.layers.fac.scoring_cards")):
        for heading, cards in (("in_play", current), ("others", others)):
            st.caption(t(f"ui.layers.fac.scoring_{heading}"))
            shown = "".join(scoring_html(card, t, language) for card in cards)
            st.html(f'{LAYERS_CSS}<div class="cl-picker">{shown}</div>')


def round_body(
    engine: Engine, view: Mapping[str, Any], t: Translator, run: Run, *, listed: bool
) -> None:
    """A turn in the main column: the projector's page, smaller."""
    show_layers(view, t, big=False)


def finished_body(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """Under the winners: the gallery's steps, painter by painter, and what the projector
    shows now, smaller (a painter's paintings, or where everyone's points came from; the
    totals stand beside it already)."""
    painter = shown_painter(view)
    showing = ""
    if painter is not None:
        showing = t("ui.layers.fac.gallery_showing", name=isolate(painter["name"]))
    labels = ("ui.layers.fac.gallery_previous", "ui.layers.fac.gallery_next")
    pages = len(view["painters"])
    gallery_steps(engine, view["shown_round"], pages, t, run, labels=labels, showing=showing)
    shown = breakdown_html(view, t) if painter is None else painter_html(view, painter, t, 150)
    st.html(f"{LAYERS_CSS}{shown}")


def side(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """Beside the totals: the gallery of every painting so far, as a ZIP of SVG files."""
    if not view["history"]:
        return
    st.download_button(
        t("ui.layers.fac.gallery_zip"),
        gallery.gallery_zip(view, t, f"{FILE_PREFIX}-{view['code']}"),
        file_name=f"{FILE_PREFIX}-{view['code']}.zip",
        mime="application/zip",
        key="layers_gallery",
        on_click="ignore",
    )
