"""Playing Canvas Layers through the door in tests: a seated table whose players act on what
their phones list, and a game steered to an ending the seeded deal does not reach by itself
(a tie on points and tokens), found on the pure rules and then played through the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import select

from engine import Engine, FakeClock
from engine.canvas_layers import rules, turns
from engine.canvas_layers.bots import BOT
from engine.canvas_layers.models import LayersGame
from engine.models import Game
from tests.engine.seated import SeatedGame, seat_game
from tests.kit import rid

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]


@dataclass
class Layers(SeatedGame):
    def acting(self) -> str | None:
        """Who must act now: the painter whose turn it is, or the tie's picker."""
        view = self.public()
        return view["turn"] or view["picker"]

    def act(self, name: str, move: str, args: Any, request_id: str | None = None) -> Any:
        """Make one move as a phone lists it (`args`: one entry of its listed actions), as the
        game's robot makes it."""
        (play,) = BOT.plays[move]([args], {}, random.Random(0))
        return play.on(self.engine, self.tokens[name], request_id or rid())

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


def seat_layers(
    engine: Engine,
    clock: FakeClock,
    players: int,
    *,
    durations: dict[str, float | None] | None = None,
    start: bool = True,
) -> Layers:
    return seat_game(
        Layers,
        engine,
        clock,
        NAMES[:players],
        game="canvas_layers",
        durations=durations,
        start=start,
    )


# ---------------------------------------------------------------- an ending steered to


def stored_state(engine: Engine, code: str) -> rules.State:
    """The table as the engine stored it, the deck's order included (a test's knowledge, that
    no view gives)."""
    with engine.door.db.read() as session:
        game = session.exec(select(Game).where(Game.code == code)).one()
        keep = session.exec(select(LayersGame).where(LayersGame.game_id == game.id)).one()
        return turns.from_json(keep.state)


Plan = list[tuple[int, rules.Action]]


def plan_ending(
    state: rules.State, wanted: Callable[[rules.Outcome], bool], tries: int = 3000
) -> Plan:
    """Every move (seat, action) from `state` to an end whose outcome is `wanted`: random
    games on the pure rules until one gets there (seeded, so a test replays the same one)."""
    draw = random.Random(0)
    for _attempt in range(tries):
        now, moves = state, []
        while now.turn is not None:
            seat, action = now.turn, _a_move(now, draw)
            now = rules.apply(now, seat, action)
            moves.append((seat, action))
        if wanted(rules.outcome(now)):
            return moves
    raise AssertionError("no game found that ends as wanted")


def _a_move(state: rules.State, draw: random.Random) -> rules.Action:
    """A random legal move; a painting is the least-scoring of a few, so that points stay
    close and ties come often."""
    assert state.turn is not None
    options = rules.legal_actions(state, state.turn)
    takes = [a for a in options if isinstance(a, rules.Take)]
    completes = [a for a in options if isinstance(a, rules.Complete)]
    if not completes or (takes and draw.random() >= 0.4):
        return draw.choice(takes)
    held = state.painters[state.turn].ribbons()

    def gain(action: rules.Complete) -> int:
        slots = rules.shown(action.cards)
        ribbons = rules.painting_ribbons(state.scoring, slots, held)
        return sum(n for _card, n in ribbons) + rules.bonus_points(slots)

    return min(draw.sample(completes, min(4, len(completes))), key=gain)


def play_plan(engine: Engine, tokens: Sequence[str], moves: Plan) -> None:
    """Make every planned move through the engine, with the tokens of the players by seat."""
    for seat, action in moves:
        if isinstance(action, rules.Take):
            engine.take_card(tokens[seat], action.position, action.card, rid())
        else:
            engine.complete_painting(tokens[seat], list(action.cards), action.background, rid())
