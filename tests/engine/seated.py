"""A game seated through the engine, read only as its players and teacher read it: the shape
every game's test kit shares (cc_support, critters_kit, layers_kit)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import Engine, FakeClock


@dataclass
class SeatedGame:
    """One game: its code, the facilitator's key and each player's token by name."""

    engine: Engine
    clock: FakeClock | None  # None: the page tests' engine runs on the real clock, as the pages'
    code: str
    fac: str
    tokens: dict[str, str] = field(default_factory=dict)

    def start(self) -> None:
        self.engine.start(self.fac)

    def view(self, name: str) -> dict[str, Any]:
        return self.engine.player_view(self.tokens[name])

    def public(self) -> dict[str, Any]:
        return self.engine.public_view(self.code)

    def facilitator(self) -> dict[str, Any]:
        return self.engine.facilitator_view(self.fac)

    def phase(self) -> str:
        return self.public()["phase"]
