"""Every game a teacher may create, played to its end from its views' own listed actions
(OpenSpiel's random-play tests, boardgame.io's two local clients): for each registered game at
its smallest table and one larger, seeded games end, a retried move changes nothing anyone
can see, every move a view offers is accepted, and each player's total is the sum
of their points round by round.

The games come from a registry handed to the Engine (`Engine(games=...)`, its
`offered_games`): the product's (engine/games.py), so a new game is played here as soon as it
is registered, and the tests' own fourth game's (tests/fourth_game/), which proves a game needs
nothing else. Each is played by its declaration's robot (`bot`, engine/<game>/bots.py), which
fails on an action it cannot play. Moves are made through the Engine's public methods only, as
the pages make them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from cc_support import fingerprint

from engine import Engine, FakeClock
from engine.declaration import Games, Play
from engine.games import DECLARATIONS
from tests.fourth_game import registry as fourth_game
from tests.fourth_game.engine.quick_pick.models import create_tables
from tests.kit import rid

#: Far more steps than any game here takes: a game that does not end fails, never hangs.
MOST_STEPS = 2000
#: Every registry played here: its games, and what a new database needs before an Engine
#: opens it (the product's tables come with the engine's migrations; the fourth game makes
#: its own, as its migration would).
REGISTRIES: dict[str, tuple[Games, Callable[[str], None]]] = {
    "product": (DECLARATIONS, lambda url: None),
    "fourth_game": (fourth_game.GAMES, create_tables),
}


class Game:
    """One game at one table: its tokens, in join order, and the engine behind it."""

    def __init__(self, engine: Engine, clock: FakeClock, kind: str, players: int) -> None:
        self.engine, self.clock = engine, clock
        new = engine.create_game(game=kind)
        self.code, self.key = new.code, new.facilitator_token
        self.tokens = {f"P{i}": engine.join(self.code, f"P{i}") for i in range(players)}
        engine.start(self.key)

    # What `fingerprint` (cc_support) reads of a game.
    def public(self) -> dict[str, Any]:
        return self.engine.public_view(self.code)

    def facilitator(self) -> dict[str, Any]:
        return self.engine.facilitator_view(self.key)

    def view(self, name: str) -> dict[str, Any]:
        return self.engine.player_view(self.tokens[name])


def a_move(legal: list[Play], rng: random.Random) -> Play:
    """One of a player's legal moves: an action they may take, then one way of taking it (so
    a game listing many cards to take still completes paintings)."""
    action = rng.choice(sorted({play.action for play in legal}))
    return rng.choice([play for play in legal if play.action == action])


def tables() -> list[tuple[str, str, int]]:
    """Each game of each registry at its smallest table and at one more player (a registry's
    games it shares with the product's are played once, as the product's)."""
    played: set[str] = set()
    found = []
    for registry, (games, _) in REGISTRIES.items():
        for kind, game in games.items():
            if game.offered and kind not in played:
                played.add(kind)
                fewest = game.table.min_players
                found += [(registry, kind, players) for players in (fewest, fewest + 1)]
    return found


def points_by_round(history: list[dict[str, Any]]) -> dict[str, int]:
    """Each player's points summed over the rounds the facilitator's history lists (a
    game's rounds say them as "awards" or as "scores")."""
    summed: dict[str, int] = {}
    for entry in history:
        for name, points in (entry.get("awards") or entry.get("scores") or {}).items():
            summed[name] = summed.get(name, 0) + points
    return summed


@pytest.mark.parametrize(("registry", "kind", "players"), tables())
def test_a_registered_game_plays_to_its_end_from_its_listed_actions(
    registry, kind, players, tmp_path
):
    clock = FakeClock(1_000.0)
    games, prepare = REGISTRIES[registry]
    url = f"sqlite:///{tmp_path / 'game.db'}"
    prepare(url)
    engine = Engine(url, clock=clock, seed=players, games=games)
    game = Game(engine, clock, kind, players)
    rng = random.Random(f"{kind}:{players}")
    bot = games[kind].bot
    retried = 0
    for _ in range(MOST_STEPS):
        if game.public()["phase"] == "finished":
            break
        views = {name: game.view(name) for name in game.tokens}
        plays = {name: bot.legal_moves(view, rng) for name, view in views.items()}
        movers = [name for name, legal in plays.items() if legal]
        if not movers:
            # Nobody has a move: the phase waits for its clock, as in class.
            left = game.public()["seconds_left"]
            clock.advance((left or 0) + 0.5)
            engine.tick(game.code)
            continue
        name = rng.choice(movers)
        move = a_move(plays[name], rng)
        request = rid()
        token = game.tokens[name]
        first = move.on(engine, token, request)
        if games[kind].moves[move.move].earlier is not None and retried < 12:
            # The same request again (a double tap, a lost answer): the first result, and
            # nothing anyone can see changes.
            retried += 1
            before = fingerprint(game, rows=False)
            again = move.on(engine, token, request)
            assert again == first, f"{kind}: a retried {move.action} answered differently"
            assert fingerprint(game, rows=False) == before, (
                f"{kind}: a retried {move.action} changed"
            )
    public = game.public()
    assert public["phase"] == "finished", f"{kind} with {players} did not end"
    best = max(public["totals"].values())
    leaders = {n for n, p in public["totals"].items() if p == best}
    history = game.facilitator()["history"]
    assert history, f"{kind}: a finished game with no rounds (or paintings)"
    if not any("awards" in entry or "scores" in entry for entry in history):
        # A game of turns keeps no points per round (Canvas Layers lists its paintings): a
        # tie for the most points is broken (by tokens, then a pick), so the winners are
        # some of the leaders.
        assert public["winners"] and set(public["winners"]) <= leaders
        return
    assert points_by_round(history) == public["totals"], f"{kind}: totals are not the rounds'"
    assert set(public["winners"]) == leaders
