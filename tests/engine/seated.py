"""A game seated through the engine, read only as its players and teacher read it: the shape
every game's test kit shares (cc_support, critters_kit, layers_kit)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

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


Seated = TypeVar("Seated", bound=SeatedGame)


def seat_game(
    kind: type[Seated],
    engine: Engine,
    clock: FakeClock | None,
    names: Sequence[str],
    *,
    game: str,
    language: str = "en",
    durations: Mapping[str, float | None] | None = None,
    start: bool = True,
) -> Seated:
    """A new `game` that `names` joined, started unless `start` is False: every game's test
    kit seats its tables here (cc_support, critters_kit, layers_kit, pagekit)."""
    new = engine.create_game(language, game=game, durations=durations)
    table = kind(engine, clock, new.code, new.facilitator_token)
    for name in names:
        table.tokens[name] = engine.join(new.code, name)
    if start:
        engine.start(new.facilitator_token)
    return table
