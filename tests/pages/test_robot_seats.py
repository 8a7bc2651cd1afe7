"""Robot seats on the pages (issue 43): the teacher's class page fills a latecomers' table
too small to start with robots (one button per such table, its lobby only, refusals said in
the page's language); every page writes "robot" beside a robot's name, never beside a
student's (the CSV's Robot column: tests/ui/test_robot_names.py)."""

from __future__ import annotations

import re

import pytest
from pagekit import LONG, NAMES, html_text, page, run, seat_lobby, tr
from streamlit.testing.v1 import AppTest

from engine import Engine

ROBOTS = ["Robot 1", "Robot 2", "Robot 3"]


def marked(at: AppTest, language: str) -> set[str]:
    """The names a page draws with the robot mark (its word, in the page's language) after
    them."""
    word = re.escape(tr(language, "ui.robot_mark"))
    pattern = rf'<bdi>([^<]*)</bdi><span class="cc-robot"[^>]*>{word}</span>'
    return set(re.findall(pattern, html_text(at)))


def latecomers_of_two(engine: Engine, language: str) -> tuple[str, str]:
    """A class of five playing at table 1, two latecomers at table 2: its code and key."""
    room = engine.create_class(language=language, durations=LONG)
    for index, name in enumerate([*NAMES, "Late A", "Late B"]):
        engine.join(room.code, name, browser=f"browser-{index}")
        if index == len(NAMES) - 1:
            engine.start_tables(room.facilitator_token)
    return room.code, room.facilitator_token


def seating(engine: Engine, key: str) -> dict[int, list[str]]:
    return {table["table"]: table["players"] for table in engine.class_view(key)["tables"]}


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_teacher_fills_the_latecomers_table_with_robots_and_starts_it(engine, language):
    _, key = latecomers_of_two(engine, language)
    teacher = run(page("pages/classroom.py", key=key))
    fill = teacher.button(key="fill_robots_2")
    assert fill.label == tr(language, "ui.class.fill_robots", count=3)
    assert not [b for b in teacher.button if b.key == "fill_robots_1"]  # table 1 plays
    assert teacher.button(key="start_table_2").disabled
    teacher = run(fill.click())
    assert not teacher.error
    assert seating(engine, key)[2] == ["Late A", "Late B", *ROBOTS]
    assert not [b for b in teacher.button if b.key == "fill_robots_2"]  # full enough now
    assert not teacher.button(key="start_table_2").disabled
    assert marked(teacher, language) >= set(ROBOTS)
    students = tr(language, "ui.class.students", count=7)  # the robots are no students
    tables = tr(language, "ui.class.tables", count=2)
    assert tr(language, "ui.class.heading", students=students, tables=tables) in html_text(teacher)
    assert not marked(teacher, language) & {*NAMES, "Late A", "Late B"}
    run(teacher.button(key="start_table_2").click())
    assert engine.class_view(key)["tables"][1]["phase"] == "roles"


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_fill_meant_for_a_table_already_filled_is_refused_in_words(engine, language):
    """The page was drawn with the button; meanwhile another tab filled the table."""
    _, key = latecomers_of_two(engine, language)
    teacher = run(page("pages/classroom.py", key=key))
    engine.fill_table_with_robots(key, 2)
    before = seating(engine, key)
    teacher = run(teacher.button(key="fill_robots_2").click())
    assert [e.value for e in teacher.error] == [
        tr(language, "error.class.table_not_short", table=2, count=5)
    ]
    assert seating(engine, key) == before


def test_every_page_of_a_game_marks_its_robots_and_only_them(engine):
    table = seat_lobby(engine, ["Ana"])
    engine.add_robots(table.fac, 4)
    robots = [f"Robot {n}" for n in range(1, 5)]
    for at in (table.screen(), table.play("Ana"), table.facilitator_page()):
        assert marked(at, "en") == set(robots), at
    # A student who typed a robot's name is no robot.
    other = seat_lobby(engine, ["Robot 1", "Ben"])
    assert marked(other.screen(), "en") == set()


def test_the_class_projector_marks_the_robots_filling_a_small_class(engine):
    """Three students, under the five a table needs: robots fill their table before the start,
    and the projector's roster marks them."""
    room = engine.create_class(durations=LONG)
    for index, name in enumerate(NAMES[:3]):
        engine.join(room.code, name, browser=f"browser-{index}")
    engine.fill_table_with_robots(room.facilitator_token, 1)
    assert marked(run(page("pages/screen.py", code=room.code)), "en") == {"Robot 1", "Robot 2"}
