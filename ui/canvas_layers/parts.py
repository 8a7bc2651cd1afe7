"""What changes within a Canvas Layers turn for the page's live part (ui/parts.py): nothing.
Every move ends its turn, so every change redraws the whole page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.text import Translator


def in_round(view: Mapping[str, Any]) -> bool:
    """Never: no turn changes only who is ready."""
    return False


def phone_html(view: Mapping[str, Any], t: Translator) -> str:
    return ""


def screen_html(view: Mapping[str, Any], t: Translator) -> str:
    return ""
