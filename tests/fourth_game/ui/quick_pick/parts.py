"""What changes within a Quick Pick phase: who has picked (never what)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.text import Translator, literal


def in_round(view: Mapping[str, Any]) -> bool:
    return bool(view["phase"] == "pick")


def phone_html(view: Mapping[str, Any], t: Translator) -> str:
    """While they pick: how many have, and who."""
    done = view["ready"]
    if done is None:
        return ""
    names = literal(", ".join(view["picked"]))
    return f'<p class="qp-ready">{done["done"]}/{done["total"]} {names}</p>'


def screen_html(view: Mapping[str, Any], t: Translator) -> str:
    return phone_html(view, t)
