"""Which table's reveal takes the class projector when several are in theirs at once: the
class view's `projector` (the engine's order, tests/engine/test_engine_classes.py), the
others saying in the strip that they are in their own reveal; a Canvas Critters table's
scores count as its reveal. The class
podium names the best, never who came last; a Critters table's theme choice in its card. The
class projector's sound: the cue of each thing it shows (`class_moment`)."""

from __future__ import annotations

from ui.classes.tables import (
    class_moment,
    class_podium_html,
    showcase_turn,
    strip_html,
    table_card_html,
    table_colour,
    table_tag_html,
)
from ui.games import parts_of
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


def test_critters_scores_take_the_screen_and_the_others_say_they_wait_in_theirs():
    t = translator("en")
    tables = [
        table(1, "canvas_critters", "judging", 30.0),
        table(2, "canvas_critters", "scores", 15.0),
        table(3, "canvas_critters", "scores", 18.0),
    ]
    assert showcase_turn({"tables": tables, "projector": 2})["table"] == 2
    strip = strip_html([tables[0], tables[2]], t, 1)
    scores = t("ui.critters.screen.phase.scores")
    assert scores in strip.split(t("ui.class.table", number=3))[1]  # table 3 says it
    assert scores not in strip.split(t("ui.class.table", number=3))[0]  # table 1 does not


def test_the_class_podium_says_one_point_in_the_singular():
    podium = {
        "tables": [{"table": 1, "winners": ["Ana"], "totals": {"Ana": 1, "Ben": 0}, "avatars": {}}],
        "best": [{"name": "Ana", "table": 1, "total": 1}],
    }
    for language, one in (("en", "1 point</b>"), ("es", "1 punto</b>")):
        shown = class_podium_html(podium, translator(language))
        assert one in shown, shown


def test_each_table_keeps_its_colours_on_the_class_podium():
    """The tag and border a table's phones and card showed all game long, at the end too."""
    t = translator("en")
    shown = class_podium_html(podium_of({"Ana": 3}, {"Cy": 2}, best=[("Ana", 1, 3)]), t)
    for number in (1, 2):
        assert table_tag_html(number, t) in shown
        assert f"border-color:{table_colour(number)}" in shown


def podium_of(*tables: dict[str, int], best: list[tuple[str, int, int]]) -> dict:
    """A class podium as the class view gives it: each table's totals and winners (its
    highest), and the class's best rows (name, table, total)."""
    return {
        "tables": [
            {"table": number, "totals": totals, "winners": winners_of(totals), "avatars": {}}
            for number, totals in enumerate(tables, start=1)
        ],
        "best": [{"name": n, "table": table, "total": total} for n, table, total in best],
    }


def winners_of(totals: dict[str, int]) -> list[str]:
    return [name for name, total in totals.items() if total == max(totals.values())]


def test_a_class_whose_best_totals_are_negative_shows_each_tables_winners_and_no_score():
    """Canvas Critters: kept golden ribbons left every total at or below zero. The winners
    are named in their tables' cards; no "−5 points" line stands under "Best scores"."""
    t = translator("en")
    podium = podium_of(
        {"Ana": -5, "Ben": -10},
        {"Cy": 0, "Di": -5},
        best=[("Cy", 2, 0), ("Ana", 1, -5), ("Di", 2, -5)],
    )
    shown = class_podium_html(podium, t, big=True)
    assert "Ana" in shown.split(t("ui.class.table", number=2))[0]  # table 1's winner
    assert "Cy" in shown.split(t("ui.class.table", number=2))[1]  # table 2's winner
    assert "Ben" not in shown and "Di" not in shown
    assert t("ui.class.best_scores") not in shown
    assert "-5" not in shown and "−5" not in shown and "0 points" not in shown


def test_the_best_scores_list_totals_above_zero_only():
    t = translator("en")
    podium = podium_of(
        {"Ana": 12, "Ben": 0},
        {"Cy": 3, "Di": -5},
        best=[("Ana", 1, 12), ("Cy", 2, 3), ("Ben", 1, 0)],
    )
    shown = class_podium_html(podium, t)
    best = shown.split(t("ui.class.best_scores"))[1]
    assert "Ana" in best and "Cy" in best
    assert "Ben" not in shown and "0 points" not in shown


