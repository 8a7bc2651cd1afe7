"""Which table's reveal takes the class projector when several are in theirs at once (issue
24): the one that got there first keeps the screen, the others say in the strip that they
are in their own reveal; a Canvas Critters table's scores count as its reveal."""

from __future__ import annotations

from ui.classes.tables import class_podium_html, showcase_turn, strip_html
from ui.text import translator


def table(number: int, game: str, phase: str, left: float | None) -> dict:
    view = {
        "game": game,
        "phase": phase,
        "round": 1,
        "rounds": 4,
        "seconds_left": left,
        "paused": False,
        "tie_break": False,
        "duel": False,
        "players": ["Ana", "Ben", "Cy"],
    }
    return {"table": number, "code": f"CODE{number}", "view": view}


def test_the_table_whose_reveal_began_first_keeps_the_screen():
    tables = [
        table(1, "crossed_canvas", "reveal", 50.0),  # entered its reveal later
        table(2, "crossed_canvas", "reveal", 12.0),  # entered first: less time left
        table(3, "crossed_canvas", "pulse1", 5.0),
    ]
    assert showcase_turn(tables)["table"] == 2
    assert showcase_turn([tables[0], tables[2]])["table"] == 1
    assert showcase_turn([tables[2]]) is None


def test_untimed_reveals_go_to_the_lowest_numbered_table():
    tables = [
        table(2, "crossed_canvas", "reveal", None),
        table(1, "crossed_canvas", "reveal", None),
    ]
    assert showcase_turn(tables)["table"] == 1


def test_critters_scores_take_the_screen_and_the_others_say_they_wait_in_theirs():
    t = translator("en")
    tables = [
        table(1, "canvas_critters", "judging", 30.0),
        table(2, "canvas_critters", "scores", 15.0),
        table(3, "canvas_critters", "scores", 18.0),
    ]
    assert showcase_turn(tables)["table"] == 2
    strip = strip_html([tables[0], tables[2]], t, 1)
    scores = t("ui.critters.screen.phase.scores")
    assert scores in strip.split(t("ui.class.table", number=3))[1]  # table 3 says it
    assert scores not in strip.split(t("ui.class.table", number=3))[0]  # table 1 does not


def test_the_class_podium_says_one_point_in_the_singular():
    podium = {
        "tables": [{"table": 1, "winners": ["Ana"], "totals": {"Ana": 1, "Ben": 0}}],
        "best": [{"name": "Ana", "table": 1, "total": 1}],
    }
    for language, one in (("en", "1 point</b>"), ("es", "1 punto</b>")):
        shown = class_podium_html(podium, translator(language))
        assert one in shown, shown
