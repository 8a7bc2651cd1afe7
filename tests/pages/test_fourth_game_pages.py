"""The tests' own fourth game (tests/fourth_game/) on the shared pages: with its line added
to each registry the pages read (engine/games.py's and ui/games.py's, for this test alone), its
lobby, a student's move and its end are drawn through the pages' dispatch, nothing of the
pages edited: the phone, the teacher's page and the projector find its parts by the view's
game."""

from __future__ import annotations

import pytest
from pagekit import Table, rendered, run, seat_lobby, visible_text

from engine import Engine
from engine.games import DECLARATIONS
from engine.i18n import catalogue
from tests.fourth_game.engine.quick_pick.models import create_tables
from tests.fourth_game.registry import ENGINE_LINE, UI_LINE
from tests.fourth_game.texts import TEXTS
from ui.games import PARTS

KIND = ENGINE_LINE[0]
SLOW = {"pick": 600.0, "tally": 600.0}


@pytest.fixture(autouse=True)
def fourth_game_lines(db_url: str, monkeypatch) -> None:
    """The pages' registries and catalogues with the fourth game's lines, and its tables in
    the database of the test's engine (the pages' one, made after this)."""
    monkeypatch.setitem(DECLARATIONS, *ENGINE_LINE)
    monkeypatch.setitem(PARTS, *UI_LINE)
    for language, texts in TEXTS.items():
        for key, text in texts.items():
            monkeypatch.setitem(catalogue(language), key, text)
    create_tables(db_url)


@pytest.fixture
def quick(engine: Engine) -> Table:
    return seat_lobby(engine, ["Ana", "Ben"], game=KIND, durations=SLOW)


def test_its_lobby_is_drawn_with_its_own_setting_which_the_teacher_changes(quick, engine):
    phone = quick.play("Ana")
    assert "Quick Pick" in rendered(phone)
    assert "Pick a colour in secret." in visible_text(phone)
    teacher = quick.facilitator_page()
    run(teacher.number_input(key="qp_rounds").set_value(1))
    assert engine.public_view(quick.code)["rounds"] == 1


def test_a_student_picks_on_her_phone_and_the_end_is_drawn_on_every_page(quick, engine):
    engine.command(quick.fac, "set_rounds", rounds=1)
    quick.start()
    phone = quick.play("Ana")
    run(phone.button(key="qp_1_green").click())
    assert quick.view("Ana")["my_pick"] == "green"
    assert "You picked green" in visible_text(quick.play("Ana"))
    engine.move(quick.tokens["Ben"], "pick", "ben-1", colour="green")
    assert quick.phase() == "tally"
    engine.advance(quick.fac)
    assert quick.phase() == "finished"
    ending = visible_text(quick.play("Ana"))
    assert "Ana" in ending and "Ben" in ending
    screen = visible_text(quick.screen())
    assert "Ana" in screen
    teacher = quick.facilitator_page()
    assert "Ana: green" in visible_text(teacher) and "Ben: green" in visible_text(teacher)
