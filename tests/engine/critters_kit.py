"""A Canvas Critters table seen only through the service, as players and a teacher see it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import Engine, FakeClock
from engine.critters.bots import spot
from tests.engine.seated import SeatedGame, seat_game
from tests.kit import rid

NAMES = ["Ana", "Ben", "Cy", "Di", "Eli", "Fay"]
# Long phases: tests move on by answers or by the facilitator, never by a clock that drifts.
LONG = dict.fromkeys(
    ["theme", "build", "last_minute", "titles", "judging", "scores", "guess"], 3600
)
KINDS = ["fox", "crab", "turtle", "shark", "penguin", "giraffe", "whale", "snake"]


@dataclass
class Critters(SeatedGame):
    def pick(self, name: str, which: int = 0) -> str:
        themes = self.view(name)["actions"]["pick_theme"]["themes"]
        return self.engine.pick_theme(self.tokens[name], themes[which])

    def pick_all(self) -> None:
        for name in self.tokens:
            if "pick_theme" in self.view(name)["actions"]:
                self.pick(name)

    def build(self, name: str, pieces: int = 7, kinds: list[str] | None = None) -> list[str]:
        taken = []
        for i in range(pieces):
            kind = (kinds or KINDS)[i % len(kinds or KINDS)]
            x, y = spot(i)
            taken.append(self.engine.take_piece(self.tokens[name], kind, x, y, rid()))
        return taken

    def take_any(self, name: str, count: int) -> None:
        """`name` takes `count` pieces, each of any kind still in the pile, stacked."""
        for _ in range(count):
            kind = next(kind for kind, left in self.public()["pile"].items() if left)
            self.engine.take_piece(self.tokens[name], kind, 0.5, 0.5, rid())

    def finish(self, name: str) -> None:
        self.engine.finish_mosaic(self.tokens[name])

    def build_and_finish_all(self) -> None:
        for name in self.public()["builders"]:
            self.build(name)
            self.finish(name)

    def title_all(self) -> None:
        for name in self.public()["builders"]:
            if "title" in self.view(name)["actions"]:  # untitled, and titles still open
                self.engine.title_mosaic(self.tokens[name], f"{name}'s zoo")

    def award_all(self, golden: dict[str, str] | None = None) -> None:
        """Every giver awards: their ribbons to the receivers in roster order after them."""
        for name in self.tokens:
            actions = self.view(name)["actions"]
            if "award" not in actions:
                continue
            offer = actions["award"]
            # Roster order, whatever order the phone lists them in: scores tests can count on.
            receivers = [other for other in self.tokens if other in offer["receivers"]]
            ribbons = dict(zip(offer["ribbons"], receivers, strict=False))
            self.engine.award_ribbons(
                self.tokens[name], ribbons, rid(), golden=(golden or {}).get(name)
            )

    def play_judged_round(self, golden: dict[str, str] | None = None) -> dict[str, Any]:
        """One whole judged round; returns the view of its scores."""
        self.pick_all()
        self.build_and_finish_all()
        self.title_all()
        self.award_all(golden)
        return self.public()


def seat_critters(
    engine: Engine,
    clock: FakeClock,
    players: int,
    *,
    durations=LONG,
    start: bool = True,
    language: str = "en",
) -> Critters:
    return seat_game(
        Critters,
        engine,
        clock,
        NAMES[:players],
        game="canvas_critters",
        language=language,
        durations=durations,
        start=start,
    )
