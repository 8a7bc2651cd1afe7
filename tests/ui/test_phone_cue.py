"""A phone's own cue (issue 42, ui/sound.py `phone_moment`): which moments call which student,
watched over whole games of every game played by their robots.

A cue is heard by the neighbours, so it must say nothing the projector does not: whom a
moment calls is read from the public view and the student's name alone (never a role, a
secret theme or a hand), and at Crossed Canvas every role is called alike (the Curator, the
Distorter and the loyal artists, at the same moments). Where it calls a student of Canvas
Critters or Canvas Layers, their phone offers them a move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine import Engine, FakeClock
from engine.games import DECLARATIONS
from ui.sound import phone_moment

#: The action of taking and placing Canvas Critters' pieces.
PIECES = "build"
#: Far more steps than any game here takes: a game that does not end fails, never hangs.
MOST_STEPS = 2000


def moments(
    tmp_path: Any, kind: str, players: int
) -> Iterator[tuple[dict[str, Any], dict[str, dict[str, Any]]]]:
    """A seeded game of `kind` at a table of `players`, played to its end by its robots: its
    public view and every student's own view at each moment on the way. Canvas Critters'
    pieces are left to the clock: a mosaic is many moves, none of which calls a phone."""
    clock = FakeClock(1_000.0)
    engine = Engine(f"sqlite:///{tmp_path / f'{kind}-{players}.db'}", clock=clock, seed=players)
    game = engine.create_game(game=kind)
    tokens = {f"P{i}": engine.join(game.code, f"P{i}") for i in range(players)}
    engine.start(game.facilitator_token)
    rng = random.Random(f"{kind}:{players}")
    bot = DECLARATIONS[kind].bot
    for step in range(MOST_STEPS):
        public = engine.public_view(game.code)
        if public["phase"] == "finished":
            return
        views = {name: engine.player_view(token) for name, token in tokens.items()}
        yield public, views
        plays = {
            name: [play for play in bot.legal_moves(view, rng) if play.action != PIECES]
            for name, view in views.items()
        }
        movers = sorted(name for name, legal in plays.items() if legal)
        if not movers:
            clock.advance((public["seconds_left"] or 0) + 0.5)
            engine.tick(game.code)
            continue
        name = rng.choice(movers)
        rng.choice(plays[name]).on(engine, tokens[name], f"cue-{step}")
    raise AssertionError(f"{kind} with {players} did not end")


Moments = list[tuple[dict[str, Any], dict[str, dict[str, Any]]]]


@pytest.fixture(scope="module")
def game_of(tmp_path_factory) -> Callable[[str, int], Moments]:
    """Each game played once for the module's tests: its moments, by game and table size."""
    played: dict[tuple[str, int], Moments] = {}

    def game(kind: str, players: int) -> Moments:
        if (kind, players) not in played:
            folder = tmp_path_factory.mktemp(kind)
            played[kind, players] = list(moments(folder, kind, players))
        return played[kind, players]

    return game


def called(views: dict[str, dict[str, Any]]) -> set[str]:
    return {name for name, view in views.items() if phone_moment(view)}


def tables() -> list[tuple[str, int]]:
    """Each registered game at its smallest table (the duel, for Canvas Critters), and
    Canvas Critters' smallest table beyond the duel."""
    smallest = [(kind, game["fewest"]) for kind, game in Engine.offered_games().items()]
    return [*smallest, ("canvas_critters", 3)]


@pytest.mark.parametrize(("kind", "players"), tables())
def test_whom_a_moment_calls_is_read_from_what_the_projector_shows(kind, players, game_of):
    ever, last = set(), {}
    for public, views in game_of(kind, players):
        for name, view in views.items():
            moment = phone_moment(view)
            # The student's own view (their role, card, hand) calls exactly as the public
            # view with their name would: no secret decides it.
            assert moment == phone_moment(public | {"name": name}), (public, name)
            if moment and moment != last.get(name) and kind != "crossed_canvas":
                assert view["actions"], f"{name} called with no move at {public['phase']}"
            last[name] = moment
        ever |= called(views)
    assert ever == {f"P{i}" for i in range(players)}, "every student is called at some moment"


def test_every_crossed_canvas_role_is_called_alike(game_of):
    called_phases = set()
    roles_called = set()
    for public, views in game_of("crossed_canvas", 5):
        cues = {phone_moment(view) for view in views.values()}
        assert len(cues) == 1, f"roles called apart at {public['phase']}: {cues}"
        if cues != {None}:
            called_phases.add(public["phase"])
            roles_called |= {view["role"] for view in views.values()}
    assert called_phases == {"roles", "pulse1", "pulse2", "accusation"}
    assert roles_called == {"curator", "distorter", "loyal"}


def test_a_layers_turn_calls_only_its_painter(game_of):
    turns = 0
    for public, views in game_of("canvas_layers", 2):
        acting = public["turn"] or public["picker"]
        assert called(views) == ({acting} if acting else set())
        turns += acting is not None
    assert turns > 10


def test_a_critters_theme_calls_only_the_active_player_and_the_duel_both(game_of):
    themes = 0
    for public, views in game_of("canvas_critters", 3):
        if public["phase"] == "theme":
            assert called(views) == {public["active"]}
            themes += 1
        if public["phase"] == "judging":
            assert called(views) == set(views), "every student gives ribbons"
    assert themes
    for public, views in game_of("canvas_critters", 2):
        if public["phase"] in ("theme", "guess"):
            assert called(views) == set(views) and public["duel"]
        if public["phase"] == "scores":
            assert called(views) == set()
