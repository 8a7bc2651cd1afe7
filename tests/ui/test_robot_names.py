"""A robot's name, marked as a robot's wherever it is written small (issue 43): in HTML and
plain text once a page marks its robots, in the results CSV's Robot column (a game's file and
a class's) and in the gallery ZIP's file names; a student who typed "Robot 9" is no robot."""

from __future__ import annotations

import contextvars

from engine import Engine, FakeClock
from tests.csv_rows import rows_of
from ui.archive import player_part
from ui.results import class_results_csv, results_csv
from ui.text import isolate, mark_robots, name_html, translator

FIVE = ["Ana", "Ben", "Cai", "Dee", "Eli"]
ROBOTS = ["Robot 1", "Robot 2", "Robot 3"]
#: Phases short enough that a few clock steps play a whole game.
QUICK = {"roles": 2.0, "pulse1": 2.0, "merge": 2.0, "pulse2": 2.0, "discussion": 2.0}


def test_a_marked_robot_is_written_with_robot_beside_its_name_a_student_is_not():
    def drawn() -> list[str]:
        mark_robots(["Robot 1"], translator("es"))
        return [name_html("Robot 1"), name_html("Robot 9"), isolate("Robot 1"), isolate("Ana")]

    robot_html, student_html, robot_text, student_text = contextvars.copy_context().run(drawn)
    assert robot_html.startswith("<bdi>Robot 1</bdi><span") and robot_html.endswith(">robot</span>")
    assert student_html == "<bdi>Robot 9</bdi>"
    assert robot_text == "\u2068Robot 1\u2069 (robot)" and student_text == "\u2068Ana\u2069"
    assert name_html("Robot 1") == "<bdi>Robot 1</bdi>"  # a page that marked none


def test_a_robots_file_name_says_so():
    assert player_part("Robot 2", ["Robot 2"], "painter") == "robot-2-robot"
    assert player_part("Robot 2", [], "painter") == "robot-2"


def finished(engine: Engine, clock: FakeClock, code: str) -> None:
    """Let the game of `code` run out, phase by phase (a jump over 30 s would pause it)."""
    for _ in range(500):
        if engine.public_view(code)["phase"] == "finished":
            return
        clock.advance(5.0)
        engine.tick(code)
    raise AssertionError("the game did not end")


def test_the_results_csv_says_which_players_are_robots():
    clock = FakeClock(1_000.0)
    engine = Engine("sqlite://", clock=clock, seed=3)
    new = engine.create_game(durations=QUICK)
    engine.join(new.code, "Robot 9")  # a student, whatever her name
    engine.add_robots(new.facilitator_token, 4)
    engine.start(new.facilitator_token)
    finished(engine, clock, new.code)
    t = translator("en")
    header, *body = rows_of(results_csv(engine.facilitator_view(new.facilitator_token), t))
    player, robot = header.index(t("ui.csv.player")), header.index(t("ui.csv.robot"))
    assert robot == player + 1 and header[-1] == t("ui.csv.points")
    said = {row[player]: row[robot] for row in body}
    assert said == {"Robot 9": "", **{f"Robot {n}": t("ui.yes") for n in range(1, 5)}}


def test_the_class_csv_says_which_players_are_robots():
    clock = FakeClock(1_000.0)
    engine = Engine("sqlite://", clock=clock, seed=3)
    room = engine.create_class(language="es", durations=QUICK)
    for index, name in enumerate([*FIVE, "Late A", "Late B"]):
        engine.join(room.code, name, browser=f"browser-{index}")
        if name == FIVE[-1]:
            engine.start_tables(room.facilitator_token)
    engine.fill_table_with_robots(room.facilitator_token, 2)
    engine.start_tables(room.facilitator_token, 2)
    for table in engine.class_view(room.facilitator_token)["tables"]:
        finished(engine, clock, table["code"])
    t = translator("es")
    header, *body = rows_of(class_results_csv(engine.class_view(room.facilitator_token), t))
    player, robot = header.index(t("ui.csv.player")), header.index(t("ui.csv.robot"))
    said = {row[player]: row[robot] for row in body}
    assert said == {name: "" for name in [*FIVE, "Late A", "Late B"]} | {
        name: t("ui.yes") for name in ROBOTS
    }
