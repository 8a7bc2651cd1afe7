"""Robots at a class's table (issue 43): the teacher fills a table too small to start (its
latecomers) with robots up to the game's fewest, only in its lobby; they stay at that table,
are named apart from every student of the class, play it to its end, and leave with it."""

from __future__ import annotations

import random

import pytest
from cc_support import row_counts
from test_conformance import a_move
from test_engine_classes import NAMES, Klass, make_class
from test_engine_robots import QUICK, beat, robot_moves

from engine import Engine, FakeClock
from engine.games import DECLARATIONS
from tests.kit import refused

ROBOTS = ["Robot 1", "Robot 2", "Robot 3"]


@pytest.fixture
def seed() -> int:
    return 11


@pytest.fixture
def robot_seconds() -> tuple[float, float]:
    return QUICK


def latecomers_of_two(engine: Engine, clock: FakeClock) -> tuple[Klass, list[str]]:
    """A class of five playing at table 1, and two latecomers waiting at table 2."""
    klass = make_class(engine, clock, 5)
    assert engine.start_tables(klass.key) == [1]
    return klass, [klass.join("Late A"), klass.join("Late B")]


def test_a_latecomers_table_of_two_plays_crossed_canvas_with_three_robots(engine, clock):
    klass, late = latecomers_of_two(engine, clock)
    assert engine.fill_table_with_robots(klass.key, 2) == ROBOTS
    table = next(t for t in klass.public()["tables"] if t["table"] == 2)["view"]
    assert table["players"] == ["Late A", "Late B", *ROBOTS] and table["robots"] == ROBOTS
    assert klass.seating()[1] == NAMES[:5]  # the playing table is never touched
    assert engine.start_tables(klass.key, 2) == [2]
    dice = random.Random(2)
    for _ in range(4000):
        views = [engine.player_view(token) for token in late]
        if all(view["phase"] == "finished" for view in views):
            break
        for token, view in zip(late, views, strict=True):
            legal = DECLARATIONS["crossed_canvas"].bot.legal_moves(view, dice)
            if legal and dice.random() < 0.3:
                a_move(legal, dice).on(engine, token, f"late-{dice.random()}")
        beat([engine], clock)
    end = engine.player_view(late[0])
    assert end["phase"] == "finished" and end["rounds"] == 5 and end["winners"]
    assert end["robots"] == ROBOTS and set(end["totals"]) >= set(ROBOTS)
    moves = robot_moves(engine, klass.code_of(2))
    assert sorted(moves) == ROBOTS and all(moves.values()), moves


def test_robots_fill_only_a_short_table_in_its_lobby_and_nothing_changes_otherwise(engine, clock):
    klass, _ = latecomers_of_two(engine, clock)
    before = klass.view()
    refused("error.class.robots_after_start", engine.fill_table_with_robots, klass.key, 1)
    refused("error.class.unknown_table", engine.fill_table_with_robots, klass.key, 7)
    refused("error.class.unknown_table", engine.fill_table_with_robots, klass.key, "2")
    assert klass.view() == before
    engine.fill_table_with_robots(klass.key, 2)
    filled = klass.view()
    error = refused("error.class.table_not_short", engine.fill_table_with_robots, klass.key, 2)
    assert error.params == {"table": 2, "count": 5}  # a double click seats nobody more
    refused("error.class.robot_stays", engine.move_player, klass.key, "Robot 1", 1)
    refused(
        "error.robots_in_class", engine.add_robots, engine.table_key(klass.key, klass.code_of(2)), 1
    )
    assert klass.view() == filled


def test_robots_are_named_apart_from_the_class_and_never_moved_by_its_seating(engine, clock):
    """Before any table starts, a class of three (under the five Crossed Canvas needs) is
    filled with robots; a student already called "Robot 1" keeps the name, and later joins
    rebalance the students, never the robots, whose seats the teacher's table count would
    undo: that is refused."""
    klass = make_class(engine, clock, 2)
    klass.join("Robot 1")
    assert engine.fill_table_with_robots(klass.key, 1) == ["Robot 2", "Robot 3"]
    refused("error.class.count_with_robots", engine.set_table_count, klass.key, 1)
    for name in NAMES[2:9]:
        klass.join(name)
    seating = klass.seating()
    assert all(name in seating[1] for name in ("Robot 2", "Robot 3"))
    assert sum(len(names) for names in seating.values()) == 12
    refused("error.name_taken", klass.join, "robot 2")


def test_deleting_the_class_leaves_no_robot_behind(engine, clock):
    klass, _ = latecomers_of_two(engine, clock)
    engine.fill_table_with_robots(klass.key, 2)
    assert row_counts(engine)["player"] == 10
    engine.delete_class(klass.key)
    assert row_counts(engine)["player"] == 0
