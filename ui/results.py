"""The results CSV of any game, and of a whole class: each game's rows and columns are its
own (ui/<game>/results.py), found through the registry (ui/games.py); ui/csv_file.py writes
the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.csv_file import csv_bytes, game_csv
from ui.games import parts_of
from ui.text import Translator


def results_csv(view: Mapping[str, Any], t: Translator) -> bytes:
    """The game's rows (a facilitator's view) under its columns' names."""
    return game_csv(parts_of(view).results, view, t)


def class_results_csv(view: Mapping[str, Any], t: Translator) -> bytes:
    """One file for a whole class (Engine.class_view): each table's rows as `results_csv`
    writes them, led by the table's number."""
    tables = view["tables"]
    columns = parts_of(tables[0]["view"]).results.COLUMNS if tables else ()
    header = [t("ui.csv.table"), *(t(f"ui.csv.{column}") for column in columns)]
    return csv_bytes(
        [header]
        + [
            [table["table"], *row]
            for table in tables
            for row in parts_of(table["view"]).results.rows(table["view"], t)
        ]
    )
