"""What changes within a Canvas Critters phase, for the page's live part (ui/parts.py): the
phone's list of who is done. Every other change redraws the whole page (a mosaic, a ribbon)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.critters.play import ready_html
from ui.text import Translator


def in_round(view: Mapping[str, Any]) -> bool:
    """Never: no phase of the game changes only who is ready."""
    return False


def phone_html(view: Mapping[str, Any], t: Translator) -> str:
    return ready_html(view, t)


def screen_html(view: Mapping[str, Any], t: Translator) -> str:
    return ""
