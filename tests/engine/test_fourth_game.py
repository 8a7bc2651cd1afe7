"""The tests' own fourth game (tests/fourth_game/: two folders and a line for each registry),
run by an Engine handed the registry with its line: its keeper keeps it, its teacher's command
is played by name, and robot seats play it to its end, with nothing of the product edited
(its conformance to the platform's rules is test_conformance.py's, as every game's)."""

from __future__ import annotations

import pytest

from engine import Engine, storage
from engine.declaration import Games
from tests.fourth_game.engine.quick_pick.models import create_tables
from tests.fourth_game.registry import ENGINE_LINE, GAMES
from tests.kit import refused

KIND = ENGINE_LINE[0]
#: How long robots think here (seconds, fewest to most), and a bound on the beats a game takes.
QUICK = (0.5, 2.0)
MOST_BEATS = 500


@pytest.fixture
def database(tmp_path) -> str:
    """A SQLite file holding the fourth game's own tables too."""
    url = f"sqlite:///{tmp_path / 'fourth.db'}"
    create_tables(url)
    return url


@pytest.fixture
def seed() -> int:
    return 4


@pytest.fixture
def games() -> Games:
    return GAMES


@pytest.fixture
def robot_seconds() -> tuple[float, float]:
    return QUICK


def test_the_engine_offers_the_game_it_was_handed_and_the_registry_does_not(engine):
    assert KIND in engine.offered_games()
    assert engine.game_title(KIND, "es") == "Elige rápido"
    assert engine.default_durations(KIND) == {"pick": 30.0, "tally": 10.0}
    assert KIND not in Engine.offered_games()


def test_its_teacher_command_is_played_by_name_and_refused_once_started(engine):
    new = engine.create_game(game=KIND)
    engine.command(new.facilitator_token, "set_rounds", rounds=3)
    refused("error.unknown_round", engine.command, new.facilitator_token, "set_rounds", rounds=9)
    for name in ("Ana", "Ben"):
        engine.join(new.code, name)
    engine.start(new.facilitator_token)
    assert engine.public_view(new.code)["rounds"] == 3
    refused("error.already_started", engine.command, new.facilitator_token, "set_rounds", rounds=1)


def test_its_keeper_moves_it_on_with_nobody_looking(engine, clock):
    new = engine.create_game(game=KIND)
    for name in ("Ana", "Ben"):
        engine.join(new.code, name)
    engine.start(new.facilitator_token)
    clock.advance(31.0)
    engine.keep()
    with engine.door.db.read() as session:  # what the keeper stored, read without a catch-up
        assert storage.game_by_code(session, new.code).phase == "tally"


def test_robot_seats_play_it_to_its_end(engine, clock):
    new = engine.create_game(game=KIND)
    engine.add_robots(new.facilitator_token, 3)
    engine.start(new.facilitator_token)
    for _ in range(MOST_BEATS):
        if engine.public_view(new.code)["phase"] == "finished":
            break
        waits = [w for w in (engine.keep(), engine.play_robots()) if w is not None]
        clock.advance(max(0.5, min(waits, default=1.0)))
    end = engine.facilitator_view(new.facilitator_token)
    assert end["phase"] == "finished"
    assert [entry["round"] for entry in end["history"]] == [1, 2]
    # The robots picked in every round (a robot may let a timed phase run out, as a student
    # may, but not all of them every time).
    assert all(set(entry["picks"]) <= set(end["robots"]) for entry in end["history"])
    assert all(entry["picks"] for entry in end["history"])
