"""Every game's page parts, found by the game a view names (`view["game"]`): the one shared
ui module that imports every game's folder (as engine/games.py does for the engine), so the
pages name no game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ui.critters import play as critters_play
from ui.crossed_canvas import play as crossed_canvas_play
from ui.text import Translator


class Phone(Protocol):
    """A game's phone (pages/play.py draws the header, the lobby, the end and the live part
    around it)."""

    def heading_html(self, view: dict[str, Any], t: Translator) -> str: ...
    def phase_body(self, view: dict[str, Any], t: Translator, token: str) -> None: ...
    def following(self, view: dict[str, Any]) -> tuple[bool, str]: ...
    def totals_shown(self, view: dict[str, Any]) -> bool: ...


@dataclass(frozen=True)
class GameParts:
    """What one game draws on the pages every game shares."""

    phone: Phone


PARTS: Mapping[str, GameParts] = {
    "crossed_canvas": GameParts(phone=crossed_canvas_play),
    "canvas_critters": GameParts(phone=critters_play),
}


def parts_of(view: Mapping[str, Any]) -> GameParts:
    return PARTS[view["game"]]
