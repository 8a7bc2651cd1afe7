"""Shared helpers for the engine tests: a seated table of players, strokes, and state probes.

Everything a helper learns about roles it learns the way a player does: from `player_view`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text

from engine import Engine, FakeClock
from tests.engine.seated import SeatedGame, seat_game
from tests.kit import rid

NAMES = [
    "Ana",
    "Ben",
    "Carmen",
    "Dario",
    "Elif",
    "Femi",
    "Gus",
    "Hiro",
    "Ines",
    "Jonas",
    "Kemal",
    "Lia",
]
ROUND_ORDER = [
    "roles",
    "pulse1",
    "merge",
    "pulse2",
    "discussion",
    "choice",
    "accusation",
    "reveal",
]
DEFAULTS = {
    "roles": 12,
    "pulse1": 40,
    "merge": 5,
    "pulse2": 30,
    "discussion": 25,
    "choice": 15,
    "accusation": 20,
    "reveal": 12,
}
ROUND_SECONDS = sum(DEFAULTS.values())  # 159
TABLES = ("game", "player", "round", "fragment", "choice", "vote", "award")


def line(x0: float = 0.1, y0: float = 0.2, x1: float = 0.8, y1: float = 0.7, points: int = 6):
    return [
        (x0 + (x1 - x0) * i / (points - 1), y0 + (y1 - y0) * i / (points - 1))
        for i in range(points)
    ]


def strokes(count: int = 1, offset: float = 0.0) -> list:
    return [line(0.1 + offset, 0.1 + 0.1 * i, 0.9 - offset, 0.2 + 0.1 * i) for i in range(count)]


@dataclass
class Table(SeatedGame):
    """One game with its players, seen only through the service."""

    @property
    def names(self) -> list[str]:
        return list(self.tokens)

    def seconds_left(self) -> float | None:
        return self.public()["seconds_left"]

    def roles(self) -> dict[str, str]:
        return {name: self.view(name)["role"] for name in self.tokens}

    def with_role(self, role: str) -> list[str]:
        return [name for name, r in self.roles().items() if r == role]

    def who(self, role: str) -> str:
        """A player with `role`: the first to join of those who have it."""
        return self.with_role(role)[0]

    def curator(self) -> str:
        (name,) = self.with_role("curator")
        return name

    def distorter(self) -> str:
        (name,) = self.with_role("distorter")
        return name

    def artists(self) -> list[str]:
        return [name for name, r in self.roles().items() if r != "curator"]

    def signature_of(self, name: str) -> str | None:
        return self.view(name)["signature"]

    def submit(self, name: str, count: int = 1, request_id: str | None = None) -> dict:
        return self.engine.submit_fragment(self.tokens[name], strokes(count), request_id or rid())

    def submit_all(self, count: int = 1) -> None:
        for name in self.artists():
            self.submit(name, count)

    def advance_to(self, phase: str, round_number: int | None = None) -> None:
        """Facilitator advances until `phase` of `round_number`, or (without one) its next
        occurrence, in this round or a later one."""
        for _ in range(200):
            view = self.public()
            if view["phase"] == phase and round_number in (None, view["round"]):
                return
            self.engine.advance(self.fac)
        raise AssertionError(f"never reached {phase} of round {round_number or 'any'}")

    def finish(self) -> None:
        self.advance_to("finished")

    def true_and_false(self) -> tuple[str, str]:
        """The true target (a loyal artist's picture) and the false one (the Distorter's)."""
        roles = self.roles()
        loyal = next(n for n, r in roles.items() if r == "loyal")
        distorter = next(n for n, r in roles.items() if r == "distorter")
        return self.view(loyal)["target"]["id"], self.view(distorter)["target"]["id"]


def seat_table(
    engine: Engine,
    clock: FakeClock,
    players: int,
    *,
    language: str = "en",
    durations: dict | None = None,
    start: bool = True,
    names: list[str] | None = None,
) -> Table:
    names = (names or NAMES)[:players]
    return seat_game(
        Table,
        engine,
        clock,
        names,
        game="crossed_canvas",
        language=language,
        durations=durations,
        start=start,
    )


def row_counts(engine: Engine) -> dict[str, int]:
    with engine.door.db.engine.connect() as connection:
        return {
            name: connection.execute(text(f'SELECT COUNT(*) FROM "{name}"')).scalar_one()
            for name in TABLES
        }


def game_row(engine: Engine, code: str) -> dict[str, Any]:
    with engine.door.db.engine.connect() as connection:
        row = connection.execute(text("SELECT * FROM game WHERE code = :c"), {"c": code})
        return dict(row.mappings().one())


def fingerprint(table: Table, *, rows: bool = True) -> str:
    """Everything anyone can see of a game, plus its version and every table's size."""
    state = {
        "status": table.engine.status(table.code),
        "public": table.public(),
        "facilitator": table.facilitator(),
        "players": {name: table.view(name) for name in table.tokens},
        "rows": row_counts(table.engine) if rows else None,
        "game": game_row(table.engine, table.code),
    }
    return json.dumps(state, sort_keys=True, default=str)
