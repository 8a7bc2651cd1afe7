"""A whole class of Canvas Layers on one code (issue 22): the class sits at tables of 2 to 5,
never 1, each table plays its own game of layered paintings to its end, and the class's
podium and CSV come out as for the other games."""

from __future__ import annotations

import pytest
from layers_kit import Layers

from engine import Engine, FakeClock
from tests.csv_rows import rows_of
from ui.results import class_results_csv
from ui.text import translator

NAMES = [f"Student {n:02d}" for n in range(1, 40)]


def layers_class(engine: Engine, students: int) -> tuple[str, str, dict[str, str]]:
    new = engine.create_class(game="canvas_layers")
    tokens = {
        name: engine.join(
            new.code, name, browser=f"browser-{name}".replace(" ", "-").ljust(24, "x")
        )
        for name in NAMES[:students]
    }
    return new.code, new.facilitator_token, tokens


@pytest.mark.parametrize("students", [5, 7, 12])
def test_a_layers_class_sits_at_tables_of_two_to_five(engine, students):
    _code, key, _tokens = layers_class(engine, students)
    view = engine.class_view(key)
    sizes = [len(table["players"]) for table in view["tables"]]
    assert sum(sizes) == students and all(2 <= size <= 5 for size in sizes)
    assert (view["fewest_per_table"], view["most_per_table"]) == (2, 5)
    assert all(2 <= size <= 5 for plan in view["table_plans"] for size in plan)


def test_every_table_of_a_class_of_twelve_plays_to_its_end_and_the_class_has_a_podium(
    engine, clock: FakeClock
):
    code, key, tokens = layers_class(engine, 12)
    engine.set_table_count(key, engine.class_view(key)["table_counts"][0])
    assert engine.start_tables(key)
    tables = engine.class_view(key)["tables"]
    for table in tables:
        assert table["view"]["game"] == "canvas_layers" and table["phase"] != "lobby"
        own = Layers(engine, clock, table["code"], engine.table_key(key, table["code"]))
        own.tokens = {name: tokens[name] for name in table["players"]}
        end = own.play_to_the_end()
        # Each painter of the table completed three paintings, and nobody else's are here.
        assert {p["name"] for p in end["painters"]} == set(table["players"])
        assert all(len(p["paintings"]) == 3 for p in end["painters"])
    podium = engine.class_public_view(code)["podium"]
    assert podium is not None
    assert [t["table"] for t in podium["tables"]] == [t["table"] for t in tables]
    rows = rows_of(class_results_csv(engine.class_view(key), translator("es")))
    assert {row[rows[0].index("jugador")] for row in rows[1:]} == set(tokens)
    # A game of turns: no rounds played nor points per round, which meant nothing here.
    assert rows[0][:2] == ["mesa", "jugador"] and rows[0][-1] == "puntos"
    assert not {"rondas", "puntos por ronda"} & set(rows[0])
    assert all(len(row) == len(rows[0]) for row in rows)
