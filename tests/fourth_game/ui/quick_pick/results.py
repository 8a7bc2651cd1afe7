"""Quick Pick's results rows: a player's colour and points, round by round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.text import Translator

COLUMNS = ("round", "player", "points")


def rows(view: Mapping[str, Any], t: Translator) -> list[list[object]]:
    return [
        [entry["round"], name, points]
        for entry in view["history"]
        for name, points in entry["awards"].items()
    ]
