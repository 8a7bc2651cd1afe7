"""Crossed Canvas on the teacher's page (pages/facilitator.py draws the timer row, the roster,
the totals and the end): the legend of signatures, the round's drawing or its reveal, hiding
an unkind drawing, and the gallery once the game is over."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import Engine
from ui.crossed_canvas.board import show_composition
from ui.look import legend, reveal_pictures, reveal_summary
from ui.moderation import Run, gallery_controls, moderation_expander, moderation_panel
from ui.text import Translator

#: Downloads are named after the game: crossed-canvas-<code>.csv.
FILE_PREFIX = "crossed-canvas"
COMPOSITION_PX = 320


def advance_key(phase: str) -> str:
    """The catalogue key of the button that ends `phase` now."""
    return f"ui.fac.advance.{phase}"


def round_body(
    engine: Engine, view: Mapping[str, Any], t: Translator, run: Run, *, listed: bool
) -> None:
    """A round in the main column: the legend (unless the live part lists who is ready,
    `listed`), the reveal or the drawing so far, and the moderation of drawings."""
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
    gallery_controls(engine, view, t, run)


def side(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """Nothing of its own beside the totals."""
