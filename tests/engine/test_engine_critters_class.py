"""A whole class of Canvas Critters on one code (issue 21, "classes for every game"): the
class sits at tables of 3 to 6, each table plays the judged game (never the duel), the teacher
runs every table from one key, and the class's podium and CSV come out as for Crossed Canvas."""

from __future__ import annotations

import pytest
from critters_kit import LONG, Critters

from engine import Engine, FakeClock
from tests.csv_rows import rows_of
from tests.kit import refused
from ui.results import class_results_csv, results_csv
from ui.text import translator

NAMES = [f"Student {n:02d}" for n in range(1, 40)]


def browser(name: str) -> str:
    return f"browser-{name}".replace(" ", "-").ljust(24, "x")


def critters_class(engine: Engine, students: int):
    new = engine.create_class(game="canvas_critters", durations=LONG)
    for name in NAMES[:students]:
        engine.join(new.code, name, browser=browser(name))
    return new


def table_of(engine: Engine, clock: FakeClock, key: str, table: dict, tokens: dict) -> Critters:
    """One of the class's tables as its players and its own facilitator page see it."""
    own = Critters(engine, clock, table["code"], engine.table_key(key, table["code"]))
    own.tokens = {name: tokens[name] for name in table["players"]}
    return own


@pytest.mark.parametrize(("students", "sizes"), [(8, [4, 4]), (13, [5, 4, 4])])
def test_a_critters_class_sits_plays_a_round_at_each_table_and_finishes(
    engine, clock, students, sizes
):
    new = engine.create_class(game="canvas_critters", durations=LONG)
    tokens = {name: engine.join(new.code, name, browser=browser(name)) for name in NAMES[:students]}
    view = engine.class_view(new.facilitator_token)
    assert [len(t["players"]) for t in view["tables"]] == sizes
    assert (view["fewest_per_table"], view["most_per_table"]) == (3, 6)
    assert engine.start_tables(new.facilitator_token) == list(range(1, len(sizes) + 1))
    tables = engine.class_view(new.facilitator_token)["tables"]
    for table in tables:
        assert table["view"]["game"] == "canvas_critters" and not table["view"]["duel"]
        assert table["phase"] == "theme" and table["rounds"] == len(table["players"])
        played = table_of(engine, clock, new.facilitator_token, table, tokens)
        scores = played.play_judged_round()
        assert scores["phase"] == "scores" and scores["turned_over"] is not None
        assert sum(scores["totals"].values()) > 0
    # The rest ended by the teacher's buttons: every table's phase at once, phase by phase.
    for _ in range(200):
        view = engine.class_view(new.facilitator_token)
        if view["podium"] is not None:
            break
        drawn = {t["table"]: (t["phase"], t["round"]) for t in view["tables"]}
        assert engine.advance_tables(new.facilitator_token, drawn=drawn)
    podium = engine.class_public_view(new.code)["podium"]
    assert podium is not None and [t["table"] for t in podium["tables"]] == [
        t["table"] for t in tables
    ]
    every_total = [total for t in podium["tables"] for total in t["totals"].values()]
    # Tables of 5 and 4 play 5 and 4 rounds: the class ranks points per round.
    assert podium["by_round"] is (len({t["rounds"] for t in podium["tables"]}) > 1)
    measure = "per_round" if podium["by_round"] else "total"
    every_score = [
        total / t["rounds"] if podium["by_round"] else total
        for t in podium["tables"]
        for total in t["totals"].values()
    ]
    assert podium["best"][0][measure] == round(max(every_score), 1)
    assert (
        min(every_total) not in {row["total"] for row in podium["best"]}
        or len(set(every_total)) == 1
    )
    assert view["can_play_next"] is True
    # The class's CSV: each table's own rows, led by its number and its rounds.
    rows = rows_of(class_results_csv(view, translator("en")))
    assert {row[0] for row in rows[1:]} == {str(t["table"]) for t in tables}
    for table in view["tables"]:
        own = rows_of(results_csv(table["view"], translator("en")))[1:]
        mine = [row for row in rows[1:] if row[0] == str(table["table"])]
        assert own and [row[2:-1] for row in mine] == own
        assert {row[1] for row in mine} == {str(table["view"]["rounds"])}


def test_a_critters_class_of_two_cannot_start_and_never_becomes_a_duel(engine):
    new = critters_class(engine, 2)
    error = refused("error.class.too_few_at_table", engine.start_tables, new.facilitator_token)
    assert error.params == {"table": 1, "count": 2, "fewest": 3}
    (table,) = engine.class_public_view(new.code)["tables"]
    assert table["view"]["phase"] == "lobby" and table["view"]["game"] == "canvas_critters"
    refused("error.class.too_few_at_table", engine.start_tables, new.facilitator_token, table=1)


def test_the_duel_or_an_unknown_game_cannot_be_created_as_a_class(engine):
    before = engine.offered_games()
    refused("error.class.not_for_class", engine.create_class, game="critters_duel")
    refused("error.unknown_game", engine.create_class, game="chess")
    assert engine.offered_games() == before


def test_a_critters_class_offers_the_table_counts_of_its_sizes(engine):
    new = critters_class(engine, 12)  # two of 6, three of 4 or four of 3
    view = engine.class_view(new.facilitator_token)
    assert view["table_counts"] == [2, 3, 4]
    assert view["table_plans"] == [[6, 6], [4, 4, 4], [3, 3, 3, 3]]
    engine.set_table_count(new.facilitator_token, 4)
    assert [len(t["players"]) for t in engine.class_view(new.facilitator_token)["tables"]] == [
        3
    ] * 4
    # Five tables could not seat 3 each: refused, naming the counts that fit.
    error = refused("error.class.table_count", engine.set_table_count, new.facilitator_token, 5)
    assert (error.params["fewest_tables"], error.params["most_tables"]) == (2, 4)
