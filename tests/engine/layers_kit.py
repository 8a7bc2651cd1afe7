"""Playing Canvas Layers through the door in tests: a seated table whose players act on what
their phones list."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from engine import Engine, FakeClock
from tests.engine.seated import SeatedGame

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]
_ids = itertools.count(1)


def rid() -> str:
    return f"layers-{next(_ids)}"


@dataclass
class Layers(SeatedGame):
    def acting(self) -> str | None:
        """Who must act now: the painter whose turn it is, or the tie's picker."""
        view = self.public()
        return view["turn"] or view["picker"]

    def act(self, name: str, move: str, args: Any, request_id: str | None = None) -> Any:
        """Make one move as a phone lists it (`args`: one entry of its listed actions)."""
        token, request = self.tokens[name], request_id or rid()
        if move == "take":
            return self.engine.take_card(token, args["position"], args["card"], request)
        if move == "complete":
            return self.engine.complete_painting(token, args["cards"], args["background"], request)
        return self.engine.pick_winner(token, args, request)

    def take_first(self, name: str) -> Any:
        return self.act(name, "take", self.view(name)["actions"]["take"][0])

    def play_turn(self) -> None:
        """The acting player's move: the completion that takes the most, else the free card."""
        name = self.acting()
        assert name is not None
        actions = self.view(name)["actions"]
        if "complete" in actions:
            best = max(actions["complete"], key=lambda a: sum(a["ribbons"].values()) + a["bonus"])
            self.act(name, "complete", best)
        elif "take" in actions:
            self.act(name, "take", actions["take"][0])
        else:
            self.act(name, "pick", actions["pick"][0])

    def play_to_the_end(self) -> dict[str, Any]:
        for _turn in range(len(self.tokens) * 14 + 2):
            if self.public()["phase"] == "finished":
                return self.public()
            self.play_turn()
        raise AssertionError("the game did not end")


def seat(
    engine: Engine,
    clock: FakeClock,
    players: int,
    *,
    durations: dict[str, float | None] | None = None,
    start: bool = True,
) -> Layers:
    new = engine.create_game(game="canvas_layers", durations=durations)
    table = Layers(engine, clock, new.code, new.facilitator_token)
    for name in NAMES[:players]:
        table.tokens[name] = engine.join(new.code, name)
    if start:
        engine.start(new.facilitator_token)
    return table
