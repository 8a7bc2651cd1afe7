"""Crossed Canvas on the teacher's page (pages/facilitator.py draws the timer row, the roster,
the totals and the end): the legend of signatures, the round's drawing or its reveal, hiding
an unkind drawing, and the gallery once the game is over."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine import Engine
from ui.crossed_canvas import gallery
from ui.crossed_canvas.board import show_composition
from ui.crossed_canvas.look import (
    crossed_canvas_style,
    legend,
    reveal_pictures,
    reveal_summary,
    signature_html,
)
from ui.moderation import Run, gallery_steps
from ui.text import Translator, literal

#: Downloads are named after the game: crossed-canvas-<code>.csv.
FILE_PREFIX = "crossed-canvas"
COMPOSITION_PX = 320
THUMB_PX = 140


def table_files(view: Mapping[str, Any], t: Translator) -> list[tuple[str, bytes]]:
    """A finished table's folder in its class's ZIP: what the game's own ZIP holds."""
    return gallery.table_files(view, t)


def advance_key(view: Mapping[str, Any]) -> str:
    """The catalogue key of the button that ends the current phase now, named after what
    comes next (the last round's reveal leads to the final results)."""
    phase = view["phase"]
    if phase == "reveal" and view["round"] >= view["rounds"]:
        return "ui.fac.advance.reveal_last"
    return f"ui.fac.advance.{phase}"


def round_body(
    engine: Engine, view: Mapping[str, Any], t: Translator, run: Run, *, listed: bool
) -> None:
    """A round in the main column: the legend (unless the live part lists who is ready,
    `listed`), the reveal or the drawing so far, and the moderation of drawings."""
    crossed_canvas_style()
    if not listed:
        legend(view, t)
    if view["phase"] == "reveal":
        reveal_pictures(view["reveal"], t, 120)
        reveal_summary(view, t)
    elif view["fragments"]:
        show_composition(view["fragments"], view["signatures"], COMPOSITION_PX, t)
    if view["moderation"]:
        with moderation_expander(t):
            moderation_panel(engine, view, t, run, view["round"])


def finished_body(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """After the podium: the gallery the projector steps through."""
    crossed_canvas_style()
    gallery_controls(engine, view, t, run)


def side(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """Nothing of its own beside the totals."""


def moderation_expander(t: Translator) -> Any:
    """The "Hide a drawing" expander. Keyed, so it stays open while the teacher hides and
    shows drawings again (each click reruns the page)."""
    return st.expander(t("ui.fac.moderation"), key="moderation_panel", on_change="rerun")


def moderation_panel(
    engine: Engine, view: Mapping[str, Any], t: Translator, run: Run, round_number: int
) -> None:
    """Each fragment of a round shown so far, with Hide (or Show again when hidden)."""
    fragments = [m for m in view["moderation"] if m["round"] == round_number]
    if not fragments:
        return
    signatures = _signatures_of(view, round_number)
    st.caption(t("ui.fac.moderation_hint"))
    for fragment in fragments:
        sig, pulse = fragment["signature"], fragment["pulse"]
        widget = f"fragment_{round_number}_{pulse}_{sig}"
        with st.container(horizontal=True, vertical_alignment="center", key=f"{widget}_row"):
            label = t("ui.fac.fragment", round=round_number, pulse=pulse, signature="\x00")
            before, _, after = label.partition("\x00")
            badge = f" <b>({literal(t('ui.fac.hidden'))})</b>" if fragment["hidden"] else ""
            if fragment["hidden"]:
                st.html(f'<div style="width:{THUMB_PX}px"></div>', width="content")
            else:
                with st.container(width=THUMB_PX):
                    show_composition([fragment], signatures, THUMB_PX, t)
            st.html(
                f"<div>{literal(before)}{signature_html(signatures[sig])}{literal(after)}"
                f"{badge}</div>"
            )
            st.button(
                t("ui.fac.unhide") if fragment["hidden"] else t("ui.fac.hide"),
                key=widget,
                on_click=run,
                args=(engine.hide_fragment,),
                kwargs={
                    "round": round_number,
                    "signature": sig,
                    "pulse": pulse,
                    "hidden": not fragment["hidden"],
                },
            )


def gallery_controls(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """Once the game is over: step the projector through the rounds (or back to the podium),
    hide a drawing from any round, and download the gallery."""
    shown, rounds = view["shown_round"], view["rounds"]
    gallery_steps(engine, shown, rounds, t, run)
    st.download_button(
        t("ui.fac.gallery_zip"),
        lambda: gallery.gallery_zip(view, t),
        file_name=f"crossed-canvas-{view['code']}.zip",
        mime="application/zip",
        key="gallery_zip",
        on_click="ignore",
        type="primary",
    )
    with moderation_expander(t):
        which = st.selectbox(
            t("ui.fac.moderation_round"),
            range(1, rounds + 1),
            index=(shown or 1) - 1,
            format_func=lambda number: t("ui.gallery.round", round=number),
            key="moderation_round",
        )
        moderation_panel(engine, view, t, run, which)


def _signatures_of(view: Mapping[str, Any], round_number: int) -> Mapping[str, Any]:
    """A round's signatures: the current round's, or a finished game's from its gallery."""
    kept: list[Mapping[str, Any]] = view.get("gallery") or []
    shown = next((entry for entry in kept if entry["round"] == round_number), view)
    signatures: Mapping[str, Any] = shown["signatures"]
    return signatures
