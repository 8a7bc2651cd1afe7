"""The ribbons of a Canvas Critters round once turned over, worked out from its view: shared
by the projector, the phones and the results CSV, so it needs no Streamlit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.critters.rules import GOLDEN


def received(turned: Mapping[str, Any], name: str) -> tuple[list[int], int]:
    """The ribbons `name` received in the round turned over, highest first, and how many
    golden ones."""
    values = sorted(
        (r["value"] for given in turned["ribbons"] for r in given["ribbons"] if r["to"] == name),
        reverse=True,
    )
    return values, sum(1 for given in turned["ribbons"] if given["golden"] == name)


def golden_kept(turned: Mapping[str, Any], name: str) -> int:
    """What a golden ribbon never given cost `name` in the round turned over (5 in the last
    regular round, else 0): the ribbons received less the points scored, since the view
    gives only the round's points."""
    values, golden = received(turned, name)
    scored: int = turned["scores"].get(name, 0)
    return max(sum(values) + GOLDEN * golden - scored, 0)


def givers(view: Mapping[str, Any]) -> list[str]:
    """Who gives ribbons this round: everyone, or in a tie-break everyone but the tied."""
    if view["tie_break"]:
        return [name for name in view["players"] if name not in view["builders"]]
    return list(view["players"])
