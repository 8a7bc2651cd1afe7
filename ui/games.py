"""Every game's page parts, found by the game a view names (`view["game"]`): the one shared
ui module that imports every game's folder (as engine/games.py does for the engine), so the
pages name no game. Each game's folder exports its parts (ui/<game>/__init__.py, `PARTS`: a
`GameParts`, ui/game_parts.py): a game is one line here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui import canvas_layers, critters, crossed_canvas
from ui.game_parts import GameParts

PARTS: Mapping[str, GameParts] = {
    "crossed_canvas": crossed_canvas.PARTS,
    "canvas_critters": critters.PARTS,
    "canvas_layers": canvas_layers.PARTS,
}


def parts_of(view: Mapping[str, Any]) -> GameParts:
    return PARTS[view["game"]]


def last_seconds(view: Mapping[str, Any]) -> str | None:
    """The warning a page of `view` gives in a timer's last seconds (its text's key), if its
    viewer has a move to make before the end: the game decides (`Phone.last_seconds`)."""
    return parts_of(view).phone.last_seconds(view)
