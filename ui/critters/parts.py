"""What changes within a Canvas Critters phase, for the page's live part (ui/parts.py): the
phone's list of who is done, and in the lobby, with exactly two joined, that they will play
the duel. Every other change redraws the whole page (a mosaic, a ribbon)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import LOBBY
from engine.critters import rules
from ui.critters.play import ready_html
from ui.text import Translator, literal


def in_round(view: Mapping[str, Any]) -> bool:
    """Never: no phase of the game changes only who is ready."""
    return False


def phone_html(view: Mapping[str, Any], t: Translator) -> str:
    return duel_ahead_html(view, t) or ready_html(view, t)


def screen_html(view: Mapping[str, Any], t: Translator) -> str:
    return duel_ahead_html(view, t)


def duel_ahead_html(view: Mapping[str, Any], t: Translator) -> str:
    """In the lobby with exactly two joined: started now, the game is the duel (the lobby's
    lines tell the ribbon game), so say so and how it goes."""
    if view["phase"] != LOBBY or len(view["players"]) != rules.MIN_PLAYERS:
        return ""
    return f"<div>{literal(t('ui.critters.lobby.duel'))}</div>"
