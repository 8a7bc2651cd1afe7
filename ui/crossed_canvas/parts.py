"""What changes within a Crossed Canvas phase (ui/parts.py draws it into the page's live part
and the push stream sends it): who is ready, by signature."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.crossed_canvas.look import legend_html
from ui.text import Translator


def in_round(view: Mapping[str, Any]) -> bool:
    """A phase of a round in which players get ready (not its reveal): what changes within it
    is only who is ready, the readiness legend the parts draw."""
    return view["phase"] not in ("lobby", "reveal", "finished")


def phone_html(view: Mapping[str, Any], t: Translator) -> str:
    return legend_html(view, t) if in_round(view) else ""


def screen_html(view: Mapping[str, Any], t: Translator) -> str:
    return legend_html(view, t, big=True) if in_round(view) else ""
