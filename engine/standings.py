"""Who wins: every game reads its totals the same way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

Who = TypeVar("Who")  # a player by name (the views) or by id (Canvas Critters' rules)


def winners(totals: Mapping[Who, int]) -> list[Who]:
    """Every player (by name or id) with the highest total: tied leaders share the victory
    (Crossed Canvas's R12; Canvas Critters reads its totals the same way)."""
    if not totals:
        return []
    best = max(totals.values())
    return [name for name, points in totals.items() if points == best]