def test_a_table_whose_players_all_scored_below_the_others_keeps_its_winners():
    """Table 2 scored below every player of table 1: the class's best are table 1's, and
    table 2's winner still stands in its card; none of table 2's others is named."""
    t = translator("en")
    podium = podium_of(
        {"Ana": 20, "Ben": 15, "Cy": 12, "Di": 10},
        {"Eli": 4, "Fay": 2, "Gus": 1},
        best=[("Ana", 1, 20), ("Ben", 1, 15), ("Cy", 1, 12)],
    )
    shown = class_podium_html(podium, t, big=True)
    cards, best = shown.split(t("ui.class.best_scores"))
    assert "Eli" in cards.split(t("ui.class.table", number=2))[1]
    assert "Fay" not in shown and "Gus" not in shown and "Di" not in shown
    assert [name in best for name in ("Ana", "Ben", "Cy")] == [True, True, True]


def test_a_critters_table_choosing_its_theme_says_who_chooses_and_where_each_stands():
    """The class projector while a Critters table's theme is chosen: who chooses, every
    student of the table with their points from round 2, best first; never the card's
    themes, and no "0 of 1 ready" (one student's turn)."""
    t = translator("en")
    entry = table(1, "canvas_critters", "theme", 40.0)
    entry["view"].update(
        round=2,
        active="Ben",
        totals={"Ana": 3, "Ben": 9, "Cy": 5},
        ready={"done": 0, "total": 1},
        ready_players=[],
        theme=None,
    )
    shown = table_card_html(entry, t, 1, parts_of(entry["view"]).screen.card_html(entry["view"], t))
    unmarked = shown.replace("<bdi>", "").replace("</bdi>", "")  # a name's isolation
    assert f"<b>{t('ui.critters.screen.choosing', name='Ben')}</b>" in unmarked
    assert shown.index("Ben") < shown.index("Cy") < shown.index("Ana")  # best first
    assert t("ui.critters.screen.so_far") in shown
    assert t("ui.ready_count", done=0, total=1) not in shown


def test_a_class_of_unequal_rounds_shows_points_per_round_with_the_languages_decimal_mark():
    """Tables of 3 (6 rounds) and 4 (4 rounds) at Canvas Critters: Cy's 10 points in 4 rounds
    beat Ana's 12 in 6, and the podium says why; Spanish writes 2,5."""
    podium = podium_of({"Ana": 12, "Ben": 7}, {"Cy": 10, "Di": 3}, best=[])
    podium["by_round"] = True
    podium["best"] = [
        {"name": "Cy", "table": 2, "total": 10, "per_round": 2.5},
        {"name": "Ana", "table": 1, "total": 12, "per_round": 2.0},
    ]
    for language, line in (("en", "2.5 points per round"), ("es", "2,5 puntos por ronda")):
        t = translator(language)
        shown = class_podium_html(podium, t)
        assert t("ui.class.ranks_per_round") in shown
        assert f"<b>{line}</b>: <bdi>Cy</bdi>" in shown
        assert shown.index("<bdi>Cy</bdi> (") < shown.index("<bdi>Ana</bdi> (")
        assert t("ui.points_value", points=12, count=12) not in shown


def test_the_class_projector_cues_as_a_game_projector_would():
    def moment(phases: list[str], projector: int | None = None, podium: bool = False):
        tables = [table(number, "crossed_canvas", phase, None) for number, phase in phases]
        for each in tables:
            each["view"]["code"] = each["code"]
        view = {"code": "CLASS", "tables": tables, "projector": projector}
        return class_moment(view | {"podium": {} if podium else None})

    # One table: its own game's cues, and its countdown's last seconds.
    assert moment([(1, "lobby")]) == ("1:lobby", None, "CODE1")
    assert moment([(1, "pulse1")]) == ("1:pulse1", "phase", "CODE1")
    assert moment([(1, "reveal")]) == ("1:reveal", "reveal", "CODE1")
    # Several: the tables starting, a table's reveal taking the screen, the class podium.
    assert moment([(1, "lobby"), (2, "lobby")]) == ("lobby", None, "")
    assert moment([(1, "pulse1"), (2, "roles")]) == ("tables", "phase", "")
    assert moment([(1, "reveal"), (2, "reveal")], projector=2) == ("2:1:reveal", "reveal", "")
    assert moment([(1, "finished"), (2, "finished")], podium=True) == ("podium", "podium", "")
