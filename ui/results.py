"""The results CSV of any game, and of a whole class: each game's rows and columns are its
own (ui/<game>/results.py), found through the registry (ui/games.py); ui/csv_file.py writes
the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.classes.views import points_per_round
from engine.games import DECLARATIONS
from ui.csv_file import csv_bytes, game_csv, robot_marked
from ui.games import parts_of
from ui.text import Translator


def results_csv(view: Mapping[str, Any], t: Translator) -> bytes:
    """The game's rows (a facilitator's view) under its columns' names."""
    return game_csv(parts_of(view).results, view, t)


def class_results_csv(view: Mapping[str, Any], t: Translator) -> bytes:
    """One file for a whole class (Engine.class_view): each table's rows as `results_csv`
    writes them (a robot's marked), led by the table's number. In a game of rounds
    (`class_per_round`) a row also says how many rounds its table played and ends with its
    player's points per round: a table's size sets its rounds, so a class compares totals of
    unequal games by that, as its podium does. A game of turns (Canvas Layers) has neither:
    its turns are no share of a score."""
    tables = view["tables"]
    by_round = DECLARATIONS[view["game"]].class_per_round
    results = parts_of(tables[0]["view"]).results if tables else None
    names = (  # no tables: no rows, and no game's columns to name
        robot_marked([t(f"ui.csv.{column}") for column in results.COLUMNS], results, t)
        if results
        else []
    )
    header = (
        [t("ui.csv.table"), t("ui.csv.rounds"), *names, t("ui.csv.points_per_round")]
        if by_round
        else [t("ui.csv.table"), *names]
    )
    player = results.COLUMNS.index("player") if results else 0
    rows = []
    for table in tables:
        table_view = table["view"]
        table_results = parts_of(table_view).results
        for plain in table_results.rows(table_view, t):
            row = robot_marked(plain, table_results, t, table_view["robots"])
            if not by_round:
                rows.append([table["table"], *row])
                continue
            rounds, total = table_view["rounds"], table_view["totals"].get(row[player])
            per_round = "" if total is None else points_per_round(total, rounds)
            rows.append([table["table"], rounds, *row, per_round])
    return csv_bytes([header, *rows])
