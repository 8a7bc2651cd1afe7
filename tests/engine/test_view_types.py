"""The view types (engine/view_types.py) pinned to the views the engine builds: every game's
views, in every phase of a whole game, hold each type's required keys, and its optional keys
are ones some views hold and others lack. A key renamed or dropped in a view, or one every
view gained, fails here, so the types mypy checks the pages with cannot drift from the views."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

import critters_kit
import layers_kit
import pytest
from cc_support import seat_table
from seated import SeatedGame

from engine import Engine, FakeClock
from engine.crossed_canvas.views import ObjectShown
from engine.models import Game
from engine.view_parts import GameFacts, game_header
from engine.view_types import FacilitatorView, GameHeader, GameView, PlayerView

Views = dict[str, list[Mapping[str, Any]]]  # by audience: "public", "player", "facilitator"


def _advance(table: SeatedGame) -> None:
    table.engine.advance(table.fac)


def _play_turn(table: SeatedGame) -> None:
    assert isinstance(table, layers_kit.Layers)
    table.play_turn()


GAMES: dict[str, tuple[Callable[..., SeatedGame], int, Callable[[SeatedGame], None]]] = {
    "crossed_canvas": (seat_table, 5, _advance),
    "canvas_critters": (critters_kit.seat_critters, 4, _advance),
    "canvas_layers": (layers_kit.seat_layers, 3, _play_turn),
}


def _seen(table: SeatedGame) -> Iterator[tuple[str, Mapping[str, Any]]]:
    yield "public", table.public()
    yield "facilitator", table.facilitator()
    for name in table.tokens:
        yield "player", table.view(name)


def _whole_game(game: str) -> Views:
    """Every view of a seeded game of `game`, from its lobby to its end, step by step."""
    seat, players, step = GAMES[game]
    clock = FakeClock()
    table = seat(Engine("sqlite://", clock=clock, seed=7), clock, players, start=False)
    views: Views = {"public": [], "player": [], "facilitator": []}
    for _ in range(300):
        for audience, view in _seen(table):
            views[audience].append(view)
        if table.public()["phase"] == "finished":
            return views
        if table.public()["phase"] == "lobby":
            table.start()
        else:
            step(table)
    raise AssertionError(f"{game} never finished")


@pytest.fixture(scope="module")
def every_view() -> Views:
    views: Views = {"public": [], "player": [], "facilitator": []}
    for game in GAMES:
        for audience, built in _whole_game(game).items():
            views[audience] += built
    return views


def _pinned(typed: Any, views: list[Mapping[str, Any]]) -> None:
    """`typed`'s required keys are exactly those every view holds; its optional keys, ones
    that some views hold and others lack."""
    always = set.intersection(*(set(view) for view in views))
    sometimes = set.union(*(set(view) for view in views)) - always
    assert set(typed.__required_keys__) == always
    assert set(typed.__optional_keys__) <= sometimes


@pytest.mark.parametrize(
    ("audience", "typed"),
    [("public", GameView), ("player", PlayerView), ("facilitator", FacilitatorView)],
)
def test_each_view_type_holds_the_keys_every_game_shares(
    every_view: Views, audience: str, typed: Any
) -> None:
    _pinned(typed, every_view[audience])


def test_the_header_type_is_what_game_header_writes() -> None:
    game = Game(id=1, code="ABCDE", kind="crossed_canvas", durations={}, allowed_names=[])
    header = game_header(GameFacts.of(game), [], 0.0)
    assert set(header) == GameHeader.__required_keys__ | GameHeader.__optional_keys__


def test_an_object_shown_is_typed_as_crossed_canvas_views_show_it(every_view: Views) -> None:
    shown = [
        obj
        for view in every_view["player"]
        if view["game"] == "crossed_canvas"
        for obj in [view["target"], *(view["options"] or [])]
        if obj is not None
    ]
    assert shown  # roles were dealt and options offered
    _pinned(ObjectShown, shown)
